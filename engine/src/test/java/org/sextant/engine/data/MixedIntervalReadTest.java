package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.sql.Statement;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Attack pass 6, F2: ten hourly bars imported for USDCHF (five years of 30-minute bars) hid the
 * whole history at 1h and above. A read now takes stored bars at an interval only for their own
 * span and resamples the finest stored interval everywhere else.
 */
class MixedIntervalReadTest {
    @TempDir static Path tmp;
    static Store store;
    static BarReader reader;
    static int dailyBefore, hourlyBefore;

    @BeforeAll
    static void load() {
        store = SampleStoreCopy.openSample(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
        reader = new BarReader(store);
        dailyBefore = reader.read("USDCHF", BarInterval.D1, null, null).size();
        hourlyBefore = reader.read("USDCHF", BarInterval.H1, null, null).size();
        // the attacker's file: ten hourly bars on the Monday after the 30-minute bars end (2001-03-30)
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO bars SELECT 'USDCHF', '1h', TIMESTAMP '2001-04-02 22:00' + INTERVAL (i) HOUR, 1.7, 1.71, 1.69, 1.7 + i / 1000.0, NULL, 'test' "
                        + "FROM range(10) t(i)");
            }
            return null;
        });
    }

    @AfterAll
    static void close() {
        store.close();
    }

    @Test
    void tenHourlyBarsAddToTheHistoryAtOneHourInsteadOfHidingIt() {
        BarSeries hourly = reader.read("USDCHF", BarInterval.H1, null, null);
        assertEquals(hourlyBefore + 10, hourly.size(), "five years resampled from 30m, then the ten stored hours");
        assertEquals(LocalDate.of(1996, 4, 1), hourly.bars().get(0).date());
        assertEquals(1.709, hourly.bars().get(hourly.size() - 1).close(), 1e-12, "the stored hours as they are");
        assertEquals("30m", hourly.resampledFrom());
        assertNotNull(hourly.note(), "the answer says two stored intervals gave the bars");
    }

    @Test
    void everyCoarserIntervalKeepsTheFiveYears() {
        BarSeries daily = reader.read("USDCHF", BarInterval.D1, null, null);
        assertEquals(dailyBefore + 1, daily.size(), "the years from 30m and one day (2001-04-03) from the stored hours");
        assertEquals(LocalDate.of(2001, 4, 3), daily.bars().get(daily.size() - 1).date());
        assertEquals(1.709, daily.bars().get(daily.size() - 1).close(), 1e-12);
        assertEquals(new TradingDays(LocalDate.of(1996, 4, 1), LocalDate.of(2001, 4, 3)), reader.span("USDCHF", BarInterval.W1));
        BarSeries fourHourly = reader.read("USDCHF", BarInterval.H4, LocalDate.of(2001, 3, 30), null);
        assertEquals(6 + 3, fourHourly.size(), "the last 30-minute day in six 4h bars, then the stored hours in three");
    }

    @Test
    void theStoredIntervalAloneReadsAsBefore() {
        BarSeries stored = reader.read("USDCHF", BarInterval.M30, LocalDate.of(2001, 3, 30), null);
        assertEquals(48, stored.size());
        assertNull(stored.resampledFrom());
        assertNull(stored.note());
    }
}
