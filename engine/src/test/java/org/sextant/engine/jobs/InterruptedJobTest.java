package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;

/**
 * What an interrupted job left is what its submitter declared when it submitted it, kept in its record: the next start
 * says it whatever the job's kind, and says nothing more of a record written before jobs declared it.
 */
class InterruptedJobTest {
    private static final Duration GENEROUS = Duration.ofMinutes(2);

    @TempDir Path dir;

    @Test
    void aRestartSaysWhatTheJobsSubmitterDeclaredWhateverItsKind(@TempDir Path afterTheKill) throws Exception {
        IfInterrupted fetched = new IfInterrupted("the symbols it had fetched stay");
        CountDownLatch running = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        JobWork held = ctx -> {
            running.countDown();
            return release.await(1, TimeUnit.MINUTES);
        };
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus refresh = jobs.submit("refresh", List.of("AA"), false, fetched, held);
            // a kind whose jobs once said something else: the declaration, not the kind, decides
            JobStatus forecast = jobs.submit("forecast", List.of("IBM"), false, IfInterrupted.KEEPS_AT_END, held);
            try {
                assertTrue(running.await(1, TimeUnit.MINUTES), "both jobs started");
                // the records as the app's kill would leave them: RUNNING, with what was declared
                for (JobStatus j : List.of(refresh, forecast)) {
                    Files.copy(dir.resolve(j.id() + ".json"), afterTheKill.resolve(j.id() + ".json"));
                }
                assertEquals(fetched.leaves(), Json.read(Files.readString(afterTheKill.resolve(refresh.id() + ".json")), JobStatus.class).ifInterrupted());
            } finally {
                release.countDown();
            }
            jobs.await(refresh.id(), GENEROUS);
            jobs.await(forecast.id(), GENEROUS);

            try (Jobs restarted = new Jobs(afterTheKill)) {
                assertEquals(JobState.INTERRUPTED, restarted.status(refresh.id()).state());
                assertEquals("interrupted: the app stopped while it ran; the symbols it had fetched stay", restarted.status(refresh.id()).message());
                assertEquals("interrupted: the app stopped while it ran; it keeps its result only when it ends, so nothing of it was kept",
                        restarted.status(forecast.id()).message());
            }
        }
    }

    /** A record an older version wrote (no if_interrupted) still loads, interrupted, making no claim of what stayed. */
    @Test
    void aRecordWrittenBeforeJobsDeclaredItLoadsInterruptedClaimingNothing() throws Exception {
        try (InputStream old = getClass().getResourceAsStream("/jobs/forecast-old.json")) {
            Files.copy(old, dir.resolve("forecast-01d01d00.json"));
        }
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus s = jobs.status("forecast-01d01d00");
            assertEquals(JobState.INTERRUPTED, s.state());
            assertEquals("interrupted: the app stopped while it ran", s.message());
            assertEquals("the app stopped before the job finished", s.error());
            assertEquals(0.5, s.progress());
            assertNull(s.ifInterrupted());
        }
        // rewritten in the new shape, it loads as it was left
        try (Jobs again = new Jobs(dir)) {
            assertEquals("interrupted: the app stopped while it ran", again.status("forecast-01d01d00").message());
        }
    }
}
