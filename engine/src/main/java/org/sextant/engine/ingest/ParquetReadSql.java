package org.sextant.engine.ingest;

import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.CancellableSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;

/** Parquet files: the same layouts as CSV, by column name; values cast, failures reported by row. */
final class ParquetReadSql {
    private ParquetReadSql() {}

    /**
     * The layout of a Parquet file from its footer, refused (nothing read) when a column it reads (date, symbol, prices, a
     * wide file's closes, descriptions) is not one value a row or its text passes {@link ParquetSizes}' bounds; the columns
     * it does not read are not looked at.
     */
    static Layout layout(Connection c, StagedFile staged, String file) throws SQLException {
        ParquetColumns columns;
        try {
            columns = ParquetColumns.of(c, staged);
        } catch (SQLException e) {
            throw ParquetColumns.unreadable(file, e);
        }
        if (columns.written() != null) PriceField.refuseTwice(columns.written(), file, 1, i -> false);
        Layout l = Layout.detect(columns.names(), file);
        java.util.Set<Integer> read = new java.util.TreeSet<>(l.fields().values());
        read.add(l.dateCol());
        if (l.symbolCol() >= 0) read.add(l.symbolCol());
        read.addAll(l.wideCols());
        columns.requireScalar(file, read);
        java.util.Set<Integer> prices = new java.util.TreeSet<>(l.fields().values());
        prices.addAll(l.wideCols());
        columns.requireNumbers(file, prices);
        // a description column's type is checked before it is gathered, naming what it must be (ImportedDescriptions)
        read.addAll(DescriptionColumns.of(l, file).columns().values());
        ParquetSizes.requireWithinBounds(c, staged, file, columns, read);
        return l;
    }

    static long load(Connection c, StagedFile staged, ImportBatch.Source s, String fileSymbol) throws SQLException {
        try {
            return read(c, staged, s, fileSymbol);
        } catch (SQLException e) {
            // on the import's own connection: the transaction is rolled back, nothing is read after this
            SextantException memory = ParquetColumns.outOfMemory(s.file(), e);
            throw memory != null ? memory : ParquetColumns.unreadable(s.file(), e);
        }
    }

    private static long read(Connection c, StagedFile staged, ImportBatch.Source s, String fileSymbol) throws SQLException {
        Layout l = s.layout();
        String relation = "read_parquet(" + staged.sqlLiteral() + ", file_row_number=true)";
        int bad = firstUncastColumn(c, relation, s);
        if (bad >= 0) {
            String type = typeOf(s, bad);
            String col = ImportBatch.ident(l.header().get(bad));
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                    "SELECT file_row_number + 1, left(CAST(" + col + " AS VARCHAR), 100) FROM " + relation
                            + " WHERE " + col + " IS NOT NULL AND TRY_CAST(" + col + " AS " + type + ") IS NULL LIMIT 1")) {
                if (r.next()) {
                    String name = l.header().get(bad);
                    String what = type.equals("DATE") ? "a date" : "a number";
                    throw SextantException.invalid(name, s.file() + " row " + r.getLong(1) + ", column " + name + ": '" + r.getString(2) + "' is not " + what,
                            type.equals("DATE") ? "store dates as DATE or YYYY-MM-DD text" : "store prices and volumes as numbers");
                }
            }
        }
        // a symbol is the one text the rows keep: cut past the longest ticker (still refused as one), so a cell the footer
        // did not declare cannot fill the batch's table
        String insert = ImportBatch.insertSql(s, relation, i -> i == l.symbolCol() ? "left(TRY_CAST(" + ImportBatch.ident(l.header().get(i))
                + " AS VARCHAR), " + (Tickers.MAX_CHARS + 1) + ")" : "TRY_CAST(" + ImportBatch.ident(l.header().get(i)) + " AS " + typeOf(s, i) + ")",
                "file_row_number + 1", fileSymbol);
        Cancellation.check(); // a vector of huge cells is one step DuckDB's interrupt does not split: stop before it if asked
        try (Statement st = c.createStatement()) {
            return CancellableSql.run(st, () -> st.executeUpdate(insert));
        }
    }

    /**
     * The first column (by position) with a value its type cannot take, or -1: one scan of the file for the columns whose
     * stored type may not cast (a wide file's thousands of columns took one query each, minutes), side by side as lists.
     */
    static int firstUncastColumn(Connection c, String relation, ImportBatch.Source s) throws SQLException {
        java.util.StringJoiner cols = new java.util.StringJoiner(", ", "[", "]");
        java.util.StringJoiner uncast = new java.util.StringJoiner(", ", "[", "]");
        for (int i : mayNotCast(c, relation, s)) {
            String col = ImportBatch.ident(s.layout().header().get(i));
            cols.add(String.valueOf(i));
            uncast.add(col + " IS NOT NULL AND TRY_CAST(" + col + " AS " + typeOf(s, i) + ") IS NULL");
        }
        if (cols.length() == 2) return -1;
        try (Statement st = c.createStatement(); ResultSet r = org.sextant.engine.jobs.CancellableSql.run(st, () -> st.executeQuery(
                "SELECT min(k) FROM (SELECT unnest(" + cols + ") AS k, unnest(" + uncast + ") AS uncast FROM " + relation + ") WHERE uncast"))) {
            r.next();
            int k = r.getInt(1);
            return r.wasNull() ? -1 : k;
        }
    }

    /**
     * The columns whose cells the check must read: cast to a number or a date from a type that may not take it (text).
     * A column stored as a number or a date always casts, and the check's cost was in its columns, not its cells (about
     * 0.3 ms of CPU per column however few its rows: docs/benchmarks.md, "Parquet cast check").
     */
    static List<Integer> mayNotCast(Connection c, String relation, ImportBatch.Source s) throws SQLException {
        java.util.Map<String, String> stored = new java.util.HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("DESCRIBE SELECT * FROM " + relation)) {
            while (r.next()) stored.put(r.getString(1), r.getString(2));
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < s.layout().header().size(); i++) {
            String type = typeOf(s, i);
            if (!type.equals("VARCHAR") && !alwaysCasts(stored.get(s.layout().header().get(i)), type)) out.add(i);
        }
        return out;
    }

    /** Whether every value stored as {@code stored} casts to {@code target} (DOUBLE or DATE). */
    static boolean alwaysCasts(String stored, String target) {
        if (stored == null) return false;
        if (target.equals("DATE")) return stored.equals("DATE");
        return ParquetColumns.number(stored);
    }

    private static String typeOf(ImportBatch.Source s, int i) {
        Layout l = s.layout();
        // midnight times as text: BarTime reads them as the bar path would (a timestamptz in UTC, whatever the session's zone)
        if (i == l.dateCol()) return s.days() != null ? "VARCHAR" : "DATE";
        return l.fields().containsValue(i) || l.wideCols().contains(i) ? "DOUBLE" : "VARCHAR";
    }
}
