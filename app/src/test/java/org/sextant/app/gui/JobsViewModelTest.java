package org.sextant.app.gui;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;

/** The Jobs view's model lists the engine's jobs with their progress and cancels one. */
class JobsViewModelTest {
    @TempSextant private Sextant engine;
    @RegisterExtension final BackgroundThread background = new BackgroundThread();
    private JobsViewModel model;

    @BeforeEach
    void open() {
        model = new JobsViewModel(engine, background, Runnable::run);
    }

    @AfterEach
    void close() {
        model.close();
    }

    @Test
    void listsARunningJobWithItsProgressAndCancelsIt() throws Exception {
        CountDownLatch reported = new CountDownLatch(1);
        JobStatus job = engine.jobs().submit("test_wait", List.of("x"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
            ctx.progress(0.4, "waiting for cancel");
            reported.countDown();
            while (true) {
                ctx.checkCancelled();
                Thread.sleep(5);
            }
        });
        assertTrue(reported.await(60, TimeUnit.SECONDS));
        List<JobStatus> listed = model.refresh().get();
        JobStatus shown = model.jobs().stream().filter(j -> j.id().equals(job.id())).findFirst().orElseThrow();
        assertEquals(JobState.RUNNING, shown.state());
        assertEquals(0.4, shown.progress(), 1e-9);
        assertEquals("waiting for cancel", shown.message());
        assertEquals(listed.size(), model.jobs().size());

        model.cancel(job.id()).get();
        assertEquals(JobState.CANCELLED, engine.jobs().await(job.id(), Duration.ofSeconds(60)).state());
        model.refresh().get();
        assertEquals(JobState.CANCELLED, model.jobs().stream().filter(j -> j.id().equals(job.id())).findFirst().orElseThrow().state());
    }

    @Test
    void cancellingAnUnknownJobShowsTheEnginesError() throws Exception {
        model.cancel("nope").handle((s, e) -> null).get();
        assertTrue(model.errorProperty().get().contains("no job with id 'nope'"), model.errorProperty().get());
    }

    /** A job's bug shows in its Message as the incident's mark and the log it is in, never as the exception's own words. */
    @Test
    void aFailedJobsBugShowsItsIncidentMarkAndLogNotTheExceptionText() throws Exception {
        JobStatus job = engine.jobs().submit("test_bug", List.of("x"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
            throw new IllegalStateException("cannot parse /home/ana/private/holdings.csv line 3: 41.2");
        });
        assertEquals(JobState.FAILED, engine.jobs().await(job.id(), Duration.ofSeconds(60)).state());
        model.refresh().get();
        String shown = JobsViewModel.message(model.jobs().stream().filter(j -> j.id().equals(job.id())).findFirst().orElseThrow());
        assertFalse(shown.contains("holdings") || shown.contains("41.2") || shown.contains("IllegalStateException"), shown);
        java.util.regex.Matcher mark = java.util.regex.Pattern.compile("logged as incident (\\w{8}) in [^)]*logs/sextant\\.log\\)").matcher(shown);
        assertTrue(mark.find(), shown);
        assertTrue(shown.contains("(fix: retry; if it fails again, report incident " + mark.group(1) + " with "), shown);
    }
}
