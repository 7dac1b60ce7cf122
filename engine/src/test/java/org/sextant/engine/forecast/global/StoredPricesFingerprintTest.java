package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.PreparedStatement;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * The global model is reused while the prices are unchanged (attack 19, M1: a sum of doubles, added in whatever order
 * DuckDB's threads met the rows, changed its last bits between runs, so a restart found the trained model stale).
 */
class StoredPricesFingerprintTest {
    // summed in date order the three 1s vanish into 1e16 (its ulp is 2); summed newest first they make 1e16 + 4
    private static final double[] CLOSES = {1e16, 1, 1, 1};

    @Test
    void theSamePricesStoredInAnotherOrderHaveTheSameFingerprint(@TempSextant Store oldestFirst, @TempSextant Store newestFirst) {
        insert(oldestFirst, false);
        insert(newestFirst, true);
        assertEquals(StoredPrices.fingerprint(oldestFirst), StoredPrices.fingerprint(newestFirst));
    }

    @Test
    void oneChangedCloseChangesTheFingerprint(@TempSextant Store store) {
        insert(store, false);
        String before = StoredPrices.fingerprint(store);
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE prices SET close = 2 WHERE symbol = 'FP' AND date = DATE '2001-01-03'")) {
                p.executeUpdate();
            }
            return null;
        });
        assertNotEquals(before, StoredPrices.fingerprint(store));
    }

    private static void insert(Store store, boolean newestFirst) {
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES ('FP', ?, ?, 'test')")) {
                for (int k = 0; k < CLOSES.length; k++) {
                    int i = newestFirst ? CLOSES.length - 1 - k : k;
                    p.setObject(1, LocalDate.of(2001, 1, 2).plusDays(i));
                    p.setDouble(2, CLOSES[i]);
                    p.executeUpdate();
                }
            }
            return null;
        });
    }
}
