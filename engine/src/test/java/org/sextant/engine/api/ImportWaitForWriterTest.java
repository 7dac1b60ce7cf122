package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.ingest.IngestService;
import org.sextant.engine.jobs.JobReach;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * import_prices waits a bounded time for the store's one writer (a job may hold it for minutes) and is then refused
 * naming the job that held it and the way on; its caller leaving, or the import job's cancel, stops it while it waits.
 * Nothing is written in any of these. The writer is held by latches; only the refusal's own wait is timed.
 */
class ImportWaitForWriterTest {
    private static final Duration GENEROUS = Duration.ofMinutes(1);
    @TempSextant private Sextant engine;
    @TempDir Path dir;

    private ApiCall importNewx() throws Exception {
        Path file = Files.writeString(dir.resolve("NEWX.csv"), "Date,Close\n2020-01-02,10\n2020-01-03,11\n2020-01-06,12\n");
        return new ApiCall("import_prices", Json.MAPPER.valueToTree(Map.of("paths", List.of(file.toString()))));
    }

    private ApiRoutes routesWaiting(Duration writerWait) {
        ApiRoutes routes = new ApiRoutes(engine, () -> Map.of());
        routes.importWriterWait = writerWait;
        return routes;
    }

    @Test
    void anImportRefusedForTheWriterNamesTheJobHoldingItAndTheWayOn() throws Exception {
        ApiRoutes routes = routesWaiting(Duration.ofMillis(200));
        CountDownLatch holding = new CountDownLatch(1), release = new CountDownLatch(1);
        JobStatus holder = engine.jobs().submit("hold", List.of(), true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, GENEROUS, JobReach.of(List.of()), ctx -> engine.store().inTransaction(c -> {
            holding.countDown();
            return release.await(1, TimeUnit.MINUTES);
        }));
        SextantException busy;
        try {
            assertTrue(holding.await(1, TimeUnit.MINUTES), "the job holds the writer");
            busy = assertThrows(SextantException.class, () -> routes.dispatch(importNewx()));
        } finally {
            release.countDown();
        }
        engine.jobs().await(holder.id(), GENEROUS);
        assertEquals(FailReason.JOB_BUSY, busy.reason());
        assertEquals("import_prices waited 200 ms for the store's one writer, which other writes held all along (at the end job " + holder.id()
                + " (hold)); nothing was changed", busy.getMessage());
        assertEquals(IngestService.WRITER_BUSY_FIX, busy.fix());
        assertTrue(busy.fix().startsWith("import with start_import, the background job"), busy.fix());
        assertTrue(engine.storedRows("NEWX").isEmpty(), "nothing imported");
        routes.dispatch(importNewx());
        assertEquals(3L, engine.storedRows("NEWX").get("1d"), "once the writer is free it imports");
    }

    @Test
    void aWriterHeldByNoJobIsSaidToBeAnotherWrite() throws Exception {
        ApiRoutes routes = routesWaiting(Duration.ofMillis(200));
        SextantException busy;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            busy = assertThrows(SextantException.class, () -> routes.dispatch(importNewx()));
        }
        assertEquals("import_prices waited 200 ms for the store's one writer, which another write (an import, a job's, a backup) held all along;"
                + " nothing was changed", busy.getMessage());
    }

    /** The caller leaves while the import waits for the writer (its third look): the import stops there, the writer still held. */
    @Test
    void anImportWhoseCallerLeftWhileItWaitedForTheWriterStopsThere() throws Exception {
        ApiRoutes routes = routesWaiting(Duration.ofHours(1));
        AtomicInteger looks = new AtomicInteger();
        CancellationException stopped;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            stopped = assertThrows(CancellationException.class, () -> routes.dispatch(importNewx(), () -> looks.incrementAndGet() >= 3));
        }
        assertEquals(Store.STOPPED_WAITING, stopped.getMessage());
        assertTrue(engine.storedRows("NEWX").isEmpty(), "nothing imported");
    }

    @Test
    void anImportJobCancelledWhileItWaitsForTheWriterEndsThere() throws Exception {
        try (HeldStore held = HeldStore.hold(engine.store())) {
            Path file = Files.writeString(dir.resolve("NEWX.csv"), "Date,Close\n2020-01-02,10\n2020-01-03,11\n2020-01-06,12\n");
            JobStatus job = engine.startImport(List.of(file));
            long end = System.nanoTime() + GENEROUS.toNanos();
            while (engine.jobs().status(job.id()).state() != JobState.RUNNING && System.nanoTime() < end) Thread.onSpinWait();
            engine.jobs().cancel(job.id()); // running: it waits for the writer
            JobStatus ended = engine.jobs().await(job.id(), GENEROUS); // the writer is still held meanwhile
            assertEquals(JobState.CANCELLED, ended.state(), ended.message());
            assertEquals("cancelled: nothing was written", ended.message());
        }
        assertTrue(engine.storedRows("NEWX").isEmpty(), "nothing imported");
    }
}
