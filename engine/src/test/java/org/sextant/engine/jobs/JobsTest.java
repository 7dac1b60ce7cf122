package org.sextant.engine.jobs;

import org.sextant.contract.FailReason;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

class JobsTest {
    @TempDir Path dir;

    @Test
    void runsInTheBackgroundWithProgressAndPersistsTheResult() throws Exception {
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("forecast", List.of("AA"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.5, "half");
                return 42;
            });
            JobStatus done = jobs.await(j.id(), Duration.ofSeconds(30));
            assertEquals(JobState.SUCCEEDED, done.state());
            assertEquals(42, done.result());
            assertEquals(1.0, done.progress());
            JobStatus onDisk = Json.read(Files.readString(dir.resolve(j.id() + ".json")), JobStatus.class);
            assertEquals(JobState.SUCCEEDED, onDisk.state());
        }
    }

    /**
     * A new job never takes the id of a job in memory or of a record kept in jobs/: the record of a job let go of is
     * deleted later by its id, which would then delete the new job's record (and before, a new job overwrote it).
     */
    @Test
    void aNewJobNeverTakesTheIdOfAJobHeldOrKept() throws Exception {
        try (Jobs jobs = new Jobs(dir)) {
            java.util.Iterator<String> draws = List.of("0000000a", "0000000a", "0000000b", "0000000b", "0000000c").iterator();
            jobs.idDraws = draws::next;
            JobStatus first = jobs.submit("forecast", List.of("AA"), false, IfInterrupted.KEEPS_AT_END, ctx -> 1);
            jobs.await(first.id(), Duration.ofSeconds(30));
            Files.writeString(dir.resolve("forecast-0000000b.json"), Files.readString(dir.resolve(first.id() + ".json")).replace("0000000a", "0000000b"));
            JobStatus second = jobs.submit("forecast", List.of("KO"), false, IfInterrupted.KEEPS_AT_END, ctx -> 2);
            assertEquals("forecast-0000000a", first.id());
            assertEquals("forecast-0000000c", second.id(), "the ids held in memory and kept on disk are drawn again");
            assertEquals(1, jobs.await(first.id(), Duration.ofSeconds(30)).result());
        }
    }

    /** A job cancelled while queued is forgotten by the cancel and limit books: it never runs, so its end never clears them. */
    @Test
    void aJobCancelledBeforeItStartsLeavesNothingBooked() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobWork blocked = ctx -> release.await(30, TimeUnit.SECONDS);
            JobStatus a = jobs.submit("forecast", List.of("AA"), false, IfInterrupted.KEEPS_AT_END, blocked);
            JobStatus b = jobs.submit("forecast", List.of("KO"), false, IfInterrupted.KEEPS_AT_END, blocked); // the two reader threads are busy
            JobStatus queued = jobs.submit("forecast", List.of("IBM"), false, IfInterrupted.KEEPS_AT_END, ctx -> 1);
            JobStatus cancelled = jobs.cancel(queued.id());
            assertEquals(JobState.CANCELLED, cancelled.state());
            assertEquals("cancelled before it started", cancelled.message());
            assertEquals(6, jobs.booked(), "only the two running jobs' future, limit and reach");
            release.countDown();
            jobs.await(a.id(), Duration.ofSeconds(30));
            jobs.await(b.id(), Duration.ofSeconds(30));
        }
    }

    /** A damaged job file is skipped, and the log line names where it breaks, never its text (read_log serves the log to agents). */
    @Test
    void aDamagedJobFileIsIgnoredWithoutQuotingItsContent() throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("import-00000001.json"), "SECRETTOKEN".repeat(200));
        Files.writeString(dir.resolve("scan-00000002.json"), "{\"id\":\"x\",\"state\":\"SECRETSTATE\"}");
        String text = org.sextant.engine.testing.CapturedStderr.of(() -> {
            try (Jobs jobs = new Jobs(dir)) {
                assertTrue(jobs.list().isEmpty());
            }
        });
        assertTrue(text.contains("ignoring unreadable job file " + dir.resolve("import-00000001.json") + ": StreamReadException at line 1, column "), text);
        assertTrue(text.contains("ignoring unreadable job file " + dir.resolve("scan-00000002.json") + ": "), text);
        assertFalse(text.contains("SECRET"), text);
    }

    @Test
    void overlappingRequestCoalescesAndASecondWriterIsRefused() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus big = jobs.submit("refresh", List.of("AA", "IBM", "MSFT"), true, IfInterrupted.KEEPS_AT_END, ctx -> release.await(30, TimeUnit.SECONDS));
            JobStatus sub = jobs.submit("refresh", List.of("IBM"), true, IfInterrupted.KEEPS_AT_END, ctx -> "never runs");
            assertTrue(sub.coalesced());
            assertEquals(big.id(), sub.id());
            SextantException busy = assertThrows(SextantException.class,
                    () -> jobs.submit("refresh", List.of("XOM"), true, IfInterrupted.KEEPS_AT_END, ctx -> "other"));
            assertEquals("job_busy", busy.failReason());
            assertTrue(busy.fix().contains(big.id()), busy.fix());
            release.countDown();
            assertEquals(JobState.SUCCEEDED, jobs.await(big.id(), Duration.ofSeconds(30)).state());
            assertFalse(jobs.submit("refresh", List.of("XOM"), true, IfInterrupted.KEEPS_AT_END, ctx -> "now free").coalesced());
        }
    }

    @Test
    void cancelStopsWorkAtItsNextCheckpoint() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("backtest", List.of("run-1"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                started.countDown();
                while (true) {
                    ctx.checkCancelled();
                    Thread.onSpinWait();
                }
            });
            assertTrue(started.await(30, TimeUnit.SECONDS));
            jobs.cancel(j.id());
            assertEquals(JobState.CANCELLED, jobs.await(j.id(), Duration.ofSeconds(30)).state());
        }
    }

    /** Work that returned has written what it writes: a cancel it never saw came too late to stop it, and the job says so. */
    @Test
    void aCancelAfterTheLastCheckpointLeavesTheJobSucceededWithANote() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch written = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("import", List.of("f.csv"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
                started.countDown();
                written.await(30, TimeUnit.SECONDS); // past its last checkpoint: committing
                return 42;
            });
            assertTrue(started.await(30, TimeUnit.SECONDS));
            jobs.cancel(j.id());
            written.countDown();
            JobStatus done = jobs.await(j.id(), Duration.ofSeconds(30));
            assertEquals(JobState.SUCCEEDED, done.state());
            assertEquals(42, done.result());
            assertEquals("done: the cancel came after the work was written, so it stands", done.message());
            assertEquals(JobState.SUCCEEDED, Json.read(Files.readString(dir.resolve(j.id() + ".json")), JobStatus.class).state());
        }
    }

    /** A job that stored part of its work before the cancel stopped it says what stays. */
    @Test
    void aCancelAfterSomeCommitsNamesWhatStays() throws Exception {
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("forecast", List.of("AA", "IBM"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
                throw new Cancellation.AfterStoring("the forecasts of 1 of 2 symbol(s) (AA)");
            });
            JobStatus done = jobs.await(j.id(), Duration.ofSeconds(30));
            assertEquals(JobState.CANCELLED, done.state());
            assertEquals("cancelled after the forecasts of 1 of 2 symbol(s) (AA) had been written (that stays); the rest was not done", done.message());
        }
    }

    /** A refusal naming a user's 5 MB column header as its field made a 5 MB job file and list_jobs answer. */
    @Test
    void aJobsRecordStaysSmallWhateverItsErrorAndMessageHeld() throws Exception {
        String huge = "x".repeat(5_000_000);
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch fail = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("import", List.of("f.csv"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.5, "reading " + huge);
                reported.countDown();
                fail.await(30, TimeUnit.SECONDS);
                throw SextantException.invalid(huge, "f.csv: " + huge, "rename " + huge);
            });
            assertTrue(reported.await(30, TimeUnit.SECONDS));
            assertTrue(Files.size(dir.resolve(j.id() + ".json")) < SextantException.MAX_TEXT + 2_000, "a running job's file");
            assertTrue(jobs.status(j.id()).message().length() <= SextantException.MAX_TEXT);
            fail.countDown();
            JobStatus done = jobs.await(j.id(), Duration.ofSeconds(30));
            assertEquals(JobState.FAILED, done.state());
            assertTrue(done.field().length() <= SextantException.MAX_FIELD, "a field of " + done.field().length() + " characters");
            assertTrue(done.field().startsWith("xxxx") && done.field().endsWith("\u2026"), done.field());
            long size = Files.size(dir.resolve(j.id() + ".json"));
            assertTrue(size < 3 * SextantException.MAX_TEXT + 2_000, "job file of " + size + " bytes");
            assertTrue(Json.write(jobs.list()).length() < 3 * SextantException.MAX_TEXT + 2_000);
        }
    }

    /** A cancelled global training's member threads still reported progress and turned the job back to running, forever. */
    @Test
    void progressReportedAfterTheEndLeavesTheEndAsItWas() throws Exception {
        JobContext[] context = new JobContext[1];
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus cancelled = jobs.submit("global_training", List.of("global:20"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                context[0] = ctx;
                throw new java.util.concurrent.CancellationException();
            });
            assertEquals(JobState.CANCELLED, jobs.await(cancelled.id(), Duration.ofSeconds(30)).state());
            context[0].progress(0.5, "training the global model"); // a member thread, late
            assertEquals(JobState.CANCELLED, jobs.status(cancelled.id()).state());
            assertEquals(JobState.CANCELLED, Json.read(Files.readString(dir.resolve(cancelled.id() + ".json")), JobStatus.class).state());

            JobStatus done = jobs.submit("forecast", List.of("AA"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                context[0] = ctx;
                return 1;
            });
            assertEquals(JobState.SUCCEEDED, jobs.await(done.id(), Duration.ofSeconds(30)).state());
            context[0].progress(0.9, "late");
            assertEquals(JobState.SUCCEEDED, jobs.status(done.id()).state());
            assertEquals(1.0, jobs.status(done.id()).progress());
        }
    }

    /** A failed job says why as a refused request does (reason, field, fix), also after a restart. */
    @Test
    void failuresAreRecordedWithTheirReasonFieldAndFix() throws Exception {
        String id;
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("import", List.of("f.csv"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
                throw SextantException.invalid("paths", "f.csv line 3: close is not a number", "fix line 3");
            });
            id = j.id();
            JobStatus done = jobs.await(id, Duration.ofSeconds(30));
            assertEquals(JobState.FAILED, done.state());
            assertEquals("f.csv line 3: close is not a number", done.error());
            assertEquals(FailReason.INVALID_INPUT, done.failReason());
            assertEquals("paths", done.field());
            assertEquals("fix line 3", done.fix());
            assertEquals("f.csv line 3: close is not a number (fix: fix line 3)", done.explained());
            assertFalse(Json.write(done).contains("explained"), "the window's wording is not a field of the job");
        }
        try (Jobs again = new Jobs(dir)) {
            JobStatus read = again.status(id);
            assertEquals(List.of("f.csv line 3: close is not a number", "invalid_input", "paths", "fix line 3"),
                    List.of(read.error(), read.failReason().wire(), read.field(), read.fix()));
        }
    }

    /** A bug's exception text (class names, internals) stays in the log; readers get a plain message and a way on. */
    @Test
    void anUnexpectedFailureNamesNoJavaClass() throws Exception {
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("forecast", List.of("AA"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                throw new IllegalStateException("index 7 out of bounds in /secret/place");
            });
            JobStatus done = jobs.await(j.id(), Duration.ofSeconds(30));
            assertEquals(JobState.FAILED, done.state());
            assertEquals(FailReason.INTERNAL_ERROR, done.failReason());
            String json = Json.write(done);
            assertFalse(json.contains("IllegalStateException") || json.contains("/secret/place"), json);
            assertTrue(done.error().contains("logs/sextant.log") && done.fix() != null, done.error());
        }
    }

    @Test
    void aJobRunningWhenTheAppDiedShowsAsInterruptedAfterRestart() throws Exception {
        // what their submitters declare (Sextant.startForecast, startImport), as their records keep it
        String forecastLeaves = new org.sextant.engine.forecast.ForecastService.JobRequest(List.of("AA"), "naive", 5, false, null).ifInterrupted().leaves();
        JobStatus running = new JobStatus("forecast-0000dead", "forecast", List.of("AA"), true, forecastLeaves, JobState.RUNNING, 0.3, "running",
                Instant.parse("2026-01-02T03:00:00Z"), Instant.parse("2026-01-02T03:00:00Z"), null, null, null, null, null, null, false, null);
        Files.writeString(dir.resolve("forecast-0000dead.json"), Json.write(running));
        Instant lastProgress = Instant.parse("2026-01-02T03:04:05Z"); // when the record was last written: the app died after it
        Files.setLastModifiedTime(dir.resolve("forecast-0000dead.json"), java.nio.file.attribute.FileTime.from(lastProgress));
        JobStatus imported = new JobStatus("import-0000dead", "import", List.of("a.csv"), true, org.sextant.engine.ingest.PriceImporter.IF_INTERRUPTED.leaves(),
                JobState.RUNNING, 0.05, "reading",
                Instant.parse("2026-01-02T03:00:00Z"), Instant.parse("2026-01-02T03:00:00Z"), null, null, null, null, null, null, false, null);
        Files.writeString(dir.resolve("import-0000dead.json"), Json.write(imported));
        try (Jobs jobs = new Jobs(dir)) {
            assertEquals(JobState.INTERRUPTED, jobs.status("forecast-0000dead").state());
            assertFalse(jobs.status("forecast-0000dead").state().active());
            // attack 16 L2: finished_at was the restart, and the message did not say what the job left
            assertEquals(lastProgress, jobs.status("forecast-0000dead").finishedAt());
            assertEquals("interrupted: the app stopped while it ran; the forecasts it had stored as it went stay", jobs.status("forecast-0000dead").message());
            assertEquals("interrupted: the app stopped while it ran; an import writes all or nothing, so nothing of it was written",
                    jobs.status("import-0000dead").message());
            // a new writer is not blocked by the dead one
            jobs.submit("forecast", List.of("AA"), true, IfInterrupted.KEEPS_AT_END, ctx -> 1);
        }
        assertTrue(Files.readString(dir.resolve("forecast-0000dead.json")).contains("INTERRUPTED"));
    }

    /** A job's subjects (a person's file names) are shown escaped everywhere; a record's error read back is bounded (attack 20). */
    @Test
    void subjectsAreShownEscapedAndARecordReadBackIsBounded() throws Exception {
        String evil = "\u001b[31mred\u202Etxt.csv\u2066";
        JobStatus failed = new JobStatus("import-0000beef", "import", List.of("SUBJECT"), true, org.sextant.engine.ingest.PriceImporter.IF_INTERRUPTED.leaves(),
                JobState.FAILED, 1, "failed", Instant.now().minusSeconds(60), Instant.now().minusSeconds(60), Instant.now().minusSeconds(30), "ERROR",
                org.sextant.contract.FailReason.INVALID_INPUT, null, null, null, false, null);
        // edited by hand: raw controls in its subjects, an error of 11,000 characters
        Files.writeString(dir.resolve("import-0000beef.json"), Json.write(failed).replace("\"SUBJECT\"", "\"\\u001b[31mred\u202Etxt.csv\u2066\"")
                .replace("\"ERROR\"", "\"" + "e".repeat(11_000) + "\""));
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus read = jobs.status("import-0000beef");
            assertEquals(List.of("\\u001b[31mred\\u202etxt.csv\\u2066"), read.subjects());
            assertTrue(read.error().length() <= org.sextant.engine.SextantException.MAX_TEXT, "bounded: " + read.error().length());
            JobStatus started = jobs.submit("import", List.of(evil), true, IfInterrupted.KEEPS_AT_END, ctx -> 1);
            assertEquals(List.of("\\u001b[31mred\\u202etxt.csv\\u2066"), started.subjects());
            String listed = Json.write(jobs.listing(null));
            // a raw ESC would be JSON's backslash-u001B; the escaped subject is the text backslash-u001b, its backslash doubled in JSON
            assertFalse(listed.contains("\u202E") || listed.contains("\u2066") || listed.contains("\\u001B"), listed);
            assertTrue(listed.contains("\\\\u001b[31mred\\\\u202etxt.csv"), listed);
            assertFalse(Json.write(jobs.status(started.id())).contains("\u202E"));
        }
    }

    /** Every job is bounded in time (a clock that moves a minute per step: no wall-clock waits). */
    @Test
    void aJobPastItsTimeLimitEndsTimedOutSayingHowFarItGotAndWhatItKept() throws Exception {
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        long minute = Duration.ofMinutes(1).toNanos();
        try (Jobs jobs = new Jobs(dir, clock::get)) {
            // no limit named: the default holds, checked deep in the work as a cancel is (Cancellation.check)
            JobStatus sweep = jobs.submit("backtest", List.of("s"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                for (int step = 1; step <= 10_000; step++) {
                    ctx.progress(step / 10_000.0, step + " of 10000 configurations");
                    clock.addAndGet(minute);
                    Cancellation.check();
                }
                return "ran for 10000 minutes";
            });
            JobStatus end = jobs.await(sweep.id(), Duration.ofSeconds(30));
            assertEquals(JobState.TIMED_OUT, end.state(), end.toString());
            assertFalse(end.state().active());
            assertEquals("timed out after 120 min at: 120 of 10000 configurations; nothing was written", end.message());
            assertEquals(FailReason.TIMEOUT, end.failReason());
            assertTrue(end.fix().contains("time_limit_minutes up to 1440"), end.fix());
            assertTrue(Files.readString(dir.resolve(sweep.id() + ".json")).contains("TIMED_OUT"));

            // a named limit; work that commits as it goes keeps what it wrote, and says so
            JobStatus forecasts = jobs.submit("forecast", List.of("f"), true, IfInterrupted.KEEPS_AT_END, 3, ctx -> {
                int stored = 0;
                try {
                    while (true) {
                        stored++;
                        clock.addAndGet(minute);
                        ctx.checkCancelled();
                    }
                } catch (java.util.concurrent.CancellationException e) {
                    throw new Cancellation.AfterStoring("the forecasts of " + stored + " of 10 symbol(s)");
                }
            });
            end = jobs.await(forecasts.id(), Duration.ofSeconds(30));
            assertEquals(JobState.TIMED_OUT, end.state(), end.toString());
            assertTrue(end.message().endsWith("the forecasts of 3 of 10 symbol(s) had been written (that stays); the rest was not done"), end.message());

            for (int minutes : new int[] {0, 1441}) {
                SextantException e = assertThrows(SextantException.class, () -> jobs.submit("backtest", List.of("x"), false, IfInterrupted.KEEPS_AT_END, minutes, ctx -> 1));
                assertEquals("time_limit_minutes", e.field());
            }
            assertEquals(JobState.SUCCEEDED, jobs.await(jobs.submit("backtest", List.of("y"), false, IfInterrupted.KEEPS_AT_END, 1440, ctx -> 1).id(), Duration.ofSeconds(30)).state());
        }
    }

    @Test
    void unknownJobIsNamed() {
        try (Jobs jobs = new Jobs(dir)) {
            SextantException e = assertThrows(SextantException.class, () -> jobs.status("nope"));
            assertEquals("job_unknown", e.failReason());
        }
    }
}
