package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.CloseBatches;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan's background fit goes on only while someone will rank it ({@link ScanFits}): a call answered with it going on
 * (told to call again), or a call or job waiting for it. A fit whose every caller went away before its answer is stopped;
 * start_scan waits for the fit going on instead of fitting the same closes again. Fits are held by latches and counted.
 */
@Timeout(300) // hang guard only: a fit that never stops would hold awaitIdle forever
class ScanFitClaimsTest {
    @TempSextant private Sextant engine;
    private ForecastService service;
    private HeldScanFit fit;

    private static final ForecastScan.Request IBM = request("IBM");

    @AfterEach
    void stopTheFits() {
        if (fit != null) fit.release.countDown(); // a job or call still held ends
        if (service != null) service.close();
    }

    @Test
    void aFitWhoseCallerWentAwayWhileWaitingForItIsStopped(@TempDir Path tmp) throws Exception {
        service(tmp);
        AtomicBoolean gone = new AtomicBoolean();
        // a budget the wait never reaches: the call ends because its caller goes away
        FutureTask<ScanResult> call = running(() -> Cancellation.within(Duration.ofMinutes(5), "scan_forecasts", null,
                () -> Cancellation.unlessAbandoned(gone::get, () -> service.scan(IBM))));
        fit.started.await();
        gone.set(true);
        ExecutionException e = assertThrows(ExecutionException.class, call::get);
        assertInstanceOf(CancellationException.class, e.getCause());

        assertEquals(0, service.scanFits().underWay(), "nobody was told to call again: the fit is not kept going");
        service.scanFits().awaitIdle(); // it stopped at its next check, never released
        assertEquals(1, fit.stopped.get());
        assertEquals(1, fit.fits.get());
    }

    @Test
    void aFitWhoseCallerWentAwayAfterTheWaitButBeforeTheAnswerIsStopped(@TempDir Path tmp) throws Exception {
        service(tmp);
        AtomicBoolean gone = new AtomicBoolean();
        CloseBatches oneEach = new CloseBatches(engine.store(), 1);
        service.readScansWith(oneEach, (symbols, stop) -> {
            CloseBatches.Batch b = oneEach.read(symbols, stop);
            if (symbols.contains("KO")) gone.set(true); // read after IBM's wait ended: the caller leaves before the answer
            return b;
        });
        ForecastScan.Request both = new ForecastScan.Request(List.of("IBM", "KO"), "naive", 5, null, null, null, null, null, null);
        try {
            Cancellation.within(Duration.ofSeconds(2), "scan_forecasts", null,
                    () -> Cancellation.unlessAbandoned(gone::get, () -> service.scan(both, 100, () -> false)));
        } catch (CancellationException stoppedReading) {
            // the scan may notice before its answer; either way nobody reads the note
        }
        assertTrue(gone.get(), "KO was read after IBM's wait");
        assertEquals(0, service.scanFits().underWay(), "the note saying to call again was never read: the fit is not kept going");
        service.scanFits().awaitIdle();
        assertEquals(1, fit.stopped.get());
    }

    @Test
    void aFitOnceAnsweredGoesOnWhenALaterCallerGoesAway(@TempDir Path tmp) throws Exception {
        service(tmp);
        assertEquals(List.of("IBM"), call(IBM).notComputed()); // answered: told to call again
        AtomicBoolean gone = new AtomicBoolean();
        FutureTask<ScanResult> joining = running(() -> Cancellation.within(Duration.ofMinutes(5), "scan_forecasts", null,
                () -> Cancellation.unlessAbandoned(gone::get, () -> service.scan(IBM))));
        awaitClaim();
        gone.set(true);
        assertThrows(ExecutionException.class, joining::get);

        assertEquals(1, service.scanFits().underWay(), "the first caller will call again: the fit goes on");
        fit.release.countDown();
        service.scanFits().awaitIdle();
        assertEquals(1, call(IBM).rows().size());
        assertEquals(1, fit.fits.get());
        assertEquals(0, fit.stopped.get());
    }

    @Test
    void aScanJobWaitsForTheFitGoingOnInsteadOfFittingAgainAndStoresIt(@TempDir Path tmp) throws Exception {
        service(tmp);
        assertEquals(List.of("IBM"), call(IBM).notComputed());
        FutureTask<ScanResult> job = job(() -> false);
        awaitClaim();
        assertEquals(1, fit.fits.get(), "the job waits for the fit going on");
        fit.release.countDown();
        assertEquals("IBM", job.get().rows().get(0).symbol());
        assertEquals(1, fit.fits.get(), "fitted once, for the call and the job");

        ForecastService fresh = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models2"));
        try {
            ScanResult stored = fresh.scan(IBM, 0);
            assertEquals(1, stored.rows().size(), "the job stored the forecast it waited for: " + stored.note());
        } finally {
            fresh.close();
        }
    }

    @Test
    void aScanJobCancelledWhileWaitingStopsAndTheFitGoesOnForTheAnsweredCall(@TempDir Path tmp) throws Exception {
        service(tmp);
        assertEquals(List.of("IBM"), call(IBM).notComputed());
        AtomicBoolean cancel = new AtomicBoolean();
        FutureTask<ScanResult> job = job(cancel::get);
        awaitClaim();
        cancel.set(true);
        ExecutionException e = assertThrows(ExecutionException.class, job::get);
        assertInstanceOf(CancellationException.class, e.getCause());

        assertEquals(1, service.scanFits().underWay());
        fit.release.countDown();
        service.scanFits().awaitIdle();
        assertEquals(1, call(IBM).rows().size());
        assertEquals(1, fit.fits.get());
    }

    private void service(Path tmp) {
        fit = new HeldScanFit(() -> service.models(), 0);
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        service.fitScansWith(fit);
    }

    /** Until a call or job waits for the fit under way, or (without the join) fitted the closes again. */
    private void awaitClaim() throws InterruptedException {
        while (service.scanFits().claims() == 0 && fit.fits.get() < 2) Thread.sleep(5);
    }

    /** start_scan's body as the jobs run it: {@code cancelled} is its cancel request (a cancel or its time limit). */
    private FutureTask<ScanResult> job(BooleanSupplier cancelled) {
        JobContext ctx = new JobContext() {
            @Override
            public void progress(double fraction, String message) {}

            @Override
            public boolean cancelled() { return cancelled.getAsBoolean(); }
        };
        return running(() -> Cancellation.watching(cancelled, () -> service.scanJob(IBM, ctx)));
    }

    private static FutureTask<ScanResult> running(java.util.concurrent.Callable<ScanResult> work) {
        FutureTask<ScanResult> task = new FutureTask<>(work);
        Thread t = new Thread(task, "scan-caller");
        t.setDaemon(true);
        t.start();
        return task;
    }

    /** A scan_forecasts call with a budget of 2 s whose caller stays: it waits for a held fit until nine tenths of it. */
    private ScanResult call(ForecastScan.Request request) {
        return Cancellation.within(Duration.ofSeconds(2), "scan_forecasts", null, () -> service.scan(request));
    }

    private static ForecastScan.Request request(String symbol) {
        return new ForecastScan.Request(List.of(symbol), "naive", 5, null, null, null, null, null, null);
    }
}
