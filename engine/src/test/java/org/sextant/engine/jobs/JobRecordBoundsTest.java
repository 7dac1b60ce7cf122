package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.home.HomeFileBounds;
import tools.jackson.databind.JsonNode;

/**
 * What the app writes of a job always fits what a start reads back: a whole-store scan of 20,000 symbols wrote
 * records of 1 to 3.5 MB, past the 1 MB bound, and vanished at the next start (attack 17, M2).
 */
class JobRecordBoundsTest {
    @TempDir Path dir;

    private static List<String> subjects(int n) {
        return IntStream.range(0, n).mapToObj(i -> String.format("SYMBOL%034d:theta:20", i)).toList();
    }

    /** A scan's result: 20,008 skipped symbols, each with its reason. */
    private static Map<String, Object> scanResult() {
        List<Map<String, String>> skipped = new ArrayList<>();
        for (int i = 0; i < 20_008; i++) skipped.add(Map.of("symbol", String.format("SYMBOL%034d", i), "reason", "too little history: 1 close, 250 needed"));
        return Json.object("rows", List.of(Map.of("symbol", "AA", "ratio", 1.5)), "scanned", 20_044, "skipped", skipped);
    }

    @Test
    void aRunningJobOfManySubjectsIsShownInterruptedAfterARestart() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Jobs running = new Jobs(dir)) {
            JobStatus scan = running.submit("scan", subjects(20_000), true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> release.await(60, TimeUnit.SECONDS));
            assertTrue(Files.size(dir.resolve(scan.id() + ".json")) <= HomeFileBounds.JOB_RECORD);
            try (Jobs restarted = new Jobs(dir)) {
                JobStatus back = restarted.status(scan.id());
                assertEquals(JobState.INTERRUPTED, back.state());
                assertEquals(JobRecordBounds.SUBJECTS + 1, back.subjects().size());
                assertEquals("SYMBOL0000000000000000000000000000000000:theta:20", back.subjects().get(0));
                assertEquals("\u2026 and 19900 more", back.subjects().get(JobRecordBounds.SUBJECTS));
            }
            try (Jobs again = new Jobs(dir)) {
                assertEquals("\u2026 and 19900 more", again.status(scan.id()).subjects().get(JobRecordBounds.SUBJECTS),
                        "its record, rewritten INTERRUPTED, keeps the count of the subjects cut");
            }
            // in memory it keeps every subject: the same request joins it
            assertTrue(running.submit("scan", subjects(20_000), true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> null).coalesced());
            release.countDown();
        }
    }

    @Test
    void aSucceededJobsLongResultListsAreCutWithTheirCountsAndTheJobIsThereAfterARestart() throws Exception {
        String id;
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus scan = jobs.submit("scan", subjects(20_000), true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> scanResult());
            id = scan.id();
            JobStatus end = jobs.await(id, Duration.ofSeconds(60));
            assertEquals(JobState.SUCCEEDED, end.state());
            assertEquals(20_008, ((List<?>) ((Map<?, ?>) end.result()).get("skipped")).size(), "job_status answers the whole result of a job just ended");
        }
        assertTrue(Files.size(dir.resolve(id + ".json")) <= HomeFileBounds.JOB_RECORD, "record of " + Files.size(dir.resolve(id + ".json")) + " bytes");
        try (Jobs restarted = new Jobs(dir)) {
            JsonNode result = Json.MAPPER.valueToTree(restarted.status(id).result());
            assertEquals(1000, result.path("skipped").size());
            assertEquals(20_044, result.path("scanned").asInt());
            assertEquals("AA", result.path("rows").get(0).path("symbol").asString());
            JsonNode cut = result.path("truncated_lists").get(0);
            assertEquals("skipped", cut.path("list").asString());
            assertEquals(20_008, cut.path("total").asInt());
            assertEquals(1000, cut.path("kept").asInt());
        }
    }

    /** Subjects of the longest paths, texts at their bound in escapes, a result too large for any cut: still under the bound. */
    @Test
    void theLargestRecordAJobCanMakeFitsTheBoundAStartReads() throws Exception {
        String wide = "\u0001".repeat(10_000);
        List<String> paths = IntStream.range(0, 5_000).mapToObj(i -> "/" + "\u00e9\u0001".repeat(3000) + i).toList();
        List<String> huge = IntStream.range(0, 10).mapToObj(i -> "x".repeat(200_000)).toList();
        try (Jobs jobs = new Jobs(dir)) {
            // the waits bound a hang, not the speed: 30 MB of subjects took over 60 s to record at load 20 (a CI run)
            JobStatus j = jobs.submit("import", paths, true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.5, wide);
                throw new org.sextant.engine.SextantException(org.sextant.contract.FailReason.INVALID_INPUT, wide, wide, wide);
            });
            assertEquals(JobState.FAILED, jobs.await(j.id(), Duration.ofMinutes(10)).state());
            assertTrue(Files.size(dir.resolve(j.id() + ".json")) <= HomeFileBounds.JOB_RECORD, Files.size(dir.resolve(j.id() + ".json")) + " bytes");
            JobStatus big = jobs.submit("backtest", paths, false, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> Map.of("notes", huge));
            assertEquals(JobState.SUCCEEDED, jobs.await(big.id(), Duration.ofMinutes(10)).state());
            String text = Files.readString(dir.resolve(big.id() + ".json"));
            assertTrue(text.length() <= HomeFileBounds.JOB_RECORD, text.length() + " bytes");
            assertTrue(text.contains("bytes of JSON, more than the 524288 a job's record keeps of it"), text.substring(0, 200));
        }
        try (Jobs restarted = new Jobs(dir)) {
            assertEquals(2, restarted.list().size());
        }
    }

    @Test
    void listJobsListsTheNewestWithoutResultsAndCountsThemAll() throws Exception {
        try (Jobs jobs = new Jobs(dir)) {
            for (int i = 0; i < 3; i++) jobs.await(jobs.submit("scan", subjects(200 + i), true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> scanResult()).id(), Duration.ofSeconds(60));
            JsonNode listed = Json.MAPPER.valueToTree(jobs.listing(2));
            assertEquals(3, listed.path("count").asInt());
            assertEquals(2, listed.path("limit").asInt());
            assertTrue(listed.path("truncated").asBoolean());
            assertEquals(2, listed.path("jobs").size());
            assertEquals(jobs.list().get(0).id(), listed.path("jobs").get(0).path("id").asString(), "newest first");
            assertFalse(listed.path("jobs").get(0).has("result"));
            assertEquals(JobRecordBounds.SUBJECTS + 1, listed.path("jobs").get(0).path("subjects").size());
            assertTrue(Json.write(jobs.listing(null)).length() < 100_000);
            assertEquals(JobListing.DEFAULT_LIMIT, Json.MAPPER.valueToTree(jobs.listing(null)).path("limit").asInt());
        }
    }
}
