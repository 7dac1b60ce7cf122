package org.sextant.app.render;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * render_chart's one picture at a time, held until the picture's drawing on the JavaFX thread ends. A picture
 * stopped at its budget cannot stop the JavaFX step it waits for (that thread is not interrupted); when the turn
 * was given back at the timeout, retries queued drawings behind the unfinished one and the window, which needs
 * the same thread, fell behind. So the stopped picture hands its turn to that step, which gives it back as it
 * completes; a picture that finds the turn held waits at most its budget, then is refused having queued nothing.
 */
final class PictureTurn {
    private final Semaphore turn = new Semaphore(1, true);
    /** Whether this thread holds the turn, and whether it handed it to a JavaFX step (then that step gives it back). */
    private final ThreadLocal<boolean[]> handedOver = new ThreadLocal<>();
    /** The holder is a picture stopped at its budget whose JavaFX step still runs: what a refused picture is told. */
    private volatile boolean abandoned;

    /** Runs {@code work} holding the turn, waiting for it at most the caller's budget (without one, as long as it takes). */
    <T> T hold(Supplier<T> work) {
        long left = Cancellation.nanosLeft();
        try {
            if (left == Long.MAX_VALUE) turn.acquire();
            else if (!turn.tryAcquire(Math.max(0, left), TimeUnit.NANOSECONDS)) throw refused(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another picture", e);
        }
        boolean[] mine = {false};
        handedOver.set(mine);
        try {
            return work.get();
        } finally {
            handedOver.remove();
            if (!mine[0]) giveBack();
        }
    }

    /**
     * The holder stops waiting for {@code step}, which still runs on the JavaFX thread: the turn is given back when
     * it completes (on that thread, as it ends), not now. Does nothing on a thread that holds no turn or handed it over already.
     */
    void handOver(CompletableFuture<?> step) {
        boolean[] mine = handedOver.get();
        if (mine == null || mine[0]) return;
        mine[0] = true;
        abandoned = true;
        step.whenComplete((result, failure) -> giveBack());
    }

    /** Whether a picture holds the turn (tests: a stopped picture's still holds it while its drawing runs). */
    boolean held() {
        return turn.availablePermits() == 0;
    }

    private void giveBack() {
        abandoned = false;
        turn.release();
    }

    /** Busy, as a computing read that got no turn: field null (no argument is at fault), the same call succeeds later. */
    private RuntimeException refused(long waited) {
        String previous = abandoned ? "a previous picture, stopped at its budget, is still being drawn on the JavaFX thread"
                : "another picture is still being drawn";
        return new SextantException(FailReason.RESOURCE_LIMIT, "render_chart waited " + String.format(java.util.Locale.ROOT, "%.1f", waited / 1e9)
                + " s, its budget, for its turn: " + previous + " (one picture is drawn at a time), so nothing was drawn", null,
                "call again in a few seconds, once it is drawn; if pictures keep running out of time, " + ChartRenderer.TIMEOUT_FIX);
    }
}
