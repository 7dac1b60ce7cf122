package org.sextant.app.render;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiRoutes;
import org.sextant.engine.jobs.Cancellation;

/**
 * render_chart's one picture at a time, held until the picture's drawing on the JavaFX thread ends. A picture
 * stopped at its budget cannot stop the JavaFX step it waits for (that thread is not interrupted); when the turn
 * was given back at the timeout, retries queued drawings behind the unfinished one and the window, which needs
 * the same thread, fell behind. So the stopped picture hands its turn to that step, which gives it back as it
 * completes, or at the latest {@link #HANDED_OVER_AT_MOST} later. A picture that finds the turn held by a live
 * picture waits at most its budget; held by a stopped one's step, at most {@link ApiRoutes#TURN_WAIT}: it holds
 * one of the shared computing turns meanwhile. Refused, it has queued nothing.
 */
final class PictureTurn {
    /**
     * The latest a stopped picture's JavaFX step keeps the turn: a step that never completes (a pulse that never
     * comes) refused every later picture until restart. Past it the next drawing may queue behind the unfinished
     * one; the slowest picture measured drew in 45 s (2400x1600, 62,000 bars, a busy machine).
     */
    static final Duration HANDED_OVER_AT_MOST = Duration.ofMinutes(3);

    private final Semaphore turn = new Semaphore(1, true);
    private final long abandonedWait, handedOverAtMost;
    /** Whether this thread holds the turn, and whether it handed it to a JavaFX step (then that step gives it back). */
    private final ThreadLocal<boolean[]> handedOver = new ThreadLocal<>();
    /** The holder is a picture stopped at its budget whose JavaFX step still runs: what a refused picture is told. */
    private volatile boolean abandoned;

    PictureTurn() {
        this(ApiRoutes.TURN_WAIT, HANDED_OVER_AT_MOST);
    }

    /** Tests: how long a picture waits for a stopped picture's step, and how long that step keeps the turn at most. */
    PictureTurn(Duration abandonedWait, Duration handedOverAtMost) {
        this.abandonedWait = abandonedWait.toNanos();
        this.handedOverAtMost = handedOverAtMost.toNanos();
    }

    /** Runs {@code work} holding the turn, waiting for it as the class says (without a budget, as long as it takes). */
    <T> T hold(Supplier<T> work) {
        try {
            acquire();
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

    /** Waits in spans of at most the short wait, so a holder stopped meanwhile is noticed at the next span's end. */
    private void acquire() throws InterruptedException {
        long left = Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE) {
            turn.acquire();
            return;
        }
        long start = System.nanoTime(), end = start + Math.max(0, left);
        while (!turn.tryAcquire(Math.max(0, Math.min(abandonedWait, end - System.nanoTime())), TimeUnit.NANOSECONDS)) {
            boolean stopped = abandoned;
            if (stopped || end - System.nanoTime() <= 0) throw refused(System.nanoTime() - start, stopped);
        }
    }

    /**
     * The holder stops waiting for {@code step}, which still runs on the JavaFX thread: the turn is given back when
     * it completes (on that thread, as it ends) or {@link #HANDED_OVER_AT_MOST} later, whichever comes first, not now.
     * Does nothing on a thread that holds no turn or handed it over already.
     */
    void handOver(CompletableFuture<?> step) {
        boolean[] mine = handedOver.get();
        if (mine == null || mine[0]) return;
        mine[0] = true;
        abandoned = true;
        AtomicBoolean given = new AtomicBoolean();
        Runnable giveBackOnce = () -> {
            if (given.compareAndSet(false, true)) giveBack();
        };
        step.whenComplete((result, failure) -> giveBackOnce.run());
        CompletableFuture.delayedExecutor(handedOverAtMost, TimeUnit.NANOSECONDS).execute(giveBackOnce);
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
    private static RuntimeException refused(long waited, boolean stopped) {
        String previous = stopped ? "a previous picture, stopped at its budget, is still being drawn on the JavaFX thread"
                : "another picture is still being drawn";
        return new SextantException(FailReason.RESOURCE_LIMIT, "render_chart waited " + String.format(java.util.Locale.ROOT, "%.1f", waited / 1e9)
                + " s for its turn: " + previous + " (one picture is drawn at a time), so nothing was drawn", null,
                "call again in a few seconds, once it is drawn; if pictures keep running out of time, " + ChartRenderer.TIMEOUT_FIX);
    }
}
