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

/**
 * What a batch's files say their symbols are ({@link DescriptionColumns}): gathered per file, symbol and field as the
 * distinct values' count and the least and greatest (so a column of any length costs one row per symbol), then checked
 * as a whole (one value per symbol and field, as naming by hand takes it) and stored. An empty cell gives nothing: what
 * is stored stays.
 */
final class ImportedDescriptions {
    private ImportedDescriptions() {}

    static final String CREATE = "CREATE OR REPLACE TEMP TABLE import_descriptions (file_no INTEGER, symbol VARCHAR, field VARCHAR, "
            + "n BIGINT, lo VARCHAR, hi VARCHAR)";

    /** The characters Java's strip() takes off (Character.isWhitespace), as RE2 writes them: a value is compared as it is stored. */
    private static final String SPACE = "[\\t\\n\\x{0B}\\f\\r\\x{1C}-\\x{20}\\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}]";

    /** The INSERT INTO import_descriptions of one file: {@code symbol} the SQL of a row's symbol, {@code col} of a column by index. */
    static String insertSql(ImportBatch.Source s, DescriptionColumns d, String relation, IntFunction<String> col, String symbol) {
        StringJoiner fields = new StringJoiner(", ", "[", "]");
        StringJoiner values = new StringJoiner(", ", "[", "]");
        d.columns().forEach((field, i) -> {
            String v = "nullif(regexp_replace(" + col.apply(i) + ", '^" + SPACE + "+|" + SPACE + "+$', '', 'g'), '')";
            fields.add(ImportBatch.literal(field));
            values.add(field.equals("currency") ? "upper(" + v + ")" : v);
        });
        return "INSERT INTO import_descriptions SELECT " + s.no() + ", symbol__, field__, count(DISTINCT v__), min(v__), max(v__) FROM (SELECT "
                + symbol + " AS symbol__, unnest(" + fields + ") AS field__, unnest(" + values + ") AS v__ FROM " + relation
                + ") WHERE v__ IS NOT NULL AND symbol__ IS NOT NULL GROUP BY symbol__, field__";
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
