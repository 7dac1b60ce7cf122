package org.sextant.app.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.testing.TempSextant;

/**
 * render_chart stops at its budget (attack 12, L5: 200 after 45 s against a 40 s budget), but the JavaFX thread
 * cannot be stopped: the picture's turn stays with its drawing until that ends, so a retry is refused instead of
 * queueing another drawing behind it on the thread the window needs. The drawing is made slow by a hook that holds
 * the picture's JavaFX steps until the test lets them go; the budgets are injected.
 */
class RenderBudgetTest {
    @TempSextant private Sextant engine;
    private ChartRenderer renderer;
    /** The JavaFX steps pictures ran, and the first one's start. */
    private final AtomicInteger steps = new AtomicInteger();
    private final CountDownLatch drawing = new CountDownLatch(1);
    /** Opened by the test: the slow drawing ends. */
    private final CountDownLatch finish = new CountDownLatch(1);

    @BeforeEach
    void aSlowDrawing() {
        renderer = new ChartRenderer(engine, true);
        renderer.render("IBM", null, 100, "naive", 5, 400, 300); // the toolkit started and the forecast kept: only the drawing is left
        renderer.onFxStep = () -> {
            steps.incrementAndGet();
            drawing.countDown();
            try {
                finish.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    @AfterEach
    void letTheJavaFxThreadGo() {
        finish.countDown();
    }

    @Test
    void aPictureStoppedAtItsBudgetKeepsItsTurnUntilItsDrawingEndsAndTheNextOneDraws() throws Exception {
        SextantException e = assertThrows(SextantException.class, () -> render(Duration.ofSeconds(2)));
        assertEquals("timeout", e.failReason(), e.getMessage());
        // told where its time went: its own drawing, not a wait (attack 14, L1: a wait was told as the picture's work)
        assertTrue(e.getMessage().startsWith("render_chart was stopped at its budget while drawing its chart on the JavaFX thread, so it"
                + " answered no picture; its time went to: "), e.getMessage());
        assertTrue(e.getMessage().matches(".*(: |, )\\d+\\.\\d s its drawing"), e.getMessage());
        assertTrue(e.fix().startsWith("ask for fewer days or a smaller width and height"), e.fix());
        assertEquals(0, drawing.getCount(), "stopped while the JavaFX thread drew for it (the engine's work did not take the budget)");
        assertTrue(renderer.turn.held(), "the turn stays with the drawing that still runs, not given back at the timeout");

        finish.countDown();
        renderer.turn.awaitFree(); // given back as the drawing ends (its pulses and picture), which the test does not see otherwise
        assertEquals(400, renderer.render("IBM", null, 100, "naive", 5, 400, 300).get("width"), "the next picture draws");
    }

    @Test
    void aPictureAskedWhileAStoppedOneIsStillDrawingIsRefusedAndQueuesNothing() throws Exception {
        assertThrows(SextantException.class, () -> render(Duration.ofSeconds(2)));
        assertEquals(1, steps.get(), "the stopped picture's drawing runs");

        SextantException e = assertThrows(SextantException.class, () -> render(Duration.ofMillis(300)));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().startsWith("render_chart waited "), e.getMessage());
        assertTrue(e.getMessage().contains(" s for its turn: a previous picture, stopped at its budget, is still being drawn"
                + " on the JavaFX thread"), e.getMessage());
        assertNull(e.field(), "no argument is at fault");
        assertTrue(e.fix().startsWith("call again in a few seconds, once it is drawn"), e.fix());

        finish.countDown();
        ranQueuedFxWork();
        assertEquals(1, steps.get(), "the refused picture queued no drawing on the JavaFX thread");
    }

    @Test
    void aPictureWhoseDrawingRunsOutOfMemoryIsRefusedAndGivesItsTurnBack() {
        renderer.onFxStep = () -> {
            throw new OutOfMemoryError("injected: a picture too large for the heap");
        };
        SextantException e = assertThrows(SextantException.class, () -> render(Duration.ofSeconds(30)));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("render_chart ran out of memory drawing its picture, so nothing was drawn", e.getMessage());
        assertTrue(e.fix().startsWith("ask for fewer days or a smaller width and height"), e.fix());
        assertFalse(renderer.turn.held(), "the failed step gave its turn back");

        renderer.onFxStep = () -> { };
        assertEquals(400, renderer.render("IBM", null, 100, "naive", 5, 400, 300).get("width"), "the next picture draws");
    }

    /**
     * The engine's work (reading, the forecast's fit) runs before the picture's turn (attack 13 M3: a render
     * waiting for the turn held a computing turn idle through another picture's whole fit): a render whose model
     * does not exist is told so while a stopped picture still holds the turn, instead of waiting for the turn.
     */
    @Test
    void theEnginesWorkRunsBeforeThePictureTurn() {
        assertThrows(SextantException.class, () -> render(Duration.ofSeconds(2)));
        assertTrue(renderer.turn.held(), "a stopped picture's drawing holds the turn");
        SextantException e = assertThrows(SextantException.class, () -> Cancellation.within(Duration.ofSeconds(30), "render_chart",
                ChartRenderer.TIMEOUT_FIX, () -> renderer.render("IBM", null, 100, "no_such_model", 5, 400, 300)));
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals("model", e.field(), e.getMessage());
    }

    /**
     * A picture builds, draws and reads its chart in one hand-over to the JavaFX thread, which the window shares: each
     * hand-over waits behind what the window queued (it took four at an interval, two by day, and one more drawn coarser).
     */
    @Test
    void aPictureTakesOneStepOnTheJavaFxThread() {
        renderer.onFxStep = steps::incrementAndGet;
        renderer.render("USDCHF", "30m", 20000, null, null, 900, 500); // drawn coarser: the step that read the axis' width too
        assertEquals(1, steps.get(), "steps on the JavaFX thread for a picture by bar");
        renderer.render("IBM", null, 100, "naive", 5, 400, 300);
        assertEquals(2, steps.get(), "steps on the JavaFX thread for a daily picture");
    }

    /**
     * A picture that waits for JavaFX's start (the first one after a start, attack 14 L1) is stopped at its budget
     * like any other and told so, not that it drew for its budget; it queued no drawing, so the turn is free at once.
     */
    @Test
    void aPictureStoppedWhileJavaFxStartsSaysSo() {
        renderer.toolkit = CompletableFuture::new; // JavaFX still starting
        SextantException e = assertThrows(SextantException.class, () -> render(Duration.ofMillis(500)));
        assertEquals("timeout", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().matches("render_chart was stopped at its budget while waiting for JavaFX to start \\(once after the app"
                + " starts\\), so it answered no picture; its time went to: (\\d+\\.\\d s the engine's work, )?\\d+\\.\\d s JavaFX's start"), e.getMessage());
        assertTrue(e.fix().startsWith("call again in a few seconds: JavaFX goes on starting"), e.fix());
        assertEquals(0, steps.get(), "nothing was queued on the JavaFX thread");
        assertFalse(renderer.turn.held(), "no drawing holds the turn");
    }

    /**
     * The app draws its first picture in the background as it starts; a picture asked meanwhile waits behind it and,
     * refused, is told it waited for that first picture, not for another agent's.
     */
    @Test
    void aPictureAskedWhileTheFirstPictureIsDrawnWaitsForItAndIsToldSo() throws Exception {
        CompletableFuture<Void> warm = renderer.warmUp();
        drawing.await(); // the first picture's drawing runs, held by the test
        SextantException e = assertThrows(SextantException.class, () -> render(Duration.ofMillis(500)));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().matches("render_chart waited 0\\.\\d s for its turn: the app's first picture \\(JavaFX's start and first drawing,"
                + " once after the app starts\\) is still being drawn \\(one picture is drawn at a time\\), so nothing was drawn"), e.getMessage());
        finish.countDown();
        warm.get();
        assertFalse(renderer.turn.held(), "the first picture gave the turn back");
        assertEquals(400, renderer.render("IBM", null, 100, "naive", 5, 400, 300).get("width"), "the next picture draws");
    }

    private void render(Duration budget) {
        Cancellation.within(budget, "render_chart", ChartRenderer.TIMEOUT_FIX, () -> renderer.render("IBM", null, 100, "naive", 5, 400, 300));
    }

    /** Returns once the JavaFX thread ran everything queued before (it runs its queue in order). */
    private static void ranQueuedFxWork() throws Exception {
        CompletableFuture<Void> reached = new CompletableFuture<>();
        Platform.runLater(() -> reached.complete(null));
        reached.get();
    }
}
