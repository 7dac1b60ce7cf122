package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrationsTest {
    @TempDir Path dir;

    private static List<Integer> versions(Store store) {
        return store.read(c -> {
            List<Integer> v = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT version FROM schema_version ORDER BY version")) {
                while (r.next()) v.add(r.getInt(1));
            }
            return v;
        });
    }

    @Test
    void appliesEachMigrationOnceByTheNumberInItsName() {
        List<Integer> expected = Migrations.ALL.stream().map(Migrations::versionOf).sorted().toList();
        try (Store s = Store.open(dir.resolve("a.duckdb"), dir.resolve("staging"))) {
            assertEquals(expected, versions(s));
        }
        try (Store again = Store.open(dir.resolve("a.duckdb"), dir.resolve("staging"))) {
            assertEquals(expected, versions(again), "re-opening applies nothing twice");
        }
    }

    @Test
    void aMissingEarlierMigrationIsStillApplied() {
        try (Store s = Store.open(dir.resolve("b.duckdb"), dir.resolve("staging"))) {
            // as if the store predated the research tables: forget V020 and drop what it made
            s.inTransaction(c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("DELETE FROM schema_version WHERE version = 20");
                    for (String t : List.of("run_configurations", "strategy_runs", "research_sessions")) st.execute("DROP TABLE " + t);
                }
                return null;
            });
        }
        try (Store s = Store.open(dir.resolve("b.duckdb"), dir.resolve("staging"))) {
            assertEquals(Migrations.ALL.size(), versions(s).size());
            assertEquals(0L, (long) s.read(c -> {
                try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT count(*) FROM research_sessions")) {
                    r.next();
                    return r.getLong(1);
                }
            }), "V020's tables exist again");
        }
    }

    @Test
    void namesMustCarryAVersion() {
        assertEquals(20, Migrations.versionOf("V020__research.sql"));
        assertThrows(IllegalStateException.class, () -> Migrations.versionOf("research.sql"));
    }
}
