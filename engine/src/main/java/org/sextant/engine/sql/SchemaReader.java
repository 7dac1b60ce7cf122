package org.sextant.engine.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Describes the store's own tables (schema main of the store's catalog): names, columns, row
 * counts and a one-line description. A table's DuckDB comment (COMMENT ON TABLE, set by its
 * migration) wins over the built-in descriptions here, so new tables can describe themselves.
 */
final class SchemaReader {
    private static final Map<String, String> KNOWN = Map.of(
            "prices", "Daily prices, one row per symbol and date: open, high, low, close, adjusted close, volume and the data source.",
            "symbols", "One row per instrument: name, currency, exchange, first and last date and number of price rows.",
            "schema_version", "Schema migrations applied to this store, in order (bookkeeping, not market data).");
    private static final String GENERIC = "A table of the store (no description recorded).";

    private SchemaReader() {}

    static String catalog(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT current_database()")) {
            r.next();
            return r.getString(1);
        }
    }

    /** Lower-case names of the store's tables and views. */
    static Set<String> tableNames(Connection c) throws SQLException {
        Set<String> out = new HashSet<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                "SELECT lower(table_name) FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND NOT temporary "
                        + "UNION SELECT lower(view_name) FROM duckdb_views() WHERE database_name = current_database() AND schema_name = 'main' AND NOT internal AND NOT temporary")) {
            while (r.next()) out.add(r.getString(1));
        }
        return out;
    }

    static DbSchema read(Connection c) throws SQLException {
        List<DbSchema.Table> tables = new ArrayList<>();
        List<String[]> names = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                "SELECT table_name, comment FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND NOT temporary "
                        + "ORDER BY CASE table_name WHEN 'prices' THEN 0 WHEN 'symbols' THEN 1 WHEN 'schema_version' THEN 9 ELSE 5 END, table_name")) {
            while (r.next()) names.add(new String[] {r.getString(1), r.getString(2)});
        }
        for (String[] t : names) {
            String description = t[1] != null && !t[1].isBlank() ? t[1].strip() : KNOWN.getOrDefault(t[0], GENERIC);
            tables.add(new DbSchema.Table(t[0], description, rowCount(c, t[0]), columns(c, t[0])));
        }
        return new DbSchema(List.copyOf(tables), markdown(tables));
    }

    private static long rowCount(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM main." + quote(table))) {
            r.next();
            return r.getLong(1);
        }
    }

    private static List<DbSchema.Column> columns(Connection c, String table) throws SQLException {
        List<DbSchema.Column> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT column_name, data_type, is_nullable FROM duckdb_columns() "
                + "WHERE database_name = current_database() AND schema_name = 'main' AND table_name = ? ORDER BY column_index")) {
            p.setString(1, table);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) out.add(new DbSchema.Column(r.getString(1), r.getString(2), r.getBoolean(3)));
            }
        }
        return List.copyOf(out);
    }

    static String markdown(List<DbSchema.Table> tables) {
        StringBuilder md = new StringBuilder("# Store tables\n\nQuery them with one read-only SELECT (run_select).\n");
        for (DbSchema.Table t : tables) {
            md.append("\n## ").append(t.name()).append(" (").append(t.rowCount()).append(t.rowCount() == 1 ? " row" : " rows").append(")\n\n")
                    .append(t.description()).append("\n\n| column | type | nullable |\n|---|---|---|\n");
            for (DbSchema.Column col : t.columns()) {
                md.append("| ").append(col.name()).append(" | ").append(col.type()).append(" | ").append(col.nullable() ? "yes" : "no").append(" |\n");
            }
        }
        return md.toString();
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
