package org.sextant.engine.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;

/** The fixture gives what it says: the sample universe, an empty store, or a bare home, each its own. */
class TempSextantTest {
    @TempSextant Sextant perTest;
    @TempSextant static Store perClass;
    private static Sextant previous;

    private static long count(Store store, String sql) {
        return store.inTransaction(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    @Test
    void anEngineHasTheSampleUniverseAndAStoreHasNoData(@TempSextant Sextant engine, @TempSextant Store empty, @TempSextant SextantHome bare) {
        assertEquals(38, count(engine.store(), "SELECT count(*) FROM symbols"), "the sample universe, as a first start loads it");
        assertEquals(0, count(empty, "SELECT count(*) FROM prices"));
        assertTrue(Files.isDirectory(bare.dataDir()) && !Files.exists(bare.database()), "a home's folders, nothing opened");
        assertNotEquals(engine.home().root(), bare.root(), "each parameter its own home");
    }

    /** The engine a test gets opens on a copy of a first start's store: every table holds what a first start leaves. */
    @Test
    void theCopiedStoreHoldsWhatAFirstStartLoads(@TempSextant Sextant copied, @TempSextant SextantHome bare) {
        try (Sextant first = Sextant.open(bare)) {
            String tables = "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' ORDER BY table_name";
            java.util.List<String> names = first.store().inTransaction(c -> {
                java.util.List<String> n = new java.util.ArrayList<>();
                try (var st = c.createStatement(); var r = st.executeQuery(tables)) {
                    while (r.next()) n.add(r.getString(1));
                }
                return n;
            });
            assertTrue(names.contains("prices") && names.contains("bars"), names.toString());
            for (String t : names) {
                // a content digest per table, order-free: equal rows, equal digest
                String digest = "SELECT count(*) * 1000003 + coalesce(sum(hash(x)) % 1000003, 0) FROM (SELECT * FROM \"" + t + "\") x";
                if (t.equals("schema_version") || t.startsWith("job")) digest = "SELECT count(*) FROM \"" + t + "\"";
                assertEquals(count(first.store(), digest), count(copied.store(), digest), t);
            }
        }
        assertThrows(IllegalStateException.class, () -> SampleStoreCopy.into(bare), "never over a store");
    }

    /** The empty store a test gets is a copy of one Store.open made: the same tables, columns and applied migrations. */
    @Test
    void theCopiedEmptyStoreHasTheSchemaAnOpenMakes(@TempSextant Store copied, @TempSextant SextantHome bare) {
        String schema = "SELECT string_agg(table_name || '.' || column_name || ':' || data_type, ',' ORDER BY table_name, column_name) "
                + "FROM duckdb_columns() WHERE schema_name = 'main'";
        String migrations = "SELECT string_agg(version::VARCHAR || name, ',' ORDER BY version) FROM schema_version";
        try (Store fresh = Store.open(bare.database(), bare.stagingDir())) {
            for (String sql : java.util.List.of(schema, migrations)) assertEquals(text(fresh, sql), text(copied, sql), sql);
            org.sextant.engine.TestData.insertDowSample(fresh);
        }
        try (Store again = SampleStoreCopy.openOrEmpty(bare.database(), bare.stagingDir())) {
            assertEquals("5", text(again, "SELECT count(*)::VARCHAR FROM prices"), "a store that exists is opened as it is, never replaced");
        }
    }

    private static String text(Store store, String sql) {
        return store.inTransaction(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery(sql)) {
                r.next();
                return r.getString(1);
            }
        });
    }

    @Test
    void dowRowsReplaceTheSamplesAaAndIbm(@TempSextant(dowRows = true) Sextant engine) {
        assertEquals(3, count(engine.store(), "SELECT count(*) FROM prices WHERE symbol = 'AA'"));
        assertEquals(2, count(engine.store(), "SELECT count(*) FROM prices WHERE symbol = 'IBM'"));
    }

    @Test
    void aFieldGetsAFreshEngineEachTestAndAStaticFieldOneStoreForTheClass() {
        assertEquals(38, count(perTest.store(), "SELECT count(*) FROM symbols"));
        assertNotEquals(previous, perTest, "a new engine for each test");
        previous = perTest;
        assertEquals(0, count(perClass, "SELECT count(*) FROM prices"));
    }

    @Test
    void aSecondTestGetsItsOwnEngineToo() {
        aFieldGetsAFreshEngineEachTestAndAStaticFieldOneStoreForTheClass();
    }
}
