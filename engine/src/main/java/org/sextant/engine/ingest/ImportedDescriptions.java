package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.IntFunction;
import org.sextant.contract.ShownText;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.SymbolDescription;
import org.sextant.engine.jobs.CancellableSql;

/**
 * What a batch's files say their symbols are ({@link DescriptionColumns}): gathered per file, symbol and field as the
 * least and greatest value (so a column of any length costs one row per symbol, two values: they differ when a symbol is
 * given two), then checked as a whole (one value per symbol and field, as naming by hand takes it) and stored. An empty
 * cell gives nothing: what is stored stays.
 */
final class ImportedDescriptions {
    private ImportedDescriptions() {}

    static final String CREATE = "CREATE OR REPLACE TEMP TABLE import_descriptions (file_no INTEGER, symbol VARCHAR, field VARCHAR, "
            + "lo VARCHAR, hi VARCHAR)";

    /**
     * The most bytes a Parquet file's description cell may hold before anything is gathered: far above any value naming takes
     * (120 characters of up to 4 bytes, spaces around them), far below what a compressed file can hold in a few bytes.
     */
    static final int MAX_CELL_BYTES = 1024;

    /** The characters Java's strip() takes off (Character.isWhitespace), as RE2 writes them: a value is compared as it is stored. */
    private static final String SPACE = "[\\t\\n\\x{0B}\\f\\r\\x{1C}-\\x{20}\\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}]";

    /** The INSERT INTO import_descriptions of one file: {@code symbol} the SQL of a row's symbol, {@code col} of a column by index. */
    static String insertSql(ImportBatch.Source s, DescriptionColumns d, String relation, IntFunction<String> col, String symbol) {
        StringJoiner fields = new StringJoiner(", ", "[", "]");
        StringJoiner values = new StringJoiner(", ", "[", "]");
        d.columns().forEach((field, i) -> {
            // a ' before = + - @, a tab or CR is taken off: the app writes it so a spreadsheet shows the text (CsvWriter#asText)
            String v = "regexp_replace(nullif(regexp_replace(" + col.apply(i) + ", '^" + SPACE + "+|" + SPACE + "+$', '', 'g'), ''), '^''([=+@\\t\\r-])', '\\1')";
            fields.add(ImportBatch.literal(field));
            values.add(field.equals("currency") ? "upper(" + v + ")" : v);
        });
        return "INSERT INTO import_descriptions SELECT " + s.no() + ", symbol__, field__, min(v__), max(v__) FROM (SELECT "
                + symbol + " AS symbol__, unnest(" + fields + ") AS field__, unnest(" + values + ") AS v__ FROM " + relation
                + ") WHERE v__ IS NOT NULL AND symbol__ IS NOT NULL GROUP BY symbol__, field__";
    }

    /**
     * Refuses a Parquet file whose description column is not text (a list or a number would be stored as its rendering,
     * "[1, 2, 3]") or holds a cell longer than {@link #MAX_CELL_BYTES}, naming the file, column and rule, never the value:
     * before anything gathers the values, as zstd stores a 20 MB name in a few bytes and gathering copies each cell. The
     * search streams (its length read, the cell not copied) and stops at the first such cell.
     */
    static void requireTextWithinBounds(Connection c, ImportBatch.Source s, DescriptionColumns d, String staged) throws SQLException {
        String relation = "read_parquet(" + staged + ", file_row_number=true)";
        StringJoiner cols = new StringJoiner(", ");
        d.columns().values().forEach(i -> cols.add(ImportBatch.ident(s.layout().header().get(i))));
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("DESCRIBE SELECT " + cols + " FROM " + relation)) {
            for (int i : d.columns().values()) {
                r.next();
                if (!r.getString(2).equals("VARCHAR")) throw notText(s, i, r.getString(2));
            }
        }
        StringJoiner ks = new StringJoiner(", ", "[", "]");
        StringJoiner chars = new StringJoiner(", ", "[", "]");
        d.columns().values().forEach(i -> {
            String col = ImportBatch.ident(s.layout().header().get(i));
            ks.add(String.valueOf(i));
            chars.add("CASE WHEN strlen(" + col + ") > " + MAX_CELL_BYTES + " THEN length(" + col + ") END");
        });
        try (Statement st = c.createStatement(); ResultSet r = CancellableSql.run(st, () -> st.executeQuery("SELECT row__, k__, chars__ FROM (SELECT "
                + "file_row_number + 1 AS row__, unnest(" + ks + ") AS k__, unnest(" + chars + ") AS chars__ FROM " + relation
                + ") WHERE chars__ IS NOT NULL LIMIT 1"))) {
            if (r.next()) throw tooLong(s, r.getInt(2), r.getLong(1), r.getLong(3));
        }
    }

    private static SextantException notText(ImportBatch.Source s, int i, String type) {
        String col = s.layout().columnField(i);
        return SextantException.invalid(col, s.file() + ": its " + col + " column is stored as " + ShownText.name(type)
                + ", not as text; a name, currency or exchange is text, nothing was imported", "store the " + col + " column as text (strings), then import again");
    }

    private static SextantException tooLong(ImportBatch.Source s, int i, long row, long chars) {
        String col = s.layout().columnField(i);
        String field = PriceField.normalize(s.layout().header().get(i));
        int max = field.equals("name") ? SymbolDescription.MAX_NAME_CHARS : field.equals("exchange") ? SymbolDescription.MAX_EXCHANGE_CHARS : 3;
        return SextantException.invalid(col, s.file() + " row " + row + ": its " + col + " column holds " + chars + " characters, more than the " + max
                + (field.equals("exchange") ? " an " : " a ") + field + " may have; nothing was imported", "shorten the " + plural(field) + " in that column to at most " + max + " characters, then import again");
    }

    /**
     * A description column's gathering stopped by DuckDB's memory limit, said without DuckDB's own text (its advice is to
     * the one who runs DuckDB, not to the person importing); null for any other failure.
     */
    static SextantException outOfMemory(ImportBatch.Source s, DescriptionColumns d, SQLException e) {
        if (!String.valueOf(e.getMessage()).contains("Out of Memory")) return null;
        return new SextantException(org.sextant.contract.FailReason.RESOURCE_LIMIT, s.file() + ": its " + d.named()
                + " took more memory than one import may use; nothing was imported", s.layout().columnField(d.columns().values().iterator().next()),
                "keep each value short (a name of at most " + SymbolDescription.MAX_NAME_CHARS + " characters), or delete those columns, then import again", e);
    }

    /** A symbol and what the files say it is. */
    record Given(String symbol, SymbolDescription description) {}

    /**
     * The descriptions of the imported symbols (import_symbols), each checked as naming by hand checks it; refused, naming
     * the file, column and symbol, when a symbol is given two values of one field or a value naming cannot take. Runs after
     * {@link ImportChecks}: every symbol is a ticker, shown as it is.
     */
    static List<Given> checked(Connection c, List<ImportBatch.Source> files) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT symbol, field, min(lo), max(hi) FROM import_descriptions "
                + "GROUP BY symbol, field HAVING min(lo) <> max(hi) ORDER BY symbol, field LIMIT 1")) {
            if (r.next()) throw twoValues(c, files, r.getString(1), r.getString(2), r.getString(3), r.getString(4));
        }
        List<Given> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT symbol, "
                + "max(lo) FILTER (WHERE field = 'name'), max(lo) FILTER (WHERE field = 'currency'), max(lo) FILTER (WHERE field = 'exchange'), "
                + "min(file_no) FILTER (WHERE field = 'name'), min(file_no) FILTER (WHERE field = 'currency'), min(file_no) FILTER (WHERE field = 'exchange') "
                + "FROM import_descriptions WHERE symbol IN (SELECT symbol FROM import_symbols) GROUP BY symbol ORDER BY symbol")) {
            while (r.next()) {
                String sym = r.getString(1);
                try {
                    out.add(new Given(sym, SymbolDescription.of(r.getString(2), r.getString(3), r.getString(4))));
                } catch (SextantException e) {
                    int k = DescriptionColumns.FIELDS.indexOf(e.field());
                    ImportBatch.Source s = files.get(r.getInt(5 + Math.max(k, 0)));
                    String col = column(s, e.field());
                    throw SextantException.invalid(col, s.file() + ": the " + col + " column gives " + sym + " a " + e.field()
                            + " naming cannot take: " + e.getMessage() + "; nothing was imported", e.fix() + " (in that column), then import again");
                }
            }
        }
        return out;
    }

    /** Stores {@code given} over what the symbols table holds (an empty field keeps it); the symbols described. */
    static long store(Connection c, List<Given> given) throws SQLException {
        long described = 0;
        for (Given g : given) described += g.description().store(c, g.symbol(), true) > 0 ? 1 : 0;
        return described;
    }

    /** A symbol given two values of {@code field} (its least and greatest): the file or files, the column, both values and the fix. */
    private static SextantException twoValues(Connection c, List<ImportBatch.Source> files, String sym, String field, String lo, String hi) throws SQLException {
        ImportBatch.Source loFile = null, hiFile = null;
        try (PreparedStatement p = c.prepareStatement("SELECT file_no, lo, hi FROM import_descriptions WHERE symbol = ? AND field = ? ORDER BY file_no")) {
            p.setString(1, sym);
            p.setString(2, field);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    if (loFile == null && lo.equals(r.getString(2))) loFile = files.get(r.getInt(1));
                    if (hiFile == null && hi.equals(r.getString(3))) hiFile = files.get(r.getInt(1));
                }
            }
        }
        String col = column(loFile, field);
        String values = "'" + ShownText.name(lo) + "' and '" + ShownText.name(hi) + "'";
        String where = loFile == hiFile ? loFile.file() + ": its " + col + " column gives " + sym + " two " + plural(field) + ", " + values
                : loFile.file() + " and " + hiFile.file() + ": their " + field + " columns give " + sym + " two " + plural(field) + ", " + values;
        return SextantException.invalid(col, where + "; which one to keep is ambiguous, nothing was imported",
                "give " + sym + " one " + field + " on every row that has one (leave the other cells empty), "
                        + "or delete the " + field + " column to keep the stored one, then import again");
    }

    private static String plural(String field) {
        return field.equals("currency") ? "currencies" : field + "s";
    }

    /** The column of {@code field} in {@code s} as an error's field names it. */
    private static String column(ImportBatch.Source s, String field) {
        Integer i = DescriptionColumns.of(s.layout(), s.file()).columns().get(field);
        return i == null ? field : s.layout().columnField(i);
    }

    /** Drops the gathered descriptions of file {@code no} (taken back out of the batch as bars). */
    static String forgetSql(int no) {
        return "DELETE FROM import_descriptions WHERE file_no = " + no;
    }
}
