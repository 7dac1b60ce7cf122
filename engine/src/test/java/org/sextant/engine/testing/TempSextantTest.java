package org.sextant.engine.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
