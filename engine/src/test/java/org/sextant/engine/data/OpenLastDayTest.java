package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import org.sextant.engine.testing.SampleStoreCopy;
import org.sextant.engine.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** newuser, session 50: a last fx day of 6 of its 48 30-minute bars was answered as a whole daily bar, nothing saying so. */
class OpenLastDayTest {
    @TempDir Path tmp;

    @Test
    void aLastDayStillOpenSaysHowManyOfItsBarsItHolds() {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            // the fx day 1997-04-29 opens 1997-04-28 17:00 New York (21:00 UTC); the data ends 1997-04-30 23:30 UTC, 6 bars into 1997-05-01
            bars(store, "CHFOK", "fx", LocalDateTime.of(1997, 4, 28, 21, 0), LocalDateTime.of(1997, 4, 30, 23, 30));
            BarSeries daily = new BarReader(store).read("CHFOK", BarInterval.D1, null, null);
            assertEquals(3, daily.size());
            assertEquals("the last daily bar, 1997-05-01, holds 6 of the 48 30m bars of its fx trading day: the data ends at 1997-04-30T23:30Z "
                    + "(19:30 New York) before the day's close, so its close is that bar's, not the day's", daily.note());
            assertEquals(daily.note(), new BarReader(store).readNewest("CHFOK", BarInterval.D1, 2).note(), "the chart's read says it too");
            assertNull(new BarReader(store).read("CHFOK", BarInterval.D1, null, java.time.LocalDate.of(1997, 4, 30)).note(), "days read before it are whole");
        }
    }

    @Test
    void aWholeLastDayAndAHalfDayAreNotNoted() {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            // the fx day 1997-04-30 closes 17:00 New York: its last bar opens 16:30 (20:30 UTC)
            bars(store, "CHFWHOLE", "fx", LocalDateTime.of(1997, 4, 28, 21, 0), LocalDateTime.of(1997, 4, 30, 20, 30));
            assertNull(new BarReader(store).read("CHFWHOLE", BarInterval.D1, null, null).note());
            // the NYSE's 3 July 2024 closes at 13:00 New York (17:00 UTC): a half day is the calendar's, and whole
            bars(store, "SPYHALF", "us_equity", LocalDateTime.of(2024, 7, 3, 13, 30), LocalDateTime.of(2024, 7, 3, 16, 30));
            BarSeries half = new BarReader(store).read("SPYHALF", BarInterval.D1, null, null);
            assertEquals(1, half.size());
            assertNull(half.note());
        }
    }

    /** 30-minute bars of {@code symbol} from {@code first} to {@code last} (UTC), every half hour, in {@code session}. */
    private static void bars(Store store, String symbol, String session, LocalDateTime first, LocalDateTime last) {
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO bars VALUES (?, '30m', ?, 1, 1, 1, 1, 1, 'test')")) {
                for (LocalDateTime t = first; !t.isAfter(last); t = t.plusMinutes(30)) {
                    p.setString(1, symbol);
                    p.setTimestamp(2, Timestamp.valueOf(t));
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO symbol_sessions VALUES (?, ?)")) {
                p.setString(1, symbol);
                p.setString(2, session);
                p.execute();
            }
            return null;
        });
    }
}
