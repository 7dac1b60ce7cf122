package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * An off-screen picture whose step on the JavaFX thread fails with an Error (an OutOfMemoryError on a large
 * software snapshot, say) still completes: render_chart's turn is given back as it completes, so a picture left
 * incomplete held it until restart.
 */
@ExtendWith(ApplicationExtension.class)
class ChartSnapshotTest {
    @Start
    void start(Stage stage) {
        // the toolkit only: the picture hosts itself in a window of its own
    }

    @Test
    void anErrorInAPictureStepCompletesItExceptionallyAndTheJavaFxThreadGoesOn() throws Exception {
        Error injected = new Error("injected: the drawing step failed");
        CountDownLatch failing = new CountDownLatch(1);
        CompletableFuture<WritableImage> picture = ChartSnapshot.renderAsync(new Pane(), 200, 100, () -> {
            failing.countDown();
            throw injected;
        });
        failing.await();
        ranQueuedFxWork(); // the failing step has ended: it was running when this was queued

        assertTrue(picture.isCompletedExceptionally(), "the picture completes, not left pending for ever");
        assertSame(injected, picture.handle((image, failure) -> failure).get(), "with the step's own failure");
        WritableImage next = ChartSnapshot.render(new Pane(), 200, 100);
        assertTrue(next.getWidth() == 200, "the JavaFX thread still draws");
    }

    /** Returns once the JavaFX thread ran everything queued before (it runs its queue in order). */
    private static void ranQueuedFxWork() throws Exception {
        CompletableFuture<Void> reached = new CompletableFuture<>();
        Platform.runLater(() -> reached.complete(null));
        reached.get();
    }
}
