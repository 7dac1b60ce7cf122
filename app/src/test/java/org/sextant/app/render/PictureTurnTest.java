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
        CountDownLatch release = new CountDownLatch(1);
        Thread live = live(turn, new PictureTurn.Ticket("another picture", 0, false), release);
        CompletableFuture<Object> next = CompletableFuture.supplyAsync(
                () -> Cancellation.within(LONG_BUDGET, "render_chart", "fix", () -> turn.hold(() -> "drawn")));
        Thread.sleep(500); // several short waits pass: the live picture's drawing is simply slow
        release.countDown();
        assertEquals("drawn", next.get());
        live.join();
    }

    /**
     * A picture behind a live one that is expected to need longer than the newcomer's budget left is refused at once,
     * told its place in line and when to call again, instead of waiting its whole budget (attack 14: a render waited
     * 40 s behind another picture). The expectation is taught: earlier pictures of this size held the turn 30 s.
     */
    @Test
    void aPictureBehindOneExpectedToOutlastItsBudgetIsRefusedAtOnceWithWhenToCallAgain() throws Exception {
        PictureTurn turn = new PictureTurn(Duration.ofSeconds(5), Duration.ofMinutes(10));
        turn.times.record(1000 * 600, 30_000_000_000L);
        CountDownLatch release = new CountDownLatch(1);
        Thread live = live(turn, PictureTurn.Ticket.picture(1000, 600), release);
        try {
            long[] left = {0};
            SextantException e = assertThrows(SextantException.class, () -> Cancellation.within(Duration.ofSeconds(3), "render_chart", "fix", () -> {
                try {
                    return turn.hold(PictureTurn.Ticket.picture(500, 300), () -> "drawn");
                } finally {
                    left[0] = Cancellation.nanosLeft();
                }
            }));
            assertEquals("resource_limit", e.failReason(), e.getMessage());
            assertTrue(e.getMessage().matches("render_chart is number 2 in line for its turn \\(one picture is drawn at a time\\): the picture being"
                    + " drawn needs about (29|30) s more, and this one about 8 s, past the \\d\\.\\d s of budget it has left, so it was refused"
                    + " without waiting and nothing was drawn"), e.getMessage());
            assertTrue(e.fix().matches("call again in (29|30) s, once it is drawn; or ask for a smaller picture: .*"), e.fix());
            assertTrue(left[0] > Duration.ofSeconds(1).toNanos(), "refused at once, not near its budget's end");
            assertEquals(0, turn.waiting(), "the refused picture left the line");
        } finally {
            release.countDown();
            live.join();
        }
        assertEquals("drawn", turn.hold(PictureTurn.Ticket.picture(500, 300), () -> "drawn"), "the turn is free once the live one is drawn");
    }

    /** Estimates: the fastest of the last pictures' time per pixel; none drawn yet, unknown (then nobody is refused early). */
    @Test
    void estimatesComeFromTheFastestRecentPicturesPerPixel() {
        TurnTimes times = new TurnTimes();
        assertEquals(0, times.expected(1000), "none yet: unknown");
        times.record(1000, 4000);
        times.record(1000, 2000);
        assertEquals(4000, times.expected(2000), "the fastest rate, 2 ns a pixel, for 2000 pixels");
        for (int i = 0; i < TurnTimes.KEPT; i++) times.record(1000, 9000);
        assertEquals(18000, times.expected(2000), "only the last pictures count");
    }

    /** A live picture holding the turn (returned once it holds it) until {@code release} opens. */
    private static Thread live(PictureTurn turn, PictureTurn.Ticket ticket, CountDownLatch release) throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(1);
        Thread live = new Thread(() -> turn.hold(ticket, () -> {
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
        return live;
    }

    /** A picture that stopped at its budget while {@code step} still runs on the JavaFX thread. */
    private static void stopped(PictureTurn turn, CompletableFuture<?> step) {
        assertThrows(IllegalStateException.class, () -> turn.hold(() -> {
            turn.handOver(step);
            throw new IllegalStateException("stopped at its budget");
        }));
    }
}
