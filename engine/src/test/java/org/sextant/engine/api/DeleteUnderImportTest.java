package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * An import job's files tell its symbols only once read: until then it holds off every deletion; once read, before it
 * commits, it narrows to the symbols it found, so a deletion of another symbol goes on while one of its symbols is
 * still refused naming it. A deletion under way first keeps the import from writing that symbol (it stops, nothing
 * written), whichever comes first: both orders are driven by latches, never by time.
 */
class DeleteUnderImportTest {
    private static final Duration GENEROUS = Duration.ofMinutes(2);
    @TempSextant private Sextant engine;
    @TempDir Path dir;

    private Path newx() throws Exception {
        return Files.writeString(dir.resolve("NEWX.csv"), "Date,Close\n2020-01-02,10\n2020-01-03,11\n2020-01-06,12\n");
    }

    @Test
    void onceItsFilesAreReadAnImportHoldsOnlyItsOwnSymbols() throws Exception {
        CountDownLatch committed = new CountDownLatch(1), goOn = new CountDownLatch(1);
        AtomicBoolean first = new AtomicBoolean(true);
        engine.onDataChanged(() -> { // the import's own, after its commit: the job is still running
            if (!first.getAndSet(false)) return;
            committed.countDown();
            await(goOn);
        });
        JobStatus job;
        SextantException beforeRead, ownSymbol;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            job = engine.startImport(List.of(newx())); // waits for the writer: nothing read yet
            beforeRead = assertThrows(SextantException.class, () -> engine.deletePrices("KO", null));
        }
        try {
            assertTrue(committed.await(1, TimeUnit.MINUTES), "the import committed: " + engine.jobs().status(job.id()));
            assertTrue(engine.jobs().status(job.id()).state().active());
            ownSymbol = assertThrows(SextantException.class, () -> engine.deletePrices("NEWX", null));
            assertEquals(List.of("1d"), engine.deletePrices("KO", null).deleted().stream().map(d -> d.interval()).toList(),
                    "a symbol the import does not write is deleted while it runs");
        } finally {
            goOn.countDown();
        }
        assertEquals(JobState.SUCCEEDED, engine.jobs().await(job.id(), GENEROUS).state());
        assertEquals(FailReason.JOB_BUSY, beforeRead.reason());
        // queued or already waiting for the writer (the executor may not have started it yet): either way it has read nothing
        assertTrue(beforeRead.getMessage().matches("job " + job.id() + " \\(import, (queued|running)\\) reads or writes every symbol's prices until it has read"
                + " which symbols its files hold: .*"), beforeRead.getMessage());
        assertEquals(FailReason.JOB_BUSY, ownSymbol.reason());
        assertEquals("job " + job.id() + " (import, running) reads or writes the prices of NEWX: deleting them would pull prices from under it;"
                + " nothing was deleted", ownSymbol.getMessage());
        assertEquals(job.id(), ownSymbol.details().get("active_job_id"));
        assertEquals(3L, engine.storedRows("NEWX").get("1d"));
        assertTrue(engine.storedRows("KO").isEmpty());
    }

    /** A deletion of NEWX marked under way (waiting for the writer) before the import read NEWX in its file: the import writes nothing. */
    @Test
    void anImportFindingASymbolBeingDeletedStopsBeforeWriting() throws Exception {
        JobStatus job;
        try (Jobs.ChangeUnderWay under = engine.jobs().deleting("NEWX")) {
            job = engine.startImport(List.of(newx())); // not refused: its symbols are not known yet
            JobStatus end = engine.jobs().await(job.id(), GENEROUS);
            assertEquals(JobState.FAILED, end.state(), end.message());
            assertEquals(FailReason.JOB_BUSY, end.failReason());
            assertEquals("the prices of NEWX are being deleted (delete_prices), and this import job found them in what it read;"
                    + " it stopped before writing, so nothing of it was written", end.error());
            assertEquals("run it again once the deletion has answered", end.fix());
            assertTrue(engine.storedRows("NEWX").isEmpty(), "nothing imported");
        }
        JobStatus again = engine.jobs().await(engine.startImport(List.of(newx())).id(), GENEROUS);
        assertEquals(JobState.SUCCEEDED, again.state(), again.message());
        assertEquals(3L, engine.storedRows("NEWX").get("1d"));
    }

    @Test
    void aDeletionOfAnotherSymbolUnderWayLetsTheImportThrough() throws Exception {
        try (Jobs.ChangeUnderWay under = engine.jobs().deleting("KO")) {
            JobStatus end = engine.jobs().await(engine.startImport(List.of(newx())).id(), GENEROUS);
            assertEquals(JobState.SUCCEEDED, end.state(), end.message());
        }
        assertEquals(3L, engine.storedRows("NEWX").get("1d"));
        assertTrue(engine.storedRows("KO").containsKey("1d"), "no deletion was run: only its mark");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(1, TimeUnit.MINUTES)) throw new IllegalStateException("the test never let the import go on");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
