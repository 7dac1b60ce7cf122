package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.ProgressBar;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** Drives the Jobs view: a running job shows its progress bar, and its Cancel button stops it. */
@ExtendWith(ApplicationExtension.class)
class JobsViewTest {
    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void aRunningJobShowsItsProgressAndIsCancelledFromItsButton(FxRobot robot) throws Exception {
        TwoJobs jobs = twoJobsShown(robot);
        JobStatus done = jobs.done(), running = jobs.running();
        JobsView view = jobs.view();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#cancel-" + running.id()).tryQuery().isPresent());
        assertEquals(2, view.table().getItems().size());
        assertEquals(running.id(), view.table().getItems().get(0).id(), "newest first");
        ProgressBar bar = robot.lookup(".progress-bar").queryAllAs(ProgressBar.class).stream()
                .filter(b -> Math.abs(b.getProgress() - 0.4) < 1e-9).findFirst().orElseThrow();
        assertTrue(bar.isVisible());
        assertTrue(robot.lookup("#cancel-" + done.id()).tryQuery().isEmpty(), "a finished job has no Cancel button");
        bench.photograph("jobs");
        List<List<String>> csv = TableExports.byMenu(robot, view.table(), bench.engine.home().root().resolve("jobs.csv"));
        assertEquals(List.of("Job", "Kind", "On", "State", "Progress", "Message", "Started", "Finished"), csv.get(0), "no column for the buttons");
        assertEquals(3, csv.size());
        assertEquals(List.of(running.id(), "import", "/data/prices-2024.csv", "RUNNING", "0.4", "importing 1 file(s)"), csv.get(1).subList(0, 6));
        assertEquals(bench.engine.jobs().status(done.id()).finishedAt().toString(), csv.get(2).get(7), "the instant in full");

        // a click can land while the export menu's popup still closes (it was lost so in a CI run): click until the job stops
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> {
            java.util.Optional<Button> cancel = robot.lookup("#cancel-" + running.id()).tryQueryAs(Button.class);
            if (cancel.isPresent()) {
                try {
                    OnScreen.clickOn(robot, cancel.get());
                } catch (AssertionError notShowingYet) {
                    return false;
                }
            }
            return bench.engine.jobs().await(running.id(), Duration.ofSeconds(2)).state() == JobState.CANCELLED;
        });
        assertEquals(JobState.CANCELLED, bench.engine.jobs().await(running.id(), Duration.ofSeconds(GIVE_UP_SECONDS)).state());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#cancel-" + running.id()).tryQuery().isEmpty()
                && view.table().getItems().get(0).state() == JobState.CANCELLED);
    }

    /**
     * Without the mouse: Tab reaches the table, the arrows pick a job, and Delete cancels the picked job while it runs, as its
     * row's Cancel button does; on a finished job it does nothing. The row's button was out of the keys' reach.
     */
    @Test
    void aRunningJobIsCancelledFromTheKeyboard(FxRobot robot) throws Exception {
        TwoJobs jobs = twoJobsShown(robot);
        JobStatus done = jobs.done(), running = jobs.running();
        JobsView view = jobs.view();

        for (int i = 0; i < 20 && !WaitForAsyncUtils.asyncFx(view.table()::isFocused).get(); i++) {
            robot.type(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertTrue(WaitForAsyncUtils.asyncFx(view.table()::isFocused).get(), "Tab reaches the jobs table");
        robot.type(KeyCode.END); // the oldest: the finished backtest
        robot.type(KeyCode.DELETE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(JobState.SUCCEEDED, bench.engine.jobs().status(done.id()).state(), "a finished job stays as it ended");
        robot.type(KeyCode.HOME); // the newest: the running import
        assertEquals(running.id(), WaitForAsyncUtils.asyncFx(() -> view.table().getSelectionModel().getSelectedItem().id()).get());
        robot.type(KeyCode.DELETE);
        assertEquals(JobState.CANCELLED, bench.engine.jobs().await(running.id(), Duration.ofSeconds(GIVE_UP_SECONDS)).state());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#cancel-" + running.id()).tryQuery().isEmpty());
    }

    /** A finished forecast backtest and an import that reports 0.4 and runs until cancelled, on the Jobs tab (Ctrl+its number). */
    private record TwoJobs(JobStatus done, JobStatus running, JobsView view) {}

    private TwoJobs twoJobsShown(FxRobot robot) throws Exception {
        String symbol = bench.engine.listSymbols(null).get(0).symbol();
        JobStatus done = bench.engine.startForecastBacktest(List.of(symbol), null, 5);
        assertEquals(JobState.SUCCEEDED, bench.engine.jobs().await(done.id(), Duration.ofSeconds(GIVE_UP_SECONDS)).state());
        CountDownLatch reported = new CountDownLatch(1);
        JobStatus running = bench.engine.jobs().submit("import", List.of("/data/prices-2024.csv"), true, PriceImporter.IF_INTERRUPTED, ctx -> {
            ctx.progress(0.4, "importing 1 file(s)");
            reported.countDown();
            while (true) {
                ctx.checkCancelled();
                Thread.sleep(5);
            }
        });
        assertTrue(reported.await(GIVE_UP_SECONDS, TimeUnit.SECONDS));
        int tab = bench.window.viewIds().indexOf("jobs") + 1;
        robot.press(KeyCode.SHORTCUT, KeyCode.getKeyCode(String.valueOf(tab))).release(KeyCode.getKeyCode(String.valueOf(tab)), KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "jobs".equals(bench.window.shownView()));
        JobsView view = (JobsView) bench.window.view("jobs");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.table().getItems().size() == 2);
        return new TwoJobs(done, running, view);
    }
}
