package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.ClockedJobs;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan job stores its forecasts as it goes ({@link ScanJobStore}): stopped partway (a cancel, its time limit) it keeps
 * what it computed and says how many, and the next scan job fits only the rest. Before, it stored after its whole loop and
 * a stop kept nothing (attack 15 M3). Fits are counted; the cancel comes after the third fit, by count, not by time.
 * Stopped by the time limit its request named (start_scan's time_limit_minutes; before, a scan always ran for the default
 * 120 min) or failed after a commit (before, it ended FAILED as if nothing had been written), it says what it kept too; time
 * runs on the jobs' clock there, a minute per fit: no wall-clock waits.
 */
class ScanJobKeepsTest {
    private static final List<String> SYMBOLS = List.of("IBM", "KO", "AA", "MSFT", "GE");
    private static final ForecastScan.Request SCAN = new ForecastScan.Request(SYMBOLS, "naive", 5, null, null, null, null, null, null);
    private static final Duration GENEROUS = Duration.ofMinutes(5);

    @TempSextant private Sextant engine;
    private ForecastService service;

    @AfterEach
    void close() {
        if (service != null) service.close();
    }

    @Test
    void aScanJobStoppedPartwayKeepsWhatItComputedAndTheNextFitsOnlyTheRest(@TempDir Path tmp) throws Exception {
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        AtomicInteger fits = new AtomicInteger();
        AtomicBoolean cancel = new AtomicBoolean();
        service.fitScansWith((p, model, horizon, calibration) -> {
            PriceForecast f = PriceForecast.calibrated(service.models(), p, model, horizon, ForecastBacktestRun.DEFAULT_LEVELS, calibration);
            if (fits.incrementAndGet() == 3) cancel.set(true); // after its last cancel check: the third forecast is made
            return f;
        });

        // two to a commit: the third forecast is still pending when the cancel comes, and must be committed then
        CancellationException stop = assertThrows(CancellationException.class,
                () -> Cancellation.watching(cancel::get, () -> service.scanJob(SCAN, context(cancel), 2)));
        assertInstanceOf(Cancellation.AfterStoring.class, stop, "a cancel after storing says what stays: " + stop.getMessage());
        assertTrue(stop.getMessage().contains("the forecasts of 3 of 5 symbol(s)"), stop.getMessage());
        assertEquals(3, fits.get());
        assertEquals(3, liveForecastRows(), "the three forecasts computed before the cancel are stored");

        assertEquals(3, service.scan(SCAN, 0).rows().size(), "a read ranks the stored ones without fitting");
        assertEquals(3, fits.get());

        ScanResult all = Cancellation.watching(() -> false, () -> service.scanJob(SCAN, context(new AtomicBoolean()), 2));
        assertEquals(5, all.rows().size() + all.skipped().size(), all.skipped().toString());
        assertEquals(5, fits.get(), "the second job fitted only the two left");
        assertEquals(5, liveForecastRows());
    }

    @Test
    void aScanPastTheTimeLimitItsRequestNamedEndsTimedOutKeepingWhatItStored(@TempDir Path tmp) throws Exception {
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        AtomicLong clock = new AtomicLong();
        service.fitScansWith((p, model, horizon, calibration) -> {
            PriceForecast f = PriceForecast.calibrated(service.models(), p, model, horizon, ForecastBacktestRun.DEFAULT_LEVELS, calibration);
            clock.addAndGet(Duration.ofMinutes(1).toNanos()); // after its last cancel check: the forecast is made
            return f;
        });
        try (Jobs jobs = ClockedJobs.on(tmp.resolve("jobs"), clock::get)) {
            for (int minutes : new int[] {0, 1441}) {
                SextantException e = assertThrows(SextantException.class, () -> service.startScan(jobs, SCAN, minutes));
                assertEquals("time_limit_minutes", e.field(), e.getMessage());
            }
            JobStatus end = jobs.await(service.startScan(jobs, SCAN, 3).id(), GENEROUS);

            assertEquals(JobState.TIMED_OUT, end.state(), end.toString());
            String kept = "the forecasts of 3 of 5 symbol(s) (IBM, KO, AA; start_scan or scan_forecasts ranks them again without fitting)"
                    + " had been written (that stays); the rest was not done";
            assertEquals("timed out after 3 min at: scanning AA (3/5); " + kept, end.message());
            assertEquals(FailReason.TIMEOUT, end.failReason());
            assertEquals("the job computed for its whole time limit of 3 min and was stopped; " + kept, end.error());
            assertEquals(3, liveForecastRows(), "the forecasts computed within the limit are stored");
        }
    }

    @Test
    void aScanThatFailsAfterACommitSaysWhatStayedWritten(@TempDir Path tmp) throws Exception {
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        AtomicInteger fits = new AtomicInteger();
        service.fitScansWith((p, model, horizon, calibration) -> {
            if (fits.incrementAndGet() == 4) throw new IllegalStateException("a bug in the fourth fit");
            return PriceForecast.calibrated(service.models(), p, model, horizon, ForecastBacktestRun.DEFAULT_LEVELS, calibration);
        });
        try (Jobs jobs = new Jobs(tmp.resolve("jobs"))) {
            // two to a commit: IBM and KO committed, AA pending when the fourth fit fails
            JobStatus end = jobs.await(jobs.submit("scan", List.of("s"), true, ForecastsWritten.IF_INTERRUPTED, ctx -> service.scanJob(SCAN, ctx, 2)).id(), GENEROUS);

            assertEquals(JobState.FAILED, end.state(), end.toString());
            String kept = "the forecasts of 2 of 5 symbol(s) (IBM, KO; start_scan or scan_forecasts ranks them again without fitting)"
                    + " had been written before the failure (that stays)";
            assertEquals("failed: " + kept + "; the rest was not done", end.message());
            assertEquals(FailReason.INTERNAL_ERROR, end.failReason(), "a bug is still a bug");
            assertTrue(end.error().startsWith("the app failed (a bug; logged as incident ") && end.error().endsWith("; " + kept), end.error());
            assertTrue(!end.error().contains("fourth fit"), "its Java text stays in the log: " + end.error());
            assertEquals(2, liveForecastRows(), "what was committed stays; what was pending is not written after the failure");
        }
    }

    private static JobContext context(AtomicBoolean cancel) {
        return new JobContext() {
            @Override
            public void progress(double fraction, String message) {}

            @Override
            public boolean cancelled() { return cancel.get(); }
        };
    }

    private long liveForecastRows() {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM forecasts WHERE kind = 'live'")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
