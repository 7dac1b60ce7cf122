package org.sextant.charts;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.StageStyle;
import javafx.stage.Window;
import javax.imageio.ImageIO;

/**
 * Pictures of charts (or any node) as PNG: for the GUI's export, the docs' screenshots and
 * agents' render_chart. chartfx draws its canvas in a post-layout pulse listener, so a plain
 * {@code node.snapshot()} right after a change shows the previous drawing (or nothing). Here
 * the snapshot is taken only after the scene has completed {@link #PULSES} pulses.
 */
public final class ChartSnapshot {
    /** Pulses to wait: one to lay out and draw, one more for what the first layout invalidated (axis labels). */
    public static final int PULSES = 2;
    /** Guards a caller against a toolkit that never pulses (e.g. a window that never shows). */
    private static final long GIVE_UP_SECONDS = 60;

    private ChartSnapshot() {}

    /**
     * Image of a node in a showing window, after its next pulses. Call from any thread but the
     * JavaFX thread (it waits for that thread); on the JavaFX thread use {@link #captureAsync}.
     */
    public static WritableImage capture(Node node) {
        requireNotFxThread();
        return await(captureAsync(node));
    }

    /** As {@link #capture}, completing on the JavaFX thread once the image is taken. */
    public static CompletableFuture<WritableImage> captureAsync(Node node) {
        CompletableFuture<WritableImage> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                Scene scene = node.getScene();
                Window window = scene == null ? null : scene.getWindow();
                if (window == null || !window.isShowing()) {
                    throw new IllegalStateException("the node is not in a showing window; use ChartSnapshot.render for an off-screen chart");
                }
                afterPulses(scene, () -> result.complete(node.snapshot(null, null)), result);
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /**
     * Renders a node that is on no screen (a chart built for a document or an agent) at
     * {@code width x height}: it is hosted for the capture in an undecorated, fully transparent
     * window and removed afterwards. Call off the JavaFX thread.
     */
    public static WritableImage render(Parent root, double width, double height) {
        return render(root, width, height, null);
    }

    /**
     * As {@link #render(Parent, double, double)}, running {@code laidOut} on the JavaFX thread once
     * the node has its size (a chart by bar picks the interval it draws from its width, so its
     * view is set then) and taking the picture after it.
     */
    public static WritableImage render(Parent root, double width, double height, Runnable laidOut) {
        return await(renderAsync(root, width, height, laidOut));
    }

    /**
     * As {@link #render(Parent, double, double, Runnable)}, the picture completing on the JavaFX thread: for a caller
     * with a budget of its own (render_chart), which waits for it no longer than that. A step failing there, with an
     * Error too, completes it exceptionally; only pulses that never come leave it pending.
     */
    public static CompletableFuture<WritableImage> renderAsync(Parent root, double width, double height, Runnable laidOut) {
        requireNotFxThread();
        requireOffScreen(root);
        CompletableFuture<WritableImage> result = new CompletableFuture<>();
        Platform.runLater(() -> renderOnFxThread(root, width, height, laidOut, image -> image).whenComplete((image, failure) -> {
            if (failure == null) result.complete(image);
            else result.completeExceptionally(failure);
        }));
        return result;
    }

    /**
     * As {@link #renderAsync}, called on the JavaFX thread: a caller that builds the node there too draws it in
     * one hand-over to that thread instead of one per step. {@code taken} runs on the JavaFX thread with the picture
     * as soon as it is taken, the node still laid out at its size (what the picture shows is read there), and its
     * value completes the result. A step failing, with an Error too, completes it exceptionally.
     */
    public static <T> CompletableFuture<T> renderOnFxThread(Parent root, double width, double height, Runnable laidOut,
                                                             java.util.function.Function<WritableImage, T> taken) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Stage stage = null;
        try {
            if (!Platform.isFxApplicationThread()) throw new IllegalStateException("renderOnFxThread runs on the JavaFX thread; elsewhere use renderAsync");
            requireOffScreen(root);
            stage = new Stage(StageStyle.TRANSPARENT);
            Scene scene = new Scene(root, width, height);
            stage.setScene(scene);
            stage.setOpacity(0);
            stage.setX(-width - 10_000);
            stage.show();
            Stage shown = stage;
            Runnable takeDown = () -> {
                shown.hide();
                scene.setRoot(new javafx.scene.Group());
            };
            Runnable picture = () -> afterPulses(scene, () -> {
                try {
                    result.complete(taken.apply(root.snapshot(null, null)));
                } finally {
                    takeDown.run();
                }
            }, result);
            if (laidOut == null) {
                picture.run();
            } else {
                afterPulses(scene, () -> {
                    try {
                        laidOut.run();
                    } catch (Throwable e) {
                        takeDown.run();
                        throw e;
                    }
                    picture.run();
                }, result);
            }
        } catch (Throwable e) { // an Error too: a picture left incomplete holds render_chart's turn
            result.completeExceptionally(e);
            if (stage != null) stage.hide();
        }
        return result;
    }

    private static void requireOffScreen(Parent root) {
        if (root.getParent() != null || root.getScene() != null) {
            throw new IllegalArgumentException("render takes a node that is not yet in a scene; use capture for one on screen");
        }
    }

    /** Writes {@code image} as a PNG, creating parent folders. */
    public static Path writePng(Image image, Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.write(file, toPng(image));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the PNG " + file, e);
        }
    }

    /** PNG bytes of {@code image} (for a file, or base64 for an agent). */
    public static byte[] toPng(Image image) {
        BufferedImage buffered = SwingFXUtils.fromFXImage(image, null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(buffered, "png", out)) {
                throw new IllegalStateException("no PNG writer available in this Java runtime");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Runs {@code action} on the JavaFX thread after {@code scene} completed {@link #PULSES} pulses. */
    private static void afterPulses(Scene scene, Runnable action, CompletableFuture<?> failure) {
        Runnable[] listener = new Runnable[1];
        int[] seen = {0};
        listener[0] = () -> {
            if (++seen[0] < PULSES) {
                Platform.requestNextPulse();
                return;
            }
            scene.removePostLayoutPulseListener(listener[0]);
            // the pulse still has to render; take the picture once it is over
            Platform.runLater(() -> {
                try {
                    action.run();
                } catch (Throwable e) { // an Error too (OutOfMemoryError on a large snapshot): completed, not rethrown
                    failure.completeExceptionally(e);
                }
            });
        };
        scene.addPostLayoutPulseListener(listener[0]);
        // a pulse only runs when something is dirty; ask for one
        scene.getRoot().requestLayout();
        Platform.requestNextPulse();
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the JavaFX thread", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) throw re;
            throw new IllegalStateException("snapshot failed: " + cause, cause);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the JavaFX thread did not pulse within " + GIVE_UP_SECONDS
                    + " s; is the toolkit running and the window showing?", e);
        }
    }

    private static void requireNotFxThread() {
        if (Platform.isFxApplicationThread()) {
            throw new IllegalStateException("this call waits for the JavaFX thread; on that thread use captureAsync");
        }
    }
}
