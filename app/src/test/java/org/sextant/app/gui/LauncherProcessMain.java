package org.sextant.app.gui;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.sextant.engine.Sextant;

/**
 * Plays the app's main class in a fresh JVM (toolkit not started, plain class path): opens the
 * window through {@link WorkstationLauncher#run}, closes it once it shows, and returns. The JVM
 * must then exit on its own.
 */
public final class LauncherProcessMain {
    public static void main(String[] args) throws Exception {
        try (Sextant engine = TestStore.open(Path.of(args[0]))) {
            Thread closer = new Thread(() -> {
                try {
                    while (!windowShowing()) Thread.sleep(50);
                    System.out.println("window shown");
                    WorkstationLauncher.close();
                } catch (Exception e) {
                    e.printStackTrace();
                }
            }, "closer");
            closer.setDaemon(true);
            closer.start();
            WorkstationLauncher.run(engine, symbol -> { }, () -> System.out.println("closed"));
            System.out.println("returned");
        }
    }

    private static boolean windowShowing() throws Exception {
        CompletableFuture<Boolean> showing = new CompletableFuture<>();
        try {
            Platform.runLater(() -> showing.complete(Window.getWindows().stream()
                    .anyMatch(w -> w instanceof Stage s && "Sextant".equals(s.getTitle()) && s.isShowing())));
        } catch (IllegalStateException toolkitNotYetStarted) {
            return false;
        }
        try {
            return showing.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException busy) {
            return false; // the FX thread is still building the window on a loaded machine: ask again
        }
    }
}
