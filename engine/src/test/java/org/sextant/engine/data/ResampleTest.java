package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The shipped USD/CHF 30-minute sample resampled by the store's resample_bars macro, checked
 * against SQL written here by hand in another way (weekday-and-hour rules, an ASOF join on the
 * 17:00 New York close) rather than the macro's shifted trading day.
 */
class ResampleTest {
    @TempDir static Path tmp;
    static Store store;

    @BeforeAll
    static void load() {
        store = SampleStoreCopy.openSample(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
    }

    @AfterAll
    static void close() {
        store.close();
    }

    /** The session by hand: closed from Friday 17:00 to Sunday 17:00 New York. */
    static final String IN_SESSION = "NOT (dayofweek(ny) = 6 OR (dayofweek(ny) = 5 AND hour(ny) >= 17) OR (dayofweek(ny) = 0 AND hour(ny) < 17))";
    static final String USDCHF = "(SELECT ts, close, timezone('America/New_York', timezone('UTC', ts)) AS ny FROM bars WHERE symbol = 'USDCHF' AND interval = '30m')";

    @Test
    void theSampleIsAnFxSeriesOf30MinuteBars() {
        assertEquals(62496, number("SELECT count(*) FROM bars WHERE symbol = 'USDCHF' AND interval = '30m'"));
        assertEquals("fx", text("SELECT session FROM symbol_sessions WHERE symbol = 'USDCHF'"));
        assertEquals(List.of("30m"), new BarReader(store).storedIntervals().get("USDCHF"));
        assertEquals(List.of("1d"), new BarReader(store).storedIntervals().get("IBM"));
    }

    @Test
    void hourlyBarsMatchHandWrittenSql() {
        String byHand = "SELECT date_trunc('hour', ts) AS ts, arg_min(close, ts) AS open, max(close) AS high, min(close) AS low, arg_max(close, ts) AS close, count(*) AS n "
                + "FROM " + USDCHF + " WHERE " + IN_SESSION + " GROUP BY 1";
        double handRows = number("SELECT count(*) FROM (" + byHand + ")");
        assertTrue(handRows > 30_000, "five years of hourly bars");
        assertEquals(handRows, number("SELECT count(*) FROM resample_bars('USDCHF', '30m', '1h')"));
        assertEquals(handRows, number("SELECT count(*) FROM resample_bars('USDCHF', '30m', '1h') m JOIN (" + byHand + ") h USING (ts) "
                + "WHERE m.open = h.open AND m.high = h.high AND m.low = h.low AND m.close = h.close AND m.bars = h.n"));
        assertEquals(0, number("SELECT count(*) FROM resample_bars('USDCHF', '30m', '1h') WHERE dayofweek(timezone('America/New_York', timezone('UTC', ts))) = 6"),
                "no Saturday bar");
    }

    @Test
    void dailyBarsCloseAt17NewYork() {
        // every weekday of the sample; its close is the last 30-minute bar opening before 17:00 New York (ASOF), its range that of the bars since the day before's 17:00
        String calendar = "SELECT d, timezone('UTC', timezone('America/New_York', d - 1 + TIME '17:00')) AS opens, timezone('UTC', timezone('America/New_York', d + TIME '17:00')) AS closes "
                + "FROM (SELECT CAST(range AS DATE) AS d FROM range(DATE '1996-04-01', DATE '2001-04-01', INTERVAL 1 DAY)) WHERE dayofweek(d) BETWEEN 1 AND 5";
        String ranges = "SELECT k.d, max(b.close) AS high, min(b.close) AS low, count(*) AS n FROM (" + calendar + ") k JOIN " + USDCHF
                + " b ON b.ts >= k.opens AND b.ts < k.closes GROUP BY k.d";
        String closes = "SELECT k.d, b.close FROM (" + calendar + ") k ASOF JOIN (SELECT ts, close FROM " + USDCHF + ") b ON b.ts < k.closes";
        String byHand = "SELECT r.d, r.high, r.low, r.n, c.close FROM (" + ranges + ") r JOIN (" + closes + ") c USING (d)";
        double days = number("SELECT count(*) FROM (" + byHand + ")");
        assertTrue(days > 1250, "five years of weekdays: " + days);
        assertEquals(days, number("SELECT count(*) FROM resample_bars('USDCHF', '30m', '1d')"));
        assertEquals(days, number("SELECT count(*) FROM resample_bars('USDCHF', '30m', '1d') m JOIN (" + byHand + ") h ON m.date = h.d "
                + "WHERE m.close = h.close AND m.high = h.high AND m.low = h.low AND m.bars = h.n"));
        // a known day: Friday 2001-03-30, the last bar before 17:00 New York (22:00 UTC in winter time) opens 21:30 UTC
        assertEquals(number("SELECT close FROM bars WHERE symbol = 'USDCHF' AND ts = TIMESTAMP '2001-03-30 21:30:00'"),
                number("SELECT close FROM resample_bars('USDCHF', '30m', '1d') WHERE date = DATE '2001-03-30'"));
    }

    @Test
    void theReaderResamplesOnTheFlyAndRefusesFinerThanStored() {
        BarReader reader = new BarReader(store);
        BarSeries daily = reader.read("USDCHF", BarInterval.D1, null, null);
        assertEquals("30m", daily.resampledFrom());
        assertEquals(260, daily.barsPerYear());
        assertEquals(number("SELECT count(*) FROM resample_bars('USDCHF', '30m', '1d')"), daily.size());
        BarSeries ibm = reader.read("IBM", BarInterval.D1, null, null);
        assertNull(ibm.resampledFrom());
        assertEquals(number("SELECT count(*) FROM prices WHERE symbol = 'IBM'"), ibm.size());
        assertEquals(number("SELECT count(*) FROM resample_bars('IBM', '1d', '1w')"), reader.read("IBM", BarInterval.W1, null, null).size());
        SextantException e = assertThrows(SextantException.class, () -> reader.read("IBM", BarInterval.H1, null, null));
        assertTrue(e.getMessage().contains("no bars as fine as 1h (stored: 1d)"), e.getMessage());
        assertEquals(List.of("30m", "1h", "4h", "1d", "1w", "1mo"), BarReader.readable(List.of("30m")));
    }

    @Test
    void theMacroRefusesAFinerTarget() {
        SextantException e = assertThrows(SextantException.class, () -> number("SELECT count(*) FROM resample_bars('USDCHF', '1d', '30m')"));
        assertTrue(e.getMessage().contains("30m is finer than 1d"), e.getMessage());
    }

    static double number(String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getDouble(1);
            }
        });
    }

    static String text(String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getString(1);
            }
        });
    }
}
