package org.sextant.app.gui;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;

/** The window start's way back when the store will not open: says what happened, offers Recover, shows its report. */
public final class StoreDamagedDialog {
    private StoreDamagedDialog() {}

    /** Blocks the calling (non-FX) thread; true when the person chose Recover. */
    public static boolean askToRecover(String whatHappened) {
        ButtonType recover = new ButtonType("Recover", ButtonBar.ButtonData.OK_DONE);
        return onFx(() -> {
            Alert a = new Alert(Alert.AlertType.ERROR, whatHappened + "\n\nRecover keeps a copy of the damaged files, recovers every write "
                    + "it can prove (else the last checkpoint, else the newest backup) and reports what was lost. Quit leaves everything as it is; "
                    + "`sextant recover` does the same later.", recover, new ButtonType("Quit", ButtonBar.ButtonData.CANCEL_CLOSE));
            a.setTitle("Sextant");
            a.setHeaderText("The store did not open");
            a.setResizable(true);
            return a.showAndWait().filter(recover::equals).isPresent();
        });
    }

    /** Shows the recovery report until the person closes it. */
    public static void showReport(List<String> lines) {
        onFx(() -> {
            Alert a = new Alert(Alert.AlertType.INFORMATION);
            a.setTitle("Sextant");
            a.setHeaderText("The store was recovered");
            TextArea text = new TextArea(String.join("\n", lines));
            text.setEditable(false);
            text.setPrefRowCount(Math.min(24, lines.size() + 1));
            a.getDialogPane().setContent(text);
            a.setResizable(true);
            a.showAndWait();
            return null;
        });
    }

    /** Runs the dialog on the FX thread and waits, without a time limit, for the person's answer. */
    private static <T> T onFx(java.util.function.Supplier<T> dialog) {
        WorkstationLauncher.awaitToolkitRunning();
        return CompletableFuture.supplyAsync(dialog, Platform::runLater).join();
    }
}
