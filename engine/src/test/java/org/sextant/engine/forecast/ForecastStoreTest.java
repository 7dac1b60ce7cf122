package org.sextant.engine.forecast;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;

/**
 * The facade's stored forecasts on the sample universe (fBasics::DowJones30 closes, GPL>=2):
 * backtests write every origin, the live forecast is conformal with coverage and served from
 * the store, chart data carries the overlays, scans rank by reward/risk, jobs run and cancel.
 * The naive model keeps each fit at a millisecond.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ForecastStoreTest {
    @TempSextant private Sextant engine;

    private long count(String sql) {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    @Test
    void aBacktestStoresEveryMonthlyOriginAndItsSummary() {
        WalkForwardBacktest.Result read = engine.getBacktestError("KO", "naive", 10, null, 0.2, null);
        assertEquals(0, count("SELECT count(*) FROM forecasts WHERE symbol='KO' AND kind='backtest'"), "the read computes and stores nothing");
        WalkForwardBacktest.Result r = engine.storeForecastBacktest("KO", "naive", 10, null, 0.2, null);
        assertEquals(read.male(), r.male(), 0.0, "the stored backtest is the one the read computed");
        PriceSeries ko = engine.getClosePrice("KO", null, null);
        int first = (int) Math.floor(ko.size() * 0.8);
        int[] monthly = OriginRule.MONTHLY.origins(ko.dates(), first);
        assertEquals(monthly.length, r.origins());
        assertEquals(monthly.length, count("SELECT count(*) FROM forecasts WHERE symbol='KO' AND kind='backtest' AND calibration='model'"));
        assertEquals(r.calibratedOrigins(), count("SELECT count(*) FROM forecasts WHERE symbol='KO' AND kind='backtest' AND calibration='conformal'"));
        assertTrue(r.calibratedOrigins() > 0, "the calibration window fills before the evaluation starts");
        // each origin is the last close of a month; the naive median is that close
        List<StoredForecast> stored = new ForecastStore(engine.store()).find("KO", "naive", 10, "backtest", "model", null, null);
        assertEquals(monthly.length, stored.size());
        for (StoredForecast s : stored) {
            assertFalse(s.origin().getMonth().equals(s.targetDates().get(0).getMonth()), "origin " + s.origin() + " ends its month");
            assertEquals(10, s.targetDates().size());
            assertEquals(s.lastClose(), s.forecast().median()[0], 1e-9 * s.lastClose());
        }
        // a rerun replaces, never duplicates
        engine.storeForecastBacktest("KO", "naive", 10, null, 0.2, null);
        assertEquals(monthly.length, count("SELECT count(*) FROM forecasts WHERE symbol='KO' AND kind='backtest' AND calibration='model'"));
        assertEquals(monthly.length * 10L * 3, count("SELECT count(*) FROM forecast_bands b JOIN forecasts f USING (forecast_id) "
                + "WHERE f.symbol='KO' AND f.kind='backtest' AND f.calibration='model'"));
        org.sextant.engine.forecast.store.StoredForecastBacktest overlays0 = engine.backtestOverlays("KO", "naive", 10, "model", null);
        assertEquals(monthly.length, overlays0.forecasts().size());
        assertEquals("monthly", overlays0.originsRule());
        assertEquals(r.male(), overlays0.result().male(), 1e-15);
        org.junit.jupiter.api.Assertions.assertArrayEquals(r.malePerStep(), overlays0.result().malePerStep(), 1e-15);
        org.junit.jupiter.api.Assertions.assertArrayEquals(r.adaptiveCoverage(), overlays0.result().adaptiveCoverage(), 1e-15);
        ChartData chart = engine.getChartData("KO", 504, "naive", 10, null, true);
        @SuppressWarnings("unchecked") Map<String, Object> bt = (Map<String, Object>) chart.backtest();
        assertNotNull(bt);
        assertEquals("monthly", bt.get("origins_rule"));
        assertEquals(r.male(), ((Number) bt.get("male")).doubleValue(), 1e-6, "errors keep 1e-6");
        List<ChartData.Overlay> overlays = chart.overlays();
        LocalDate windowStart = ko.dates().get(ko.size() - 504);
        long inWindow = stored.stream().filter(s -> !s.origin().isBefore(windowStart)).count();
        assertEquals(inWindow, overlays.size(), "every backtest origin in the window");
        assertEquals((int) inWindow, chart.backtestOrigins());
        assertTrue(overlays.stream().allMatch(o -> o.calibration().equals("conformal")),
                "the chart shows the default calibration where the origin has it");
        assertNull(engine.getChartData("KO", 504, "naive", 10).overlays(), "overlays only on request: their count is enough by default");
    }

    @Test
    void theLiveForecastIsConformalWithCoverageReadWithoutWritingAndStoredByAForecastJob() throws Exception {
        PriceForecast f = engine.getForecast("IBM", "naive", 20, null);
        assertEquals("conformal", f.calibration());
        assertEquals(3, f.coverage().size());
        for (StoredForecast.LevelCoverage c : f.coverage()) {
            assertNotNull(c.empirical());
            assertTrue(c.origins() > 200, "about 250 weekly origins: " + c.origins());
            // conformal bands hold close to their level out of sample on a real series
            assertEquals(c.level(), c.empirical(), 0.08, "coverage at " + c.level());
        }
        PriceForecast own = engine.getForecast("IBM", "naive", 20, null, "model");
        assertEquals("model", own.calibration());
        assertFalse(java.util.Arrays.equals(own.forecast().band(0.95).upper(), f.forecast().band(0.95).upper()), "different bands");
        String live = "SELECT count(*) FROM forecasts WHERE symbol='IBM' AND kind='live' AND calibration='conformal' AND model='naive'";
        assertEquals(0, count(live), "a read forecast is kept in memory, not stored");
        PriceForecast again = engine.getForecast("IBM", "naive", 20, null);
        assertTrue(java.util.Arrays.equals(f.forecast().band(0.99).lower(), again.forecast().band(0.99).lower()), "the same bands come back");
        assertEquals(f.coverage(), again.coverage());
        for (int run = 0; run < 2; run++) { // a forecast job stores the week-aligned forecast once, a rerun reuses it
            String id = engine.startForecast(List.of("IBM"), "naive", 20, false).id();
            assertEquals(org.sextant.engine.jobs.JobState.SUCCEEDED, engine.jobs().await(id, java.time.Duration.ofMinutes(5)).state());
            assertEquals(1, count(live));
        }
        assertEquals("calibration", assertThrows(SextantException.class, () -> engine.getForecast("IBM", "naive", 20, null, "bayes")).field());
    }

    @Test
    void resolveForecastStartIsWeekAligned() {
        // KO's sample ends Tuesday 2001-01-02; the last completed week ended Friday 2000-12-29
        assertEquals(LocalDate.of(2000, 12, 29), engine.resolveForecastStart("KO", null).startDate());
        assertEquals(LocalDate.of(2000, 6, 16), engine.resolveForecastStart("ko", LocalDate.of(2000, 6, 21)).startDate());
    }

    @Test
    void aScanRanksByRewardRiskWithFilters() {
        List<String> syms = List.of("AA", "KO", "MSFT", "GE", "JNJ", "MSFT.OHLCV");
        ForecastScan.Request req = new ForecastScan.Request(syms, "naive", 20, 95.0, null, 3, null, null, null);
        ScanResult scan = engine.scanForecasts(req);
        List<ScanRow> rows = scan.rows();
        assertEquals(3, rows.size(), "top 3");
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i - 1).rewardRisk95() >= rows.get(i).rewardRisk95());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> row = org.sextant.engine.Json.MAPPER.convertValue(rows.get(0), Map.class); // the keys on the wire
        for (String k : List.of("symbol", "last_close", "last_date", "median_return", "reward_risk_80", "reward_risk_95", "reward_risk_99", "coverage_95")) {
            assertTrue(row.containsKey(k), k);
        }
        double threshold = rows.get(1).rewardRisk95();
        ScanResult filtered = engine.scanForecasts(new ForecastScan.Request(syms, "naive", 20, 0.95, threshold, 10, null, null, null));
        assertEquals(2, filtered.rows().size(), "only the two at or above the threshold");
        ScanResult longOnly = engine.scanForecasts(new ForecastScan.Request(syms, "naive", 20, null, null, null, 1000, null, null));
        assertTrue(longOnly.skipped().stream().anyMatch(s -> s.symbol().equals("MSFT.OHLCV")),
                "MSFT.OHLCV's 249 closes are below min_history 1000");
        assertEquals(5, longOnly.rows().size());
        assertEquals("level", assertThrows(SextantException.class,
                () -> engine.scanForecasts(new ForecastScan.Request(syms, "naive", 20, 90.0, null, null, null, null, null))).field());
    }

    @Test
    void aForecastJobRunsAndAnotherWriterIsRefusedWhileItRuns() throws Exception {
        JobStatus job = engine.startForecast(List.of("T", "HD"), "naive", 10, true);
        JobStatus done = engine.jobs().await(job.id(), Duration.ofMinutes(5));
        assertEquals(JobState.SUCCEEDED, done.state(), String.valueOf(done.error()));
        Map<?, ?> result = (Map<?, ?>) done.result();
        assertEquals(List.of("T", "HD"), List.copyOf(result.keySet()));
        assertTrue(count("SELECT count(*) FROM forecasts WHERE symbol='HD' AND kind='backtest'") > 0);
        assertEquals(1, count("SELECT count(*) FROM forecasts WHERE symbol='HD' AND kind='live' AND origin = DATE '2000-12-29'"),
                "the job's live forecast starts from the week-aligned start");

        JobStatus big = engine.startForecast(List.of("AXP", "BA", "CAT", "C", "DD", "EK", "XOM", "GM"), "naive", 10, true);
        assertEquals("job_busy", assertThrows(SextantException.class, () -> engine.startForecast(List.of("IP"), "naive", 10, false)).failReason());
        engine.jobs().cancel(big.id());
        assertEquals(JobState.CANCELLED, engine.jobs().await(big.id(), Duration.ofMinutes(5)).state());
        assertEquals("model", assertThrows(SextantException.class, () -> engine.startForecast(List.of("IP"), "prophet", 10, false)).field());
    }
}
