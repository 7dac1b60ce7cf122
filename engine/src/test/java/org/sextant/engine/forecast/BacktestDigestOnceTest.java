package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.TestData;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast job that also backtests a symbol hashes its closes once ({@link DigestedCloses}): the live forecast's keys and
 * the stored backtest's digest take the same one when the backtest reads the closes the forecast read (the last close ends
 * a week). Before, the backtest's run hashed them once more.
 */
class BacktestDigestOnceTest {
    private static final JobContext QUIET = new JobContext() {
        @Override public void progress(double fraction, String message) { }
        @Override public boolean cancelled() { return false; }
    };

    @Test
    void aForecastJobsBacktestTakesTheDigestItsForecastHashed(@TempSextant Store store, @TempDir Path tmp) {
        LocalDate last = LocalDate.of(2026, 11, 29); // a Sunday: the job's week-aligned origin is the last close
        double[] y = new double[300];
        y[0] = 100;
        java.util.Random r = new java.util.Random(3);
        for (int t = 1; t < y.length; t++) y[t] = y[t - 1] * Math.exp(0.01 * r.nextGaussian());
        TestData.insertCloses(store, last.minusDays(y.length - 1), Map.of("WEEKEND", y));
        ForecastService service = new ForecastService(store, new PriceRepository(store), tmp.resolve("models"));

        long before = ClosesDigest.hashedOnThisThread();
        service.forecastJob(service.forecastJobRequest(List.of("WEEKEND"), "naive", 5, true, null), QUIET);
        assertEquals(1, ClosesDigest.hashedOnThisThread() - before, "closes digests hashed by the job");

        String stored = new ForecastStore(store).backtest("WEEKEND", "naive", 5).madeFrom().digest();
        assertEquals(ClosesDigest.of(new PriceRepository(store).closes("WEEKEND", null, null)), stored, "the backtest's digest is the closes' own");
        assertTrue(service.backtestOverlays("WEEKEND", "naive", 5, null, null).staleNote() == null, "the stored backtest is shown");
    }
}
