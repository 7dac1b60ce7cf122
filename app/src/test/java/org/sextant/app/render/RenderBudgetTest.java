package org.sextant.app.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.testing.TempSextant;

/**
 * render_chart checks its budget after the engine's work and after drawing, and waits for the JavaFX thread no longer
 * than it: a picture drawn past its budget is stopped with timeout instead of answered late (attack 12, L5: 200 after
 * 45 s against a 40 s budget). The drawing is made slow here by a hook, under an injected budget.
 */
class RenderBudgetTest {
    @TempSextant private Sextant engine;

    @Test
    void aPictureDrawnPastItsBudgetIsStoppedWithTimeoutAndTheNextOneDraws() {
        ChartRenderer renderer = new ChartRenderer(engine, true);
        renderer.render("IBM", null, 100, "naive", 5, 400, 300); // the toolkit started and the forecast kept: only the drawing is left
        renderer.afterDrawing = () -> {
            try {
                Thread.sleep(600);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        SextantException e = assertThrows(SextantException.class, () -> Cancellation.within(Duration.ofMillis(500), "render_chart",
                ChartRenderer.TIMEOUT_FIX, () -> renderer.render("IBM", null, 100, "naive", 5, 400, 300)));
        assertEquals("timeout", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().startsWith("render_chart computed for its whole budget"), e.getMessage());
        assertTrue(e.fix().startsWith("ask for fewer days or a smaller width and height"), e.fix());
        renderer.afterDrawing = () -> { };
        assertEquals(400, renderer.render("IBM", null, 100, "naive", 5, 400, 300).get("width"), "the lock was given back");
    }
}
