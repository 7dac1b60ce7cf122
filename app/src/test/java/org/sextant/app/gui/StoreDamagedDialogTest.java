package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** The window start's dialog when the store will not open: Recover and Quit answer, the report is shown. */
@ExtendWith(ApplicationExtension.class)
class StoreDamagedDialogTest {

    @Test
    void recoverOrQuitIsThePersonsChoiceAndTheReportIsShown(FxRobot robot) throws Exception {
        CompletableFuture<Boolean> recover = CompletableFuture.supplyAsync(() -> StoreDamagedDialog.askToRecover("Sextant could not open its store X (torn log)."));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> showing(robot, "Recover").isPresent());
        assertTrue(robot.lookup(".dialog-pane .content").queryLabeled().getText().startsWith("Sextant could not open its store X"));
        WaitForAsyncUtils.waitForFxEvents(); // the dialog's button bar may rebuild its buttons on the first pulses
        OnScreen.clickOn(robot, showing(robot, "Recover").orElseThrow());
        assertTrue(recover.get(60, TimeUnit.SECONDS));

        CompletableFuture<Boolean> quit = CompletableFuture.supplyAsync(() -> StoreDamagedDialog.askToRecover("again"));
        // the first dialog's buttons may still be found while it closes: take the one in a showing window
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> showing(robot, "Quit").isPresent());
        // found and pressed on the FX thread in one step: the closing dialog's window can still be
        // listed while the new one builds its buttons, so a node taken on this thread may be detached by the click
        robot.interact(() -> ((javafx.scene.control.Button) showing(robot, "Quit").orElseThrow()).fire());
        assertFalse(quit.get(60, TimeUnit.SECONDS));

        CompletableFuture<Void> report = CompletableFuture.runAsync(() -> StoreDamagedDialog.showReport(List.of("recovered from: the last checkpoint", "  prices: 7 rows")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane .text-area").tryQuery().isPresent());
        assertEquals("recovered from: the last checkpoint\n  prices: 7 rows", robot.lookup(".dialog-pane .text-area").queryAs(TextArea.class).getText());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> showing(robot, "OK").isPresent());
        robot.interact(() -> ((javafx.scene.control.Button) showing(robot, "OK").orElseThrow()).fire());
        report.get(60, TimeUnit.SECONDS);
    }

    /** The button labelled {@code label} of the dialog now showing (found through its DialogPane, not by text). */
    private static java.util.Optional<javafx.scene.Node> showing(FxRobot robot, String label) {
        for (javafx.stage.Window w : robot.listWindows()) {
            if (!w.isShowing() || w.getScene() == null || !(w.getScene().getRoot() instanceof javafx.scene.control.DialogPane pane)) continue;
            for (javafx.scene.control.ButtonType t : pane.getButtonTypes()) {
                javafx.scene.Node b = pane.lookupButton(t);
                if (t.getText().equals(label) && b != null && b.getScene() != null) return java.util.Optional.of(b);
            }
        }
        return java.util.Optional.empty();
    }
}
