package org.sextant.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * Forward-only, versioned schema migrations. Each entry is a SQL resource under
 * db/migration/; a store records what it has applied in schema_version and applies the rest
 * in order, each in its own transaction. Never edit a released migration: add the next one.
 */
public final class Migrations {
    /** In order. Later features append here. */
    public static final List<String> ALL = List.of(
            "V001__prices_and_symbols.sql",
            "V030__signals.sql");

    private Migrations() {}

    static void apply(Store store) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp)");
            }
            return null;
        });
        int current = currentVersion(store);
        for (int i = current; i < ALL.size(); i++) {
            int version = i + 1;
            String name = ALL.get(i);
            String sql = resource(name);
            store.inTransaction(c -> {
                try (Statement s = c.createStatement()) {
                    for (String stmt : sql.split(";\\s*(\\r?\\n|$)")) {
                        if (!stmt.isBlank()) s.execute(stmt);
                    }
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO schema_version(version, name) VALUES (?, ?)")) {
                    p.setInt(1, version);
                    p.setString(2, name);
                    p.executeUpdate();
                }
                return null;
            });
        }
    }

    public static int currentVersion(Store store) {
        return store.read(c -> currentVersion(c));
    }

    private static int currentVersion(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Migrations.class.getResourceAsStream("/db/migration/" + name)) {
            if (in == null) throw new IllegalStateException("migration resource missing: " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read migration " + name, e);
        }
    }
}
