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

    static Layout layout(Connection c, StagedFile staged, String file) throws SQLException {
        ParquetSizes.requireWithinBounds(c, staged, file);
        List<String> names = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet r = st.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + staged.sqlLiteral() + ")")) {
            while (r.next()) names.add(r.getString(1));
        } catch (SQLException e) {
            throw SextantException.invalid("paths", file + ": not a readable Parquet file (" + firstLine(e.getMessage()) + ")",
                    "export it again as Parquet, or import it as CSV");
        }
        List<String> raw = fileNames(c, staged);
        if (raw != null && raw.size() == names.size()) PriceField.refuseTwice(raw, file, i -> false);
        return Layout.detect(names, file);
    }

    /**
     * The top-level column names as the file writes them, or null: DuckDB renames the second of
     * two names that differ only in case ("Close" reads as "Close_1"), which would hide the clash.
     */
    static List<String> fileNames(Connection c, StagedFile staged) {
        List<String> names = new ArrayList<>();
        List<Integer> children = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet r = st.executeQuery("SELECT name, coalesce(num_children, 0) FROM parquet_schema(" + staged.sqlLiteral() + ")")) {
            while (r.next()) {
                names.add(r.getString(1));
                children.add(r.getInt(2));
            }
        } catch (SQLException e) {
            return null;
        }
        if (names.isEmpty()) return null;
        List<String> top = new ArrayList<>();
        int at = 1;
        for (int k = 0; k < children.get(0) && at < names.size(); k++) {
            top.add(names.get(at));
            at = past(children, at);
        }
        return top;
    }

    /** The index just past the schema element at {@code at} and its nested children (depth first). */
    private static int past(List<Integer> children, int at) {
        int next = at + 1;
        for (int k = 0; k < children.get(at) && next < children.size(); k++) next = past(children, next);
        return next;
    }

    static long load(Connection c, StagedFile staged, ImportBatch.Source s, String fileSymbol) throws SQLException {
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
        } catch (SQLException e) {
            if (!String.valueOf(e.getMessage()).contains("Out of Memory")) throw e;
            throw new SextantException(org.sextant.contract.FailReason.RESOURCE_LIMIT, s.file() + ": reading it took more memory and temporary disk "
                    + "than one import may use; nothing was imported", "paths", "import it in parts (fewer rows a file), or as CSV", e);
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
        return NUMBERS.contains(stored) || stored.startsWith("DECIMAL(");
    }

    private static final java.util.Set<String> NUMBERS = java.util.Set.of("DOUBLE", "FLOAT", "TINYINT", "SMALLINT", "INTEGER", "BIGINT",
            "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT");

    private static String typeOf(ImportBatch.Source s, int i) {
        Layout l = s.layout();
        // midnight times as text: BarTime reads them as the bar path would (a timestamptz in UTC, whatever the session's zone)
        if (i == l.dateCol()) return s.days() != null ? "VARCHAR" : "DATE";
        return l.fields().containsValue(i) || l.wideCols().contains(i) ? "DOUBLE" : "VARCHAR";
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
