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
        robot.clickOn(showing(robot, "Recover").orElseThrow());
        assertTrue(recover.get(60, TimeUnit.SECONDS));

        CompletableFuture<Boolean> quit = CompletableFuture.supplyAsync(() -> StoreDamagedDialog.askToRecover("again"));
        // the first dialog's buttons may still be found while it closes: take the one in a showing window
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> showing(robot, "Quit").isPresent());
        robot.clickOn(showing(robot, "Quit").orElseThrow());
        assertFalse(quit.get(60, TimeUnit.SECONDS));

        CompletableFuture<Void> report = CompletableFuture.runAsync(() -> StoreDamagedDialog.showReport(List.of("recovered from: the last checkpoint", "  prices: 7 rows")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane .text-area").tryQuery().isPresent());
        assertEquals("recovered from: the last checkpoint\n  prices: 7 rows", robot.lookup(".dialog-pane .text-area").queryAs(TextArea.class).getText());
        javafx.scene.control.DialogPane pane = (javafx.scene.control.DialogPane) robot.lookup(".dialog-pane .text-area").queryAs(TextArea.class).getScene().getRoot();
        robot.clickOn(pane.lookupButton(javafx.scene.control.ButtonType.OK));
        report.get(60, TimeUnit.SECONDS);
    }

    private static java.util.Optional<javafx.scene.Node> showing(FxRobot robot, String label) {
        return robot.lookup(label).match((javafx.scene.Node n) -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing()).tryQuery();
    }
}
