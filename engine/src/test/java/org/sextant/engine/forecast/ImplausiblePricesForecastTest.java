package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.junit.jupiter.api.Test;
import org.sextant.contract.FailReason;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * Bars alternating 1e-300 and 1e300 (stored before the import refused such magnitudes, or with
 * SQL) made get_forecast and render_chart answer an internal error naming an IllegalStateException:
 * a forecast that cannot be computed from the prices is bad input naming the symbol.
 */
class ImplausiblePricesForecastTest {
    @TempSextant private Sextant engine;

    @Test
    void pricesNoBandCanHoldAreRefusedNamingTheSymbol() {
        engine.store().inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO bars SELECT 'HUGE', '30m', TIMESTAMP '2024-01-02 15:00' + INTERVAL (30 * i) MINUTE, v, v, v, v, 1, 'test' "
                        + "FROM (SELECT i, CASE WHEN i % 2 = 0 THEN 1e-300 ELSE 1e300 END AS v FROM range(600) t(i))");
                s.execute("INSERT INTO symbol_sessions VALUES ('HUGE', 'fx')");
            }
            return null;
        });
        SextantException e = assertThrows(SextantException.class, () -> engine.getForecast("HUGE", "30m", null, 3, null, null));
        assertEquals(FailReason.INVALID_INPUT, e.reason());
        assertEquals("symbol", e.field());
        assertTrue(e.getMessage().startsWith("HUGE: no forecast bands can be computed from these prices"), e.getMessage());
        assertTrue(e.getMessage().contains("1.00e-300..1.00e+300 (600 orders of magnitude)"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), e.getMessage());
        assertTrue(e.fix().contains("import corrected ones"), e.fix());
        e = assertThrows(SextantException.class, () -> engine.getBacktestError("HUGE", "30m", null, 3, "50", null, null));
        assertEquals(FailReason.INVALID_INPUT, e.reason());
        assertEquals("symbol", e.field());
        assertTrue(e.getMessage().startsWith("HUGE: no forecast bands can be computed from these prices"), e.getMessage());
    }

    /**
     * The same daily prices in a stored backtest, a forecast job and a scan: the walk-forward's
     * crossed bands ended the backtest in an internal error, a forecast job named the model's own
     * field "history"; each now answers invalid_input naming the symbol, a scan skips it saying why.
     */
    @Test
    void dailyPricesNoBandCanHoldAreRefusedNamingTheSymbolInStoredBacktestsJobsAndScans() throws Exception {
        engine.store().inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO prices SELECT 'HUGE', DATE '2000-01-03' + INTERVAL (i) DAY, v, v, v, v, v, 1, 'test' "
                        + "FROM (SELECT i, CASE WHEN i % 2 = 0 THEN 1e-300 ELSE 1e300 END AS v FROM range(600) t(i))");
                s.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) VALUES ('HUGE', DATE '2000-01-03', DATE '2000-01-03' + INTERVAL 599 DAY, 600, 'test')");
            }
            return null;
        });
        SextantException e = assertThrows(SextantException.class, () -> engine.storeForecastBacktest("HUGE", null, 3, "50", null, null));
        assertEquals(FailReason.INVALID_INPUT, e.reason());
        assertEquals("symbol", e.field());
        assertTrue(e.getMessage().startsWith("HUGE: no forecast bands can be computed from these prices"), e.getMessage());
        for (boolean backtest : new boolean[] {false, true}) {
            JobStatus job = engine.jobs().await(engine.startForecast(List.of("HUGE"), null, 3, backtest).id(), Duration.ofMinutes(5));
            assertEquals(JobState.FAILED, job.state());
            assertEquals(FailReason.INVALID_INPUT, job.failReason(), job.error());
            assertEquals("symbols", job.field(), job.error());
            assertTrue(job.error().startsWith("HUGE: no forecast bands can be computed from these prices"), job.error());
        }
        ForecastScan.Request scan = new ForecastScan.Request(List.of("HUGE", "KO"), null, 3, null, null, null, null, null, null);
        ScanResult read = engine.scanForecasts(scan);
        assertEquals(1, read.skipped().size(), read.toString());
        assertTrue(read.skipped().get(0).reason().contains("no forecast bands can be computed from these prices"), read.toString());
        JobStatus job = engine.jobs().await(engine.startScan(scan).id(), Duration.ofMinutes(5));
        assertEquals(JobState.SUCCEEDED, job.state(), job.error());
        e = assertThrows(SextantException.class, () -> engine.getChartData("HUGE", null, null, 3, null, false));
        assertEquals("symbol", e.field());
    }
}
