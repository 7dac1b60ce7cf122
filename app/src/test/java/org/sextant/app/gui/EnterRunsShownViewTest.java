package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Enter presses the main button of the view on screen, in the real window at 1000x700 driven by keys: Scans' Scan and
 * Analogues' Compare with history are both Enter's button, and the scene keeps one per key, the last view built winning.
 * After a look at Analogues, Enter in a Scans field did nothing (it went to the hidden Compare button).
 */
@ExtendWith(ApplicationExtension.class)
class EnterRunsShownViewTest {
    /** Liveness guard for the scan job to stop, not a performance bound. */
    private static final int SCAN_GIVE_UP_SECONDS = 300;

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void enterInAScansFieldScansAfterTheAnaloguesViewWasOpened(FxRobot robot) throws Exception {
        ScansView scans = scansAt1000By700(robot);
        showByKeys(robot, AnaloguesView.ID);
        showByKeys(robot, ScansView.ID);

        String before = WaitForAsyncUtils.asyncFx(() -> scans.model().statusProperty().get()).get();
        OnScreen.clickOn(robot, "#scan-min-rr").write("0.5");
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        // Scan sets its status at once on the FX thread; its job starts on another
        assertNotEquals(before, WaitForAsyncUtils.asyncFx(() -> scans.model().statusProperty().get()).get(), "Enter pressed Scan");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.engine.jobs().list().stream().anyMatch(j -> j.kind().equals("scan")));
        // the ranking itself is ScansViewTest's: stopped here, so the store closes without a scan running
        WaitForAsyncUtils.asyncFx(scans.model()::cancel).get();
        WaitForAsyncUtils.waitFor(SCAN_GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> !scans.model().runningProperty().get()).get());
    }

    /**
     * A number typed in the Top or Min closes spinner and Enter: the scan runs with that value, as Enter in the reward/risk
     * field runs with its text. Top 7 ranks seven rows; Min closes 100000 (more closes than any sample symbol has) skips them all.
     */
    @Test
    void enterInTheTopAndMinClosesSpinnersScansWithTheTypedValue(FxRobot robot) throws Exception {
        ScansView scans = scansAt1000By700(robot);

        typeAndEnter(robot, "#scan-top .text-field", "7");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> scanJobs() == 1);
        awaitTheScan(scans);
        assertEquals(7, WaitForAsyncUtils.asyncFx(() -> scans.model().rows().size()).get(), "the scan ranked the typed Top");

        typeAndEnter(robot, "#scan-min-history .text-field", "100000");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> scanJobs() == 2);
        awaitTheScan(scans);
        assertEquals(0, WaitForAsyncUtils.asyncFx(() -> scans.model().rows().size()).get(), "the scan skipped every symbol for Min closes");
    }

    /** The Scans view shown by keys in the window at 1000x700, on the drift model (fast over the sample universe). */
    private ScansView scansAt1000By700(FxRobot robot) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
        showByKeys(robot, ScansView.ID);
        ScansView scans = (ScansView) bench.window.view(ScansView.ID);
        WaitForAsyncUtils.asyncFx(() -> scans.model().modelProperty().set("drift")).get();
        return scans;
    }

    private static void typeAndEnter(FxRobot robot, String field, String value) {
        OnScreen.clickOn(robot, field);
        robot.press(KeyCode.SHORTCUT, KeyCode.A).release(KeyCode.A, KeyCode.SHORTCUT);
        robot.write(value).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private long scanJobs() {
        return bench.engine.jobs().list().stream().filter(j -> j.kind().equals("scan")).count();
    }

    private static void awaitTheScan(ScansView scans) throws Exception {
        WaitForAsyncUtils.waitFor(SCAN_GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> !scans.model().runningProperty().get()).get());
    }

    /** Ctrl+n, n the view's place in the tabs (Charts is 1). */
    private void showByKeys(FxRobot robot, String id) throws Exception {
        KeyCode digit = KeyCode.getKeyCode(String.valueOf(bench.window.viewIds().indexOf(id) + 1));
        robot.press(KeyCode.SHORTCUT, digit).release(digit, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> id.equals(WaitForAsyncUtils.asyncFx(bench.window::shownView).get()));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
