package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.ForecastService.SymbolForecast;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.core.type.TypeReference;

/**
 * A forecast job as of a past day on the sample universe (IBM's closes 1991-01-02..2001-01-02): it starts from the
 * week-aligned close on or before the day, uses no close after it, says how the stored closes after the start fell in its
 * bands (and nothing of steps not yet stored), and leaves the latest forecast the chart's.
 */
class ForecastAsOfTest {
    private static final LocalDate FRIDAY = LocalDate.of(2000, 6, 30);
    @TempSextant private Sextant engine;

    @Test
    void theForecastUsesNoCloseAfterItsStartAndScoresTheClosesAfterIt() throws Exception {
        // IBMX: IBM's closes, tripled after the start: a forecast that read them would differ, and no later close is inside a band
        sql("INSERT INTO prices SELECT 'IBMX', date, open, high, low, CASE WHEN date > DATE '" + FRIDAY + "' THEN 3 * close ELSE close END, "
                + "CASE WHEN date > DATE '" + FRIDAY + "' THEN 3 * adj_close ELSE adj_close END, volume, source FROM prices WHERE symbol = 'IBM'");
        sql("INSERT INTO symbols (symbol, first_date, last_date, rows, source) SELECT 'IBMX', first_date, last_date, rows, source FROM symbols WHERE symbol = 'IBM'");
        Map<String, SymbolForecast> r = run(List.of("IBM", "IBMX"), 10, false, LocalDate.of(2000, 7, 2)); // a Sunday: that Friday's week
        PriceForecast ibm = r.get("IBM").forecast(), ibmx = r.get("IBMX").forecast();
        assertEquals(FRIDAY, ibm.origin());
        assertEquals(FRIDAY, ibmx.origin());
        assertArrayEquals(ibm.forecast().median(), ibmx.forecast().median(), 0.0);
        for (double level : ForecastScan.LEVELS) {
            assertArrayEquals(ibm.forecast().band(level).lower(), ibmx.forecast().band(level).lower(), 0.0, "lower " + level);
            assertArrayEquals(ibm.forecast().band(level).upper(), ibmx.forecast().band(level).upper(), 0.0, "upper " + level);
        }
        assertEquals(ibm.coverage(), ibmx.coverage(), "the walk-forward before the start is the same");

        PriceSeries closes = engine.getClosePrice("IBM", null, null);
        int start = closes.dates().indexOf(FRIDAY);
        RealisedCloses realised = r.get("IBM").realised();
        assertEquals(10, realised.stepsRealised());
        assertEquals(0, realised.stepsPending());
        assertNull(realised.note(), "every step is realised: nothing left unsaid");
        for (int s = 0; s < 10; s++) {
            RealisedCloses.Step step = realised.steps().get(s);
            assertEquals(s + 1, step.step());
            assertEquals(closes.dates().get(start + 1 + s), step.date(), "step k is the k-th close after the start");
            assertEquals(ibm.targetDates().get(s), step.targetDate());
            assertEquals(closes.adjClose()[start + 1 + s], step.close(), 0.0, "the adjusted close, as the forecast was fitted");
            for (double level : ForecastScan.LEVELS) {
                QuantileBand b = ibm.forecast().band(level);
                assertEquals(step.close() >= b.lower(s) && step.close() <= b.upper(s), step.inside().get(String.valueOf(level)), "step " + (s + 1) + " at " + level);
            }
        }
        for (RealisedCloses.LevelCount c : realised.inside()) {
            assertEquals(10, c.realised());
            assertEquals(realised.steps().stream().filter(s -> s.inside().get(String.valueOf(c.level()))).count(), c.inside(), "count at " + c.level());
        }
        assertEquals(10, realised.inside().get(2).inside(), "IBM's first ten closes of July 2000 stay inside its 99% band");
        assertTrue(r.get("IBMX").realised().inside().stream().allMatch(c -> c.inside() == 0 && c.realised() == 10),
                "closes tripled after the start are outside every band: " + r.get("IBMX").realised().inside());
    }

    @Test
    void closesStoredAfterTheAsOfDayDecideNothingNotEvenThatWeeksEndOnSunday() throws Exception {
        // WKX: weekday closes to 2021-06-30, then a close every day (a market that began trading at weekends); WKT: the same
        // closes cut at the as_of day. The whole history's last 100 dates are daily, which moved the start to Sunday's week
        String closes = "SELECT d::DATE AS date, 80 + 8 * sin((d::DATE - DATE '2020-01-01') / 9.0) + 0.02 * (d::DATE - DATE '2020-01-01') AS c "
                + "FROM generate_series(TIMESTAMP '2020-01-01', TIMESTAMP '2021-12-31', INTERVAL 1 DAY) t(d) "
                + "WHERE d > TIMESTAMP '2021-06-30' OR dayofweek(d) NOT IN (0, 6)";
        LocalDate asOf = LocalDate.of(2021, 3, 5); // a Friday
        sql("INSERT INTO prices (symbol, date, open, high, low, close, adj_close, volume, source) SELECT 'WKX', date, c, c, c, c, c, 1000, 'test' FROM ("
                + closes + ")");
        sql("INSERT INTO prices (symbol, date, open, high, low, close, adj_close, volume, source) SELECT 'WKT', date, c, c, c, c, c, 1000, 'test' FROM ("
                + closes + ") WHERE date <= DATE '" + asOf + "'");
        sql("INSERT INTO symbols (symbol, first_date, last_date, rows, source) SELECT symbol, min(date), max(date), count(*), 'test' FROM prices "
                + "WHERE symbol IN ('WKX', 'WKT') GROUP BY symbol");
        assertEquals(engine.resolveForecastStart("WKT", asOf).startDate(), engine.resolveForecastStart("WKX", asOf).startDate());
        Map<String, SymbolForecast> r = run(List.of("WKX", "WKT"), 5, false, asOf);
        PriceForecast full = r.get("WKX").forecast(), cut = r.get("WKT").forecast();
        assertEquals(asOf, cut.origin());
        assertEquals(cut.origin(), full.origin(), "the start, from the closes up to as_of only");
        assertEquals(cut.targetDates(), full.targetDates(), "weekdays, as the closes up to as_of trade");
        assertArrayEquals(cut.forecast().median(), full.forecast().median(), 0.0);
        for (double level : ForecastScan.LEVELS) {
            assertArrayEquals(cut.forecast().band(level).lower(), full.forecast().band(level).lower(), 0.0, "lower " + level);
            assertArrayEquals(cut.forecast().band(level).upper(), full.forecast().band(level).upper(), 0.0, "upper " + level);
        }
        assertEquals(cut.coverage(), full.coverage());
    }

    @Test
    void stepsWithoutAStoredCloseAreNotClaimed() throws Exception {
        // IBM's last close is Tuesday 2001-01-02, the only one after the start 2000-12-29 (New Year's Day closed)
        RealisedCloses realised = run(List.of("IBM"), 5, false, LocalDate.of(2000, 12, 31)).get("IBM").realised();
        assertEquals(1, realised.stepsRealised());
        assertEquals(4, realised.stepsPending());
        assertEquals(1, realised.steps().size());
        assertEquals(LocalDate.of(2001, 1, 2), realised.steps().get(0).date());
        assertTrue(realised.inside().stream().allMatch(c -> c.realised() == 1), realised.inside().toString());
        assertEquals("steps 2..5 (2001-01-03 to 2001-01-08) have no stored close yet: nothing is said of them", realised.note());
        assertNull(run(List.of("IBM"), 5, false, null).get("IBM").realised(), "the latest forecast has nothing after it to compare");
    }

    @Test
    void anAsOfOutsideTheStoredDaysIsRefusedNamingIt() throws Exception {
        SextantException before = assertThrows(SextantException.class, () -> engine.startForecast(List.of("IBM"), "naive", 5, false, LocalDate.of(1990, 6, 1)));
        assertEquals("as_of", before.field());
        assertEquals("as_of 1990-06-01 is before IBM's first close 1991-01-02", before.getMessage());
        assertEquals("give an as_of from 1991-01-02 to 2001-01-02 (IBM's stored days)", before.fix());
        SextantException after = assertThrows(SextantException.class, () -> engine.startForecast(List.of("IBM"), "naive", 5, true, LocalDate.of(2001, 1, 3)));
        assertEquals("as_of", after.field());
        assertEquals("as_of 2001-01-03 is after IBM's last close 2001-01-02", after.getMessage());
        assertTrue(after.fix().endsWith("or leave as_of out to forecast from the last completed week"), after.fix());
        // inside the stored days but before the first completed week: the job fails on as_of, naming the first day that works
        JobStatus early = engine.jobs().await(engine.startForecast(List.of("IBM"), "naive", 5, false, LocalDate.of(1991, 1, 3)).id(), Duration.ofMinutes(5));
        assertEquals(JobState.FAILED, early.state());
        assertEquals("as_of", early.field(), early.error());
        assertTrue(early.fix().contains("give an as_of after 1991-01-04"), early.fix());
    }

    @Test
    void theGlobalModelIsRefusedAsOfAPastDayForItTrainsOnLaterCloses() {
        // global trains on the first 60% of every series whatever as_of: its forecast as of a past day would read later closes
        for (String model : List.of("global", "comb_global", " Global ")) {
            SextantException job = assertThrows(SextantException.class, () -> engine.startForecast(List.of("IBM"), model, 5, false, FRIDAY));
            assertEquals("as_of", job.field());
            assertEquals("as_of " + FRIDAY + " cannot be used with model " + model.trim().toLowerCase() + ": " + org.sextant.contract.Capabilities.AS_OF_NOT_GLOBAL,
                    job.getMessage());
            assertTrue(job.fix().startsWith("leave as_of out"), job.fix());
            ForecastScan.Request scan = new ForecastScan.Request(List.of("IBM"), model, 5, null, null, null, null, null, FRIDAY);
            assertEquals("as_of", assertThrows(SextantException.class, () -> engine.scanForecasts(scan)).field());
            assertEquals("as_of", assertThrows(SextantException.class, () -> engine.startScan(scan)).field());
        }
        assertEquals(0, engine.jobs().list().size(), "nothing started");
    }

    @Test
    void aPastForecastIsStoredUnderItsStartAndLeavesTheLatestOneAndTheStoredBacktest() throws Exception {
        run(List.of("IBM"), 5, false, null);
        String live = "SELECT count(*) FROM forecasts WHERE symbol = 'IBM' AND kind = 'live' AND model = 'naive' AND horizon = 5";
        assertEquals(1, count(live + " AND origin = DATE '2000-12-29'"));
        SymbolForecast past = run(List.of("IBM"), 5, true, FRIDAY).get("IBM");
        assertEquals(1, count(live + " AND origin = DATE '2000-12-29'"), "the latest stored forecast stays");
        assertEquals(1, count(live + " AND origin = DATE '" + FRIDAY + "'"), "the past one beside it, under its start");
        assertEquals(0, count("SELECT count(*) FROM forecasts WHERE symbol = 'IBM' AND kind = 'backtest'"),
                "a backtest as of a past day is returned, not stored as the chart's");
        assertNotNull(past.backtest());
        PriceSeries upTo = engine.getClosePrice("IBM", null, FRIDAY);
        assertEquals(OriginRule.MONTHLY.origins(upTo.dates(), (int) Math.floor(upTo.size() * 0.6)).length, past.backtest().origins(),
                "the backtest's origins lie in the closes up to the start");
        assertEquals("2001-01-02", engine.getChartData("IBM", 250, "naive", 5).forecast().origin(), "the chart forecasts from the last close");
    }

    private Map<String, SymbolForecast> run(List<String> symbols, int horizon, boolean backtest, LocalDate asOf) throws InterruptedException {
        JobStatus done = engine.jobs().await(engine.startForecast(symbols, "naive", horizon, backtest, asOf).id(), Duration.ofMinutes(5));
        assertEquals(JobState.SUCCEEDED, done.state(), done.error());
        // as the API's caller reads it: through JSON
        return Json.MAPPER.convertValue(done.result(), new TypeReference<LinkedHashMap<String, SymbolForecast>>() {});
    }

    private void sql(String statement) {
        engine.store().inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute(statement);
            }
            return null;
        });
    }

    private long count(String query) {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(query)) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
