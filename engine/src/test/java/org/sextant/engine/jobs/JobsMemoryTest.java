package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/**
 * The registry holds the active jobs and the newest ended ones, each without its result past the newest whole results:
 * an agent running thousands of jobs (each a scan's megabytes of result) grew the app until it stopped.
 */
class JobsMemoryTest {
    @TempDir Path disk;
    /**
     * The jobs' folder: in memory (/dev/shm) where the machine has one, else on disk. These tests write thousands of
     * records, each fsynced (7 ms apiece on a busy disk, most of their time); what they check is which records are kept.
     */
    Path dir;

    @BeforeEach
    void jobsFolder() throws java.io.IOException {
        Path shm = Path.of("/dev/shm");
        dir = java.nio.file.Files.isDirectory(shm) && java.nio.file.Files.isWritable(shm) ? java.nio.file.Files.createTempDirectory(shm, "sextant-jobs-") : disk;
    }

    @AfterEach
    void removeJobsFolder() throws java.io.IOException {
        if (dir.equals(disk)) return;
        try (var files = java.nio.file.Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) java.nio.file.Files.deleteIfExists(p);
        }
    }

    /** A result whose list is longer than a record keeps (1000 entries): its record cuts it. */
    private static Map<String, Object> longResult(int job) {
        return Json.object("job", job, "skipped", IntStream.range(0, 1500).boxed().toList());
    }

    private static JobStatus record(Path dir, String id) {
        return JobRecordFiles.read(dir.resolve(id + ".json"), Instant.now());
    }

    /** Runs {@code n} jobs (created in that order) and waits until each has ended. */
    private static List<String> runEnded(Jobs jobs, int n, int from) throws InterruptedException {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int job = from + i;
            ids.add(jobs.submit("scan", List.of("S" + job), false, IfInterrupted.KEEPS_AT_END, ctx -> longResult(job)).id());
        }
        for (String id : ids) assertEquals(JobState.SUCCEEDED, jobs.await(id, Duration.ofSeconds(120)).state());
        return ids;
    }

    @Test
    void endedJobsPastTheKeptOnesLeaveMemoryAndTheirStatusIsTheirRecord() throws Exception {
        int made = JobRecordFiles.KEPT_ENDED + 20;
        try (Jobs jobs = new Jobs(dir)) {
            List<String> ids = runEnded(jobs, made, 0);
            assertEquals(JobRecordFiles.KEPT_ENDED, jobs.held(), "only the newest ended jobs stay in memory");
            JobStatus first = jobs.status(ids.get(0));
            assertEquals(record(dir, ids.get(0)), first, "a job let go of answers exactly what its record holds");
            JsonNode result = Json.MAPPER.valueToTree(first.result());
            assertEquals(1000, result.path("skipped").size());
            assertEquals(1500, result.path("truncated_lists").get(0).path("total").asInt());
            assertEquals(0, result.path("job").asInt());

            JsonNode listed = Json.MAPPER.valueToTree(jobs.listing(500));
            assertEquals(made, listed.path("count").asInt(), "count covers the jobs let go of");
            assertTrue(listed.path("truncated").asBoolean());
            assertEquals(ids.get(made - 1), listed.path("jobs").get(0).path("id").asString(), "newest first");
            assertEquals(ids.get(20), listed.path("jobs").get(499).path("id").asString(), "the newest 500 are listed");
            assertEquals(made, jobs.summary().get("succeeded"));
            assertEquals(1500, ((List<?>) ((Map<?, ?>) jobs.status(ids.get(made - 1)).result()).get("skipped")).size(), "the newest keeps its whole result");
        }
    }

    @Test
    void anActiveJobIsNeverLetGoAndLeavesOnceItIsTheOldestEnded() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            String oldest = jobs.submit("gather", List.of("AA"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.5, "half");
                return release.await(60, TimeUnit.SECONDS) ? Map.of("rows", 7) : null;
            }).id();
            runEnded(jobs, JobRecordFiles.KEPT_ENDED + 5, 0);
            assertEquals(JobRecordFiles.KEPT_ENDED + 1, jobs.held());
            assertTrue(jobs.status(oldest).state().active(), "the running job stays though it is the oldest");
            assertEquals(oldest, jobs.list().get(jobs.list().size() - 1).id());
            release.countDown();
            JobStatus end = jobs.await(oldest, Duration.ofSeconds(60));
            assertEquals(JobState.SUCCEEDED, end.state());
            assertEquals(Map.of("rows", 7), end.result());
            assertEquals(JobRecordFiles.KEPT_ENDED, jobs.held(), "ended, it is the oldest and leaves");
            assertEquals(record(dir, oldest), end);
        }
    }

    /**
     * The records jobs/ keeps are those of the newest 500 ended jobs by submission and of the last 500 to drop out of those,
     * which is neither the 1000 submitted last nor the 1000 ended last once jobs end out of their order (attack 18, L4:
     * job_status said "the app keeps the newest 1000 ended jobs"). Two readers held (first submitted, ended first and last),
     * 600 readers queued behind them, 500 writers submitted after those, run and ended before them.
     */
    @Test
    void theRecordsKeptAreTheNewestEndedAndTheLastToDropOutOfThem() throws Exception {
        CountDownLatch first = new CountDownLatch(1), last = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir, System::nanoTime, 1)) {
            String endsFirst = jobs.submit("gather", List.of("L1"), false, IfInterrupted.KEEPS_AT_END, ctx -> first.await(120, TimeUnit.SECONDS)).id();
            String endsLast = jobs.submit("gather", List.of("L2"), false, IfInterrupted.KEEPS_AT_END, ctx -> last.await(120, TimeUnit.SECONDS)).id();
            List<String> queued = new ArrayList<>(), writers = new ArrayList<>();
            for (int i = 0; i < 600; i++) queued.add(jobs.submit("scan", List.of("Q" + i), false, IfInterrupted.KEEPS_AT_END, ctx -> 1).id());
            for (int i = 0; i < 500; i++) {
                writers.add(jobs.submit("import", List.of("W" + i), true, IfInterrupted.KEEPS_AT_END, ctx -> 1).id());
                assertEquals(JobState.SUCCEEDED, jobs.await(writers.get(i), Duration.ofSeconds(120)).state());
            }
            first.countDown();
            // the queued ones run in submission order on the one reader left free; an earlier one may already be let go of,
            // its record removed, when asked (the first CI run of this test asked so), so wait for the last of them only
            assertEquals(JobState.SUCCEEDED, jobs.await(queued.get(queued.size() - 1), Duration.ofSeconds(120)).state());
            last.countDown();
            assertEquals(JobState.SUCCEEDED, jobs.await(endsLast, Duration.ofSeconds(120)).state());

            java.util.Set<String> kept = new java.util.TreeSet<>(writers); // the newest 500 ended, by submission
            kept.addAll(queued.subList(101, 600)); // the last 500 to drop out of those: the queued ones as each ended, then the last held
            kept.add(endsLast);
            java.util.Set<String> onDisk = new java.util.TreeSet<>();
            try (var files = java.nio.file.Files.list(dir)) {
                files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json")).forEach(n -> onDisk.add(n.substring(0, n.length() - 5)));
            }
            assertEquals(kept, onDisk);
            for (String removed : List.of(endsFirst, queued.get(0), queued.get(100))) { // queued 100: among the 1000 submitted last
                assertEquals("no job with id '" + removed + "': if it ran, its record was removed: the app keeps the records of the newest 500"
                        + " ended jobs (by submission) and of the last 500 to drop out of those",
                        assertThrows(SextantException.class, () -> jobs.status(removed)).getMessage());
            }
        }
    }

    /** The job records (.json) in {@code dir}. */
    private static long records(Path dir) throws java.io.IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).count();
        }
    }

    /**
     * While the app runs, jobs/ holds the records of the newest ended jobs and of the active ones: an agent's thousands of
     * jobs grew it by up to 1 MB each until the next start. A job let go of from memory answers from its record until it rolls off.
     */
    @Test
    void theJobsFolderKeepsTheNewestEndedRecordsAndTheActiveOnesWhileTheAppRuns() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        int made = JobRecordFiles.KEPT_ON_DISK + 60;
        try (Jobs jobs = new Jobs(dir, System::nanoTime, 1)) { // no whole results held: every ended job answers from its record
            String active = jobs.submit("gather", List.of("AA"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.5, "half");
                return release.await(120, TimeUnit.SECONDS) ? Map.of("rows", 7) : null;
            }).id();
            List<String> ids = new ArrayList<>();
            while (ids.size() < made) {
                ids.addAll(runEnded(jobs, Math.min(100, made - ids.size()), ids.size()));
                assertTrue(records(dir) <= JobRecordFiles.KEPT_ON_DISK + 1, records(dir) + " records after " + ids.size() + " ended jobs");
                assertTrue(java.nio.file.Files.exists(dir.resolve(active + ".json")), "the running job's record stays though it is the oldest");
            }
            assertEquals(JobRecordFiles.KEPT_ON_DISK + 1, records(dir), "the newest ended jobs' records and the running one's");

            release.countDown();
            JobStatus end = jobs.await(active, Duration.ofSeconds(120));
            assertEquals(JobState.SUCCEEDED, end.state(), "ended the oldest, it leaves memory at once, and its record answers");
            assertEquals(Map.of("rows", 7), end.result());
            assertEquals(JobRecordFiles.KEPT_ON_DISK, records(dir));
            String letGoKept = ids.get(made - JobRecordFiles.KEPT_ON_DISK + 100);
            assertEquals(record(dir, letGoKept), jobs.status(letGoKept), "let go of from memory, its record still answers");

            SextantException gone = assertThrows(SextantException.class, () -> jobs.status(ids.get(0)));
            assertEquals("job_unknown", gone.failReason());
            assertEquals("job_id", gone.field());
            assertEquals("no job with id '" + ids.get(0) + "': if it ran, its record was removed: the app keeps the records of the newest 500"
                    + " ended jobs (by submission) and of the last 500 to drop out of those", gone.getMessage());
            assertEquals("no job with id 'nope'", assertThrows(SextantException.class, () -> jobs.status("nope")).getMessage(),
                    "an id the app never gives names no record");

            JsonNode listed = Json.MAPPER.valueToTree(jobs.listing(10));
            assertEquals(made + 1, listed.path("count").asInt(), "count covers every job of this run, its record removed too");
            assertEquals(made + 1, jobs.summary().get("succeeded"));
        }
    }

    @Test
    void aJustEndedJobAnswersItsWholeResultUntilNewerOnesFillTheBudget() throws Exception {
        long oneResult = Json.MAPPER.writeValueAsBytes(longResult(0)).length;
        try (Jobs jobs = new Jobs(dir, System::nanoTime, oneResult * 3 / 2)) {
            String a = runEnded(jobs, 1, 0).get(0);
            assertEquals(longResult(0), jobs.status(a).result(), "whole, as the work returned it");
            assertNull(jobs.list().get(0).result(), "held without it");
            String b = runEnded(jobs, 1, 1).get(0);
            assertEquals(longResult(1), jobs.status(b).result());
            JobStatus older = jobs.status(a);
            assertEquals(record(dir, a), older, "past the budget: its record");
            assertEquals(1000, ((List<?>) ((Map<?, ?>) older.result()).get("skipped")).size());
            assertEquals(List.of("S0"), older.subjects());
        }
    }

    @Test
    void aJobInNeitherMemoryNorItsFolderIsUnknownAndNoIdReadsOutsideIt() throws Exception {
        try (Jobs jobs = new Jobs(dir.resolve("jobs"))) {
            java.nio.file.Files.createDirectories(dir.resolve("jobs"));
            String real = runEnded(jobs, 1, 0).get(0);
            // a record the app could have written, but outside its folder
            tools.jackson.databind.node.ObjectNode outside = (tools.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(
                    java.nio.file.Files.readString(dir.resolve("jobs").resolve(real + ".json")));
            java.nio.file.Files.writeString(dir.resolve("scan-0000beef.json"), outside.put("id", "scan-0000beef").toString());
            assertEquals("scan-0000beef", record(dir, "scan-0000beef").id(), "it would be read as a record");
            for (String id : List.of("scan-0000abcd", "../scan-0000beef", "scan-0000abcd/../../scan-0000beef")) {
                SextantException e = assertThrows(SextantException.class, () -> jobs.status(id));
                assertEquals("job_id", e.field());
            }
        }
    }
}
