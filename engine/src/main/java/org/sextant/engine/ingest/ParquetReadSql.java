package org.sextant.engine.ingest;

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
        List<String> names = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet r = st.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + staged.sqlLiteral() + ")")) {
            while (r.next()) names.add(r.getString(1));
        } catch (SQLException e) {
            throw SextantException.invalid("paths", file + ": not a readable Parquet file (" + firstLine(e.getMessage()) + ")",
                    "export it again as Parquet, or import it as CSV");
        }
        return Layout.detect(names, file);
    }

    static long load(Connection c, StagedFile staged, ImportBatch.Source s, String fileSymbol) throws SQLException {
        Layout l = s.layout();
        String relation = "read_parquet(" + staged.sqlLiteral() + ", file_row_number=true)";
        for (int i = 0; i < l.header().size(); i++) {
            String type = typeOf(l, i);
            if (type.equals("VARCHAR")) continue;
            String col = ImportBatch.ident(l.header().get(i));
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                    "SELECT file_row_number + 1, CAST(" + col + " AS VARCHAR) FROM " + relation
                            + " WHERE " + col + " IS NOT NULL AND TRY_CAST(" + col + " AS " + type + ") IS NULL LIMIT 1")) {
                if (r.next()) {
                    String name = l.header().get(i);
                    String what = type.equals("DATE") ? "a date" : "a number";
                    throw SextantException.invalid(name, s.file() + " row " + r.getLong(1) + ", column " + name + ": '" + r.getString(2) + "' is not " + what,
                            type.equals("DATE") ? "store dates as DATE or YYYY-MM-DD text" : "store prices and volumes as numbers");
                }
            }
        }
        String insert = ImportBatch.insertSql(s, relation,
                i -> "TRY_CAST(" + ImportBatch.ident(l.header().get(i)) + " AS " + typeOf(l, i) + ")", "file_row_number + 1", fileSymbol);
        try (Statement st = c.createStatement()) {
            return st.executeUpdate(insert);
        }
    }

    private static String typeOf(Layout l, int i) {
        if (i == l.dateCol()) return "DATE";
        return l.fields().containsValue(i) || l.wideCols().contains(i) ? "DOUBLE" : "VARCHAR";
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
