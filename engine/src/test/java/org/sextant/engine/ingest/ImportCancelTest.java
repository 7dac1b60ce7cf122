package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * A cancelled import job reported CANCELLED yet had written every row: the import never looked
 * at the cancel, and the job was marked cancelled after its commit. Now a cancel that lands while
 * the import runs leaves the store exactly as it was.
 */
class ImportCancelTest {
    private static final Duration GENEROUS = Duration.ofMinutes(2);

    @TempDir Path tmp;

    /** A long-layout file of symbols named after it (A0, A1, ...): {@code symbols} symbols of {@code days} closes each. */
    private Path longFile(String name, int symbols, int days, double shift) throws Exception {
        StringBuilder sb = new StringBuilder("symbol,date,close\n");
        LocalDate start = LocalDate.of(2010, 1, 1);
        for (int s = 0; s < symbols; s++) {
            for (int d = 0; d < days; d++) sb.append(name, 0, name.indexOf('.')).append(s).append(',').append(start.plusDays(d)).append(',').append(10 + s + d * 0.01 + shift).append('\n');
        }
        return Files.writeString(tmp.resolve(name), sb);
    }

    private static String snapshot(Store store) {
        return org.sextant.engine.testing.StoreSnapshot.of(store);
    }

    /**
     * The cancel lands at each checkpoint in turn (the n-th time the import looks, the request is
     * there): every one, the last before the commit too, leaves the store unchanged; with no cancel
     * the same import writes. Both the fast path (new files) and the careful one (files imported before).
     */
    @Test
    void aCancelAtAnyCheckpointLeavesTheStoreAsItWas(@TempSextant Store store) throws Exception {
        List<Path> fresh = List.of(longFile("A.csv", 5, 40, 0), longFile("B.csv", 5, 40, 0.5));
        int fast = sweep(store, fresh);
        assertTrue(fast >= 5, "the fast path looks between its files, stages and before the commit: " + fast);
        List<Path> again = List.of(longFile("A.csv", 5, 40, 1), longFile("B.csv", 5, 40, 1.5)); // sources stored: the careful path
        int careful = sweep(store, again);
        assertTrue(careful >= 4, "the careful path looks between its files, stages and before the commit: " + careful);
    }

    /** Cancels at checkpoint 1, 2, ... until the import gets through; returns how many checkpoints it has. */
    private int sweep(Store store, List<Path> files) throws Exception {
        for (int k = 1; k < 100; k++) {
            String before = snapshot(store);
            int at = k;
            int[] looked = {0};
            try {
                Cancellation.watching(() -> ++looked[0] >= at, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(files));
            } catch (CancellationException cancelled) {
                assertEquals(before, snapshot(store), "cancelled at checkpoint " + k + ": nothing may be written");
                continue;
            }
            assertTrue(k > 1, "the first checkpoint must stop the import");
            assertNotEquals(before, snapshot(store), "uncancelled, the import writes");
            return k - 1;
        }
        return fail("the import never got through");
    }

    /** The finding's repro, made deterministic: the cancel is requested while the job runs, before it can commit. */
    @Test
    void anImportJobCancelledWhileItRunsEndsCancelledAndWritesNothing(@TempSextant Sextant engine) throws Exception {
        Path big = longFile("BIG.csv", 300, 200, 0);
        String before = snapshot(engine.store());
        // another write holds the store: the job starts running and waits for it, where the cancel reaches it
        try (HeldStore held = HeldStore.hold(engine.store())) {
            JobStatus job = engine.startImport(List.of(big));
            JobStatus now = job;
            for (long end = System.nanoTime() + GENEROUS.toNanos(); now.state() != JobState.RUNNING && System.nanoTime() < end; now = engine.jobs().status(job.id())) {
                Thread.sleep(5);
            }
            assertEquals(JobState.RUNNING, now.state());
            engine.jobs().cancel(job.id());
            held.release();
            JobStatus done = engine.jobs().await(job.id(), GENEROUS);
            assertEquals(JobState.CANCELLED, done.state(), done.message() + " " + done.error());
            assertEquals("cancelled: nothing was written", done.message());
            assertEquals(before, snapshot(engine.store()), "a cancelled import leaves prices and symbols as they were");
        }
    }

    /**
     * A cancel that comes while one long statement runs stops that statement (DuckDB is told to
     * cancel it), not the next checkpoint after it: the request here is seen only by the poller
     * that watches running statements, never by a checkpoint. Every import path, store unchanged.
     */
    @Test
    void aCancelDuringALongStatementStopsThatStatement(@TempSextant Store store) throws Exception {
        java.util.function.BooleanSupplier onlyWhileAStatementRuns = () -> Thread.currentThread().getName().equals(org.sextant.engine.jobs.CancellableSql.THREAD);
        Path fresh = longFile("F.csv", 400, 500, 0); // 200,000 rows: each statement lasts far longer than a poll
        StringBuilder bars = new StringBuilder("timestamp,close\n");
        java.time.LocalDateTime t0 = java.time.LocalDateTime.of(2020, 1, 1, 0, 0);
        for (int i = 0; i < 200_000; i++) bars.append(t0.plusMinutes(i)).append(',').append(1 + i * 1e-6).append('\n');
        Path bar = Files.writeString(tmp.resolve("EURUSD.csv"), bars);
        for (List<Path> files : List.of(List.of(fresh), List.of(bar), List.of(fresh, bar))) {
            String before = snapshot(store);
            CancellationException stopped = assertThrows(CancellationException.class,
                    () -> Cancellation.watching(onlyWhileAStatementRuns, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(files)));
            assertEquals("cancelled during a statement", stopped.getMessage(), files.toString());
            assertEquals(before, snapshot(store), files + ": nothing written");
        }
        new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(fresh)); // stored: the next import of it takes the careful path
        String before = snapshot(store);
        Path again = longFile("F.csv", 400, 500, 1);
        assertThrows(CancellationException.class,
                () -> Cancellation.watching(onlyWhileAStatementRuns, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(again))));
        assertEquals(before, snapshot(store), "the careful path: nothing written");
    }
}
