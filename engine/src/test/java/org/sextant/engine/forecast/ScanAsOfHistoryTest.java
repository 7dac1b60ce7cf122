package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan as of an early date on the sample universe (closes from 1990-12-31): min_history counts
 * the closes a forecast is fitted on, those on or before the week-aligned start, not the symbol's
 * whole stored history (which once ranked C first from 42 closes against the default of 250). And
 * the counts add up: every symbol scanned is ranked, skipped or not computed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScanAsOfHistoryTest {
    @TempSextant private Sextant engine;

    @Test
    void minHistoryCountsOnlyTheClosesUpToTheStart() {
        ScanResult scan = engine.scanForecasts(new ForecastScan.Request(List.of("C", "KO"), "naive", 20, null, null, null, null, null,
                LocalDate.of(1991, 3, 1)));
        assertEquals(List.of(), scan.rows(), "42 closes up to the start are fewer than the default min_history 250");
        assertEquals(2, scan.skipped().size());
        ScanResult.Skipped c = scan.skipped().get(0);
        assertEquals("C", c.symbol());
        int closes = engine.resolveForecastStart("C", LocalDate.of(1991, 3, 1)).historyRows();
        assertEquals("history " + closes + " closes on or before the start 1991-03-01 < min_history 250", c.reason());

        // three closes by the first Friday: the reason is min_history, not the model's own minimum
        ScanResult early = engine.scanForecasts(new ForecastScan.Request(List.of("C"), "theta", 20, null, null, null, null, null,
                LocalDate.of(1991, 1, 5)));
        assertTrue(early.skipped().get(0).reason().startsWith("history 3 closes on or before the start 1991-01-04 < min_history 250"),
                early.skipped().get(0).reason());

        // a lower min_history lets the same 42 closes be ranked, and the row says how many there were
        ScanResult low = engine.scanForecasts(new ForecastScan.Request(List.of("C"), "naive", 20, null, null, null, 40, null,
                LocalDate.of(1991, 3, 1)));
        assertEquals(1, low.rows().size(), String.valueOf(low.skipped()));
        assertEquals(closes, low.rows().get(0).historyRows());
    }

    @Test
    void aHistoryShorterThanAWeekIsSkippedByMinHistory() {
        // one close on a Monday: no completed week to start from, and fewer closes than min_history anyway
        var aa = engine.getClosePrice("AA", null, null);
        var one = new org.sextant.engine.data.PriceSeries("ONE", null, null, aa.dates().subList(0, 1), new double[] {aa.close()[0]},
                new double[] {aa.adjClose()[0]});
        ForecastScan.SymbolOutcome o = ForecastScan.scanSymbol(one, 250, null, p -> { throw new AssertionError("no forecast of 1 close"); });
        assertEquals("history 1 closes < min_history 250", o.skipped());
    }

    @Test
    void scannedIsRankedPlusSkippedPlusNotComputed() {
        // the whole store as of an early date: most daily symbols are short, and the bars-only ones are skipped too
        ScanResult scan = engine.scanForecasts(new ForecastScan.Request(null, "naive", 20, null, null, null, null, null,
                LocalDate.of(1991, 3, 1)));
        assertTrue(scan.skipped().stream().anyMatch(s -> s.reason().startsWith("only bars at")), "the sample has a symbol with bars only");
        assertEquals(scan.scanned(), scan.ranked() + scan.skipped().size() + scan.notComputed().size(),
                "scanned " + scan.scanned() + ", ranked " + scan.ranked() + ", skipped " + scan.skipped().size());
        assertTrue(scan.rows().stream().allMatch(r -> r.historyRows() >= 250), "only the long index series (NYSE) is ranked: " + scan.rows());
    }
}
