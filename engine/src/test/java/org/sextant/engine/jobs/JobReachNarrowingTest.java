package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;

/**
 * A job's reach narrows, never widens; a narrowing that meets a deletion under way of one of its symbols is refused
 * and leaves the reach as it was, so deletions stay held off as before. Each step runs inside the job, between latches.
 */
class JobReachNarrowingTest {
    private static final Duration GENEROUS = Duration.ofMinutes(1);
    @TempDir Path dir;

    /** Runs {@code step} inside a running job of reach {@code reach}, returning what it threw (null: nothing), the job still running. */
    private static Throwable inJob(Jobs jobs, JobReach reach, java.util.function.Consumer<JobContext> step, CountDownLatch end) throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch stepped = new CountDownLatch(1);
        jobs.submit("import", List.of("f-" + System.nanoTime()), true, org.sextant.engine.ingest.PriceImporter.IF_INTERRUPTED, GENEROUS, reach, ctx -> {
            try {
                step.accept(ctx);
            } catch (RuntimeException e) {
                thrown.set(e);
            }
            stepped.countDown();
            return end.await(1, TimeUnit.MINUTES);
        });
        assertTrue(stepped.await(1, TimeUnit.MINUTES), "the job ran its step");
        return thrown.get();
    }

    @Test
    void aReachOnlyNarrows() throws Exception {
        CountDownLatch end = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            Throwable widened = inJob(jobs, JobReach.UNTIL_READ, ctx -> {
                ctx.narrowReach(JobReach.of(List.of("AA", "KO")));
                ctx.narrowReach(JobReach.of(List.of("AA")));
                ctx.narrowReach(JobReach.of(List.of("AA", "KO")));
            }, end);
            assertTrue(widened instanceof IllegalArgumentException, String.valueOf(widened));
            assertTrue(widened.getMessage().startsWith("a job's reach may only narrow"), widened.getMessage());
            jobs.deleting("KO").close(); // KO left the reach at the second step, and the widening did not bring it back
            assertEquals(FailReason.JOB_BUSY, assertThrows(SextantException.class, () -> jobs.deleting("AA")).reason());
        } finally {
            end.countDown();
        }
    }

    @Test
    void aNarrowingMeetingADeletionUnderWayIsRefusedAndTheReachStaysWhole() throws Exception {
        CountDownLatch end = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            Throwable refused;
            try (Jobs.ChangeUnderWay under = jobs.deleting("KO")) {
                refused = inJob(jobs, JobReach.UNTIL_READ, ctx -> ctx.narrowReach(JobReach.of(List.of("AA", "KO"))), end);
            }
            assertTrue(refused instanceof SextantException busy && busy.reason() == FailReason.JOB_BUSY, String.valueOf(refused));
            SextantException stillWhole = assertThrows(SextantException.class, () -> jobs.deleting("IBM"));
            assertTrue(stillWhole.getMessage().contains("every symbol's prices until it has read which symbols its files hold"), stillWhole.getMessage());
        } finally {
            end.countDown();
        }
    }
}
