package org.sextant.engine.ingest;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.sextant.engine.store.Store;

/** The shipped sample universe: loaded once into an empty store, values as in the R datasets. */
class SampleUniverseTest {

    @Test
    void loadsIntoAnEmptyStoreOnceWithKnownValues(@TempSextant Store store) throws Exception {
        assertTrue(SampleUniverse.loadIfEmpty(store));
        // 30 Dow stocks + NYSE + 6 Swiss indices + MSFT.OHLCV
        assertEquals(38, number(store, "SELECT count(*) FROM symbols"));
        // fBasics::nyse has 9311 rows of which 2 repeat an earlier date (dropped, docs/data.md);
        // fBasics::DowJones30: 2528 trading days 1991-01-02..2001-01-02 (the 1990-12-31 repeat row dropped) x 30
        assertEquals(2528 * 30 + 9309 + 1917 * 6 + 249, number(store, "SELECT count(*) FROM prices"));
        assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE date = DATE '1990-12-31' AND source = 'sample:fBasics::DowJones30'"));
        // fBasics::DowJones30, 2000-12-29: MSFT 43.38, IBM 84.69
        assertEquals(43.38, number(store, "SELECT close FROM prices WHERE symbol = 'MSFT' AND date = DATE '2000-12-29'"));
        assertEquals(84.69, number(store, "SELECT close FROM prices WHERE symbol = 'IBM' AND date = DATE '2000-12-29'"));
        // fBasics::nyse, 2002-12-31: 472.87; fBasics::SWXLP, 2007-05-08: SPI 7587.88
        assertEquals(472.87, number(store, "SELECT close FROM prices WHERE symbol = 'NYSE' AND date = DATE '2002-12-31'"));
        assertEquals(7587.88, number(store, "SELECT close FROM prices WHERE symbol = 'SPI' AND date = DATE '2007-05-08'"));
        // timeSeries::MSFT, 2000-09-27: open 63.4375, volume 53077800
        assertEquals(63.4375, number(store, "SELECT open FROM prices WHERE symbol = 'MSFT.OHLCV' AND date = DATE '2000-09-27'"));
        assertEquals(53077800, number(store, "SELECT volume FROM prices WHERE symbol = 'MSFT.OHLCV' AND date = DATE '2000-09-27'"));
        assertEquals("Microsoft|USD|NASDAQ|1991-01-02|2001-01-02|2528|sample:fBasics::DowJones30", text(store,
                "SELECT concat_ws('|', name, currency, exchange, first_date, last_date, rows, source) FROM symbols WHERE symbol = 'MSFT'"));
        assertEquals("CHF|SIX|2000-01-03|2007-05-08", text(store,
                "SELECT concat_ws('|', currency, exchange, first_date, last_date) FROM symbols WHERE symbol = 'SPI'"));
        assertEquals(0, number(store, "SELECT count(*) FROM symbols WHERE name IS NULL OR currency IS NULL OR exchange IS NULL"));

        assertFalse(SampleUniverse.loadIfEmpty(store));
        assertEquals(38, number(store, "SELECT count(*) FROM symbols"));
        try (var s = Files.list(store.stagingDir())) {
            assertEquals(0, s.count());
        }
    }

    static double number(Store store, String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getDouble(1);
            }
        });
    }

    static String text(Store store, String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getString(1);
            }
        });
    }
}
