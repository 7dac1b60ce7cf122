package org.sextant.app.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * The turn a stopped picture hands to its JavaFX step: bounded in time, so a step that never completes (a pulse
 * that never comes) does not refuse every later picture until restart; and a picture that finds it so held is
 * refused after a short wait, not its whole budget. The bounds are injected short; the budgets are long.
 */
class PictureTurnTest {
    private static final Duration LONG_BUDGET = Duration.ofSeconds(30);

    @Test
    void aTurnHandedToAStepThatNeverCompletesIsGivenBackAtTheBoundAndOnlyOnce() {
        PictureTurn turn = new PictureTurn(Duration.ofSeconds(30), Duration.ofMillis(50));
        CompletableFuture<Object> never = new CompletableFuture<>();
        stopped(turn, never);

        // without the bound this waits its whole budget and is refused
        assertEquals("drawn", Cancellation.within(LONG_BUDGET, "render_chart", "fix", () -> turn.hold(() -> "drawn")));
        never.complete(null); // the step ends at last: it gives back nothing more
        assertTrue(turn.hold(turn::held), "one turn, not two");
    }

    @Test
    void aPictureFindingTheTurnWithAStoppedPictureIsRefusedAfterAShortWaitNotItsBudget() {
        PictureTurn turn = new PictureTurn(Duration.ofMillis(100), Duration.ofMinutes(10));
        CompletableFuture<Object> drawing = new CompletableFuture<>();
        stopped(turn, drawing);
        assertTrue(turn.held(), "the stopped picture's step holds the turn");

        long[] left = {0};
        SextantException e = assertThrows(SextantException.class, () -> Cancellation.within(LONG_BUDGET, "render_chart", "fix", () -> {
            try {
                return turn.hold(() -> "drawn");
            } finally {
                left[0] = Cancellation.nanosLeft();
            }
        }));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().matches("render_chart waited \\d+\\.\\d s for its turn: a previous picture, stopped at its budget,"
                + " is still being drawn on the JavaFX thread \\(one picture is drawn at a time\\), so nothing was drawn"), e.getMessage());
        assertTrue(left[0] > 0, "refused with budget left, not at its end (the shared computing turn it holds is given back)");
        drawing.complete(null);
        assertEquals("drawn", turn.hold(() -> "drawn"));
    }

    @Test
    void aPictureWaitsForALivePictureLongerThanTheShortWait() throws Exception {
        PictureTurn turn = new PictureTurn(Duration.ofMillis(100), Duration.ofMinutes(10));
        CountDownLatch holding = new CountDownLatch(1), release = new CountDownLatch(1);
        Thread live = new Thread(() -> turn.hold(() -> {
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }));
        live.start();
        holding.await();
        CompletableFuture<Object> next = CompletableFuture.supplyAsync(
                () -> Cancellation.within(LONG_BUDGET, "render_chart", "fix", () -> turn.hold(() -> "drawn")));
        Thread.sleep(500); // several short waits pass: the live picture's drawing is simply slow
        release.countDown();
        assertEquals("drawn", next.get());
        live.join();
    }

    /** A picture that stopped at its budget while {@code step} still runs on the JavaFX thread. */
    private static void stopped(PictureTurn turn, CompletableFuture<?> step) {
        assertThrows(IllegalStateException.class, () -> turn.hold(() -> {
            turn.handOver(step);
            throw new IllegalStateException("stopped at its budget");
        }));
    }
}
