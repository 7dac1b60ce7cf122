package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import tools.jackson.databind.node.ObjectNode;

/** A start takes only the job records the app could have written, and deletes old ended ones (attack 17, M6, M7, L7, M2). */
class JobRecordFilesTest {
    @TempDir Path home;

    private Path jobsDir() throws Exception {
        return Files.createDirectories(home.resolve("jobs"));
    }

    /** A record as the app writes one, then edited by hand: {@code edits} are key, value pairs (a value may be null). */
    private static String record(String id, String state, Object... edits) {
        JobStatus s = new JobStatus(id, id.substring(0, id.lastIndexOf('-')), List.of("AA:theta:20"), true, null, JobState.valueOf(state), 0.4, "scanning AA (1/2)",
                Instant.now().minusSeconds(60), Instant.now().minusSeconds(60), null, null, null, null, null, null, false, null);
        ObjectNode tree = Json.MAPPER.valueToTree(s);
        for (int i = 0; i < edits.length; i += 2) tree.set((String) edits[i], Json.MAPPER.valueToTree(edits[i + 1]));
        return tree.toString();
    }

    @Test
    void aRecordWhoseIdIsAPathOrAnotherFilesNameIsIgnoredAndNothingIsWritten() throws Exception {
        Path dir = jobsDir();
        Path victim = Files.createDirectories(home.resolve("elsewhere")).resolve("mcp.json");
        Files.writeString(victim, "{\"mcpServers\":{\"x\":{\"command\":\"safe\"}}}");
        String real = record("forecast-7f7f5b5f", "SUCCEEDED", "finished_at", Instant.now());
        Files.writeString(dir.resolve("forecast-7f7f5b5f.json"), real);
        Files.writeString(dir.resolve("innocent-looking.json"), record("scan-00000001", "RUNNING", "id", victim.toString().replace(".json", "")));
        Files.writeString(dir.resolve("scan-00000002.json"), record("scan-00000002", "RUNNING", "id", "../evil"));
        Files.writeString(dir.resolve("scan-00000003.json"), record("scan-00000003", "RUNNING", "id", "forecast-7f7f5b5f", "kind", "forecast"));
        Files.writeString(dir.resolve("scan-00000004.json"), record("scan-00000004", "RUNNING", "kind", "forecast"));
        Files.writeString(dir.resolve("scan-0000000\u001b[31m.json"), record("scan-00000005", "RUNNING"));
        String log = org.sextant.engine.testing.CapturedStderr.of(() -> {
            try (Jobs jobs = new Jobs(dir)) {
                assertEquals(List.of("forecast-7f7f5b5f"), jobs.list().stream().map(JobStatus::id).toList());
                assertEquals(JobState.SUCCEEDED, jobs.status("forecast-7f7f5b5f").state());
            }
        });
        assertEquals("{\"mcpServers\":{\"x\":{\"command\":\"safe\"}}}", Files.readString(victim), "nothing written outside jobs/");
        assertFalse(Files.exists(home.resolve("evil.json")));
        assertEquals(real, Files.readString(dir.resolve("forecast-7f7f5b5f.json")), "the real job's record is not rewritten");
        assertTrue(log.contains("innocent-looking.json: its name is not a job id"), log);
        assertTrue(log.contains("scan-00000002.json: its id is not its file's name"), log);
        assertTrue(log.contains("scan-00000003.json: its id is not its file's name"), log);
        assertTrue(log.contains("scan-00000004.json: its kind is not the one its id names"), log);
        assertTrue(log.contains("scan-0000000\\u001b[31m.json: its name is not a job id"), log);
        assertFalse(log.contains("\u001b") || log.contains("evil") || log.contains("elsewhere"), "no content and no raw name is logged: " + log);
    }

    @Test
    void aRecordMissingARequiredFieldIsLeftOutAndTheListStillAnswers() throws Exception {
        Path dir = jobsDir();
        Files.writeString(dir.resolve("scan-0000000a.json"), record("scan-0000000a", "SUCCEEDED", "created_at", null));
        Files.writeString(dir.resolve("scan-0000000b.json"), record("scan-0000000b", "SUCCEEDED", "state", null));
        Files.writeString(dir.resolve("scan-0000000c.json"), record("scan-0000000c", "SUCCEEDED", "subjects", null));
        Files.writeString(dir.resolve("scan-0000000d.json"), record("scan-0000000d", "SUCCEEDED", "message", null));
        Files.writeString(dir.resolve("scan-0000000e.json"), record("scan-0000000e", "SUCCEEDED", "progress", 7));
        Files.writeString(dir.resolve("scan-0000000f.json"), record("scan-0000000f", "SUCCEEDED"));
        String log = org.sextant.engine.testing.CapturedStderr.of(() -> {
            try (Jobs jobs = new Jobs(dir)) {
                assertEquals(List.of("scan-0000000f"), jobs.list().stream().map(JobStatus::id).toList());
            }
        });
        assertTrue(log.contains("scan-0000000a.json: its created_at is missing"), log);
        assertTrue(log.contains("scan-0000000b.json: its state is missing"), log);
        assertTrue(log.contains("scan-0000000c.json: its subjects is missing"), log);
        assertTrue(log.contains("scan-0000000e.json: its progress is not 0..1"), log);
        assertTrue(Files.exists(dir.resolve("scan-0000000a.json")), "a damaged record is left as it is");
    }

    /** A record from the far future stayed first in list_jobs forever; a day's slack is left for a clock set back. */
    @Test
    void aRecordCreatedMoreThanADayAfterTheStartIsDamaged() throws Exception {
        Path dir = jobsDir();
        Files.writeString(dir.resolve("scan-000000aa.json"), record("scan-000000aa", "SUCCEEDED", "created_at", "+999999999-12-31T23:59:59Z"));
        Files.writeString(dir.resolve("scan-000000bb.json"), record("scan-000000bb", "SUCCEEDED", "created_at", Instant.now().plus(Duration.ofDays(2))));
        Files.writeString(dir.resolve("scan-000000cc.json"), record("scan-000000cc", "SUCCEEDED", "created_at", Instant.now().plus(Duration.ofHours(2))));
        String log = org.sextant.engine.testing.CapturedStderr.of(() -> {
            try (Jobs jobs = new Jobs(dir)) {
                assertEquals(List.of("scan-000000cc"), jobs.list().stream().map(JobStatus::id).toList());
            }
        });
        assertTrue(log.contains("scan-000000aa.json: its created_at is more than a day after this start"), log);
    }

    /** A start keeps the records jobs/ keeps while the app runs, by the same rule (LetGoRecords): as jobs end, the oldest go on. */
    @Test
    void aStartDeletesEndedRecordsPastTheNewestKeptOnesAndTheRunGoesOnByTheSameRule() throws Exception {
        Path dir = jobsDir();
        Instant now = Instant.now();
        int made = JobRecordFiles.KEPT_ON_DISK + 3;
        for (int i = 0; i < made; i++) {
            String id = String.format("gather-%08x", i);
            Files.writeString(dir.resolve(id + ".json"), record(id, "SUCCEEDED", "created_at", now.minusSeconds(3600 + i)));
        }
        Files.writeString(dir.resolve("scan-0000abcd.json"), record("scan-0000abcd", "RUNNING", "created_at", now.minus(Duration.ofDays(400))));
        try (Jobs jobs = new Jobs(dir)) {
            assertEquals(JobRecordFiles.KEPT_ENDED, jobs.list().size(), "memory holds the newest");
            assertEquals("gather-00000000", jobs.list().get(0).id(), "the newest stay");
            assertFalse(jobs.list().stream().anyMatch(j -> j.id().equals("scan-0000abcd")), "an interrupted job has ended: the oldest goes");
            assertEquals(JobRecordFiles.KEPT_ON_DISK, records(dir));
            assertFalse(Files.exists(dir.resolve(String.format("gather-%08x.json", made - 1))));
            assertFalse(Files.exists(dir.resolve("scan-0000abcd.json")));
            String onDiskOnly = String.format("gather-%08x", JobRecordFiles.KEPT_ON_DISK - 1);
            assertEquals(JobState.SUCCEEDED, jobs.status(onDiskOnly).state(), "past memory, its record answers");

            assertEquals(JobState.SUCCEEDED, jobs.await(jobs.submit("scan", List.of("BB"), false, IfInterrupted.KEEPS_AT_END, ctx -> 1).id(),
                    Duration.ofSeconds(60)).state());
            assertEquals(JobRecordFiles.KEPT_ON_DISK, records(dir), "a job ended: the oldest record kept went");
            assertFalse(Files.exists(dir.resolve(onDiskOnly + ".json")));
            assertTrue(Files.exists(dir.resolve(String.format("gather-%08x.json", JobRecordFiles.KEPT_ON_DISK - 2))));
        }
    }

    private static long records(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.count();
        }
    }
}
