package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;

/**
 * A request that joins an active job of the same request runs under that job's time limit, not its own:
 * its answer says so (note), where it said nothing and a longer time_limit_minutes was silently dropped.
 */
class JoinedJobTimeLimitTest {
    @Test
    void aJoiningRequestIsToldTheJobItJoinedAndThatJobsTimeLimit(@TempDir Path dir) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus first = jobs.submit("backtest", List.of("s:1"), true, IfInterrupted.KEEPS_AT_END, Duration.ofMinutes(30), ctx -> release.await(60, TimeUnit.SECONDS));
            assertNull(first.note(), "a job of its own: nothing to say");
            JobStatus joined = jobs.submit("backtest", List.of("s:1"), true, IfInterrupted.KEEPS_AT_END, Duration.ofMinutes(600), ctx -> "never run");
            assertTrue(joined.coalesced());
            assertEquals(first.id(), joined.id());
            assertEquals("joined the active backtest job " + first.id() + " (it covers this request): it keeps its own time limit of 30 min, and a"
                    + " time_limit_minutes given with this request does not apply; to run with another limit, cancel_job " + first.id()
                    + " and start it again", joined.note());
            assertEquals(joined.note(), Json.MAPPER.readTree(Json.write(joined)).path("note").asString(), "in the answer");
            assertTrue(!Json.MAPPER.readTree(Json.write(first)).has("note"), "absent from a job of its own");
            release.countDown();
            assertEquals(JobState.SUCCEEDED, jobs.await(first.id(), Duration.ofSeconds(60)).state());
            assertNull(jobs.status(first.id()).note(), "the job's own status has no note");
        }
    }
}
