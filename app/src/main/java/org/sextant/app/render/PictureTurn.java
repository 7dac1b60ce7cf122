package org.sextant.app.render;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiRoutes;
import org.sextant.engine.jobs.Cancellation;

/**
 * render_chart's one picture at a time, held until the picture's drawing on the JavaFX thread ends, in the order
 * asked. A picture stopped at its budget cannot stop the JavaFX step it waits for (that thread is not interrupted);
 * when the turn was given back at the timeout, retries queued drawings behind the unfinished one and the window,
 * which needs the same thread, fell behind. So the stopped picture hands its turn to that step, which gives it back
 * as it completes, or at the latest {@link #HANDED_OVER_AT_MOST} later. A picture that finds the turn held by a
 * stopped one's step waits at most {@link ApiRoutes#TURN_WAIT}: it holds one of the shared computing turns meanwhile.
 * Behind live pictures it knows its place in line and what the pictures ahead are expected to take ({@link TurnTimes}):
 * when they and its own drawing cannot fit its budget left it is refused at once, told when to call again, instead
 * of waiting its whole budget for nothing. Refused, it has queued nothing.
 */
final class PictureTurn {
    /**
     * The latest a stopped picture's JavaFX step keeps the turn: a step that never completes (a pulse that never
     * comes) refused every later picture until restart. Past it the next drawing may queue behind the unfinished
     * one; the slowest picture measured drew in 45 s (2400x1600, 62,000 bars, a busy machine).
     */
    static final Duration HANDED_OVER_AT_MOST = Duration.ofMinutes(3);

    /**
     * A picture asking for the turn: {@code what} it is, as those behind it are told ("another picture"), and its
     * size in pixels, which its expected time scales with; {@code timed}: its time teaches the estimates (not the
     * app's first picture, which starts JavaFX).
     */
    record Ticket(String what, long pixels, boolean timed) {
        static Ticket picture(int width, int height) {
            return new Ticket("another picture", (long) width * height, true);
        }
    }

    /** A ticket in line or holding the turn; {@code since}: when it got it (System.nanoTime). */
    private static final class Place {
        final Ticket ticket;
        final long expected; // nanos, 0: unknown
        long since;

        Place(Ticket ticket, long expected) {
            this.ticket = ticket;
            this.expected = expected;
        }
    }

    private final long abandonedWait, handedOverAtMost;
    final TurnTimes times = new TurnTimes(); // package: tests teach it
    private final ArrayDeque<Place> line = new ArrayDeque<>(); // guarded by this: the waiting, first come first
    private Place holder; // guarded by this; null: free
    /** The holder is a picture stopped at its budget whose JavaFX step still runs (since when), what a refused picture is told. */
    private boolean abandoned; // guarded by this
    private long abandonedAt; // guarded by this
    /** Whether this thread holds the turn, and whether it handed it to a JavaFX step (then that step gives it back). */
    private final ThreadLocal<boolean[]> handedOver = new ThreadLocal<>();

    PictureTurn() {
        this(ApiRoutes.TURN_WAIT, HANDED_OVER_AT_MOST);
    }

    /** Tests: how long a picture waits for a stopped picture's step, and how long that step keeps the turn at most. */
    PictureTurn(Duration abandonedWait, Duration handedOverAtMost) {
        this.abandonedWait = abandonedWait.toNanos();
        this.handedOverAtMost = handedOverAtMost.toNanos();
    }

    /** As {@link #hold(Ticket, Supplier)} for a picture of an unknown size. */
    <T> T hold(Supplier<T> work) {
        return hold(new Ticket("another picture", 0, false), work);
    }

    /** Runs {@code work} holding the turn, waiting for it as the class says (without a budget, as long as it takes). */
    <T> T hold(Ticket ticket, Supplier<T> work) {
        // the app's first picture is no guide to a warm one's time, nor a warm one to it: unknown
        Place me = new Place(ticket, ticket.timed() ? times.expected(ticket.pixels()) : 0);
        try {
            acquire(me);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another picture", e);
        }
        boolean[] mine = {false};
        handedOver.set(mine);
        boolean done = false;
        try {
            T result = work.get();
            done = true;
            return result;
        } finally {
            handedOver.remove();
            if (done && ticket.timed()) times.record(ticket.pixels(), System.nanoTime() - me.since);
            if (!mine[0]) giveBack();
        }
    }

    private synchronized void acquire(Place me) throws InterruptedException {
        long left = Cancellation.nanosLeft();
        boolean bounded = left != Long.MAX_VALUE;
        long start = System.nanoTime(), end = start + Math.max(0, left);
        line.addLast(me);
        boolean got = false;
        try {
            while (holder != null || line.peekFirst() != me) {
                long now = System.nanoTime();
                if (!bounded) {
                    wait();
                    continue;
                }
                long ahead = aheadNanos(me, now);
                if (end - now <= 0 || abandoned && now - Math.max(start, abandonedAt) >= abandonedWait) {
                    throw refused(now - start, holder, abandoned, ahead);
                }
                if (ahead > 0 && ahead + me.expected > end - now) throw refusedEarly(me, ahead, end - now);
                long span = Math.min(end - now, abandoned ? abandonedWait : end - now);
                TimeUnit.NANOSECONDS.timedWait(this, Math.max(1, span));
            }
            line.removeFirst();
            holder = me;
            me.since = System.nanoTime();
            got = true;
        } finally {
            if (!got) {
                line.remove(me);
                notifyAll(); // the next in line may be first now
            }
        }
    }

    /** What the pictures ahead of {@code me} are expected to take still (0: none known): the holder's rest, and each waiting one's. */
    private long aheadNanos(Place me, long now) {
        if (holder == null || abandoned) return 0;
        long sum = Math.max(0, holder.expected - (now - holder.since));
        for (Place p : line) {
            if (p == me) break;
            sum += p.expected;
        }
        return sum;
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
        synchronized (this) {
            abandoned = true;
            abandonedAt = System.nanoTime();
            notifyAll(); // those waiting behind a live picture now wait at most the short wait
        }
        AtomicBoolean given = new AtomicBoolean();
        Runnable giveBackOnce = () -> {
            if (given.compareAndSet(false, true)) giveBack();
        };
        step.whenComplete((result, failure) -> giveBackOnce.run());
        org.sextant.engine.ReadOnlyScope.execute(CompletableFuture.delayedExecutor(handedOverAtMost, TimeUnit.NANOSECONDS), giveBackOnce);
    }

    /** Whether a picture holds the turn (tests: a stopped picture's still holds it while its drawing runs). */
    synchronized boolean held() {
        return holder != null;
    }

    /** Returns once no picture holds the turn (tests: a stopped picture's drawing ended). */
    synchronized void awaitFree() throws InterruptedException {
        while (holder != null) wait();
    }

    /** How many pictures wait for the turn (tests). */
    synchronized int waiting() {
        return line.size();
    }

    private synchronized void giveBack() {
        abandoned = false;
        holder = null;
        notifyAll();
    }

    /** Busy, as a computing read that got no turn: field null (no argument is at fault), the same call succeeds later. */
    private static RuntimeException refused(long waited, Place holder, boolean stopped, long ahead) {
        String previous = stopped ? "a previous picture, stopped at its budget, is still being drawn on the JavaFX thread"
                : (holder == null ? "another picture" : holder.ticket.what()) + " is still being drawn";
        String when = ahead > 0 ? "call again in " + seconds(ahead) + " s, once it is drawn" : "call again in a few seconds, once it is drawn";
        return new SextantException(FailReason.RESOURCE_LIMIT, "render_chart waited " + String.format(Locale.ROOT, "%.1f", waited / 1e9)
                + " s for its turn: " + previous + " (one picture is drawn at a time), so nothing was drawn", null,
                when + "; if pictures keep running out of time, " + ChartRenderer.TIMEOUT_FIX);
    }

    /** Refused at once: the pictures ahead and its own drawing are expected to take longer than its budget left. */
    private RuntimeException refusedEarly(Place me, long ahead, long left) {
        int before = 0;
        for (Place p : line) {
            if (p == me) break;
            before++;
        }
        String waitingAhead = before == 0 ? "the picture being drawn needs" : "the picture being drawn and " + before + " waiting before this one need";
        String mine = me.expected > 0 ? ", and this one about " + seconds(me.expected) + " s," : "";
        return new SextantException(FailReason.RESOURCE_LIMIT, "render_chart is number " + (before + 2) + " in line for its turn (one picture is drawn"
                + " at a time): " + waitingAhead + " about " + seconds(ahead) + " s more" + mine + " past the "
                + String.format(Locale.ROOT, "%.1f", left / 1e9) + " s of budget it has left, so it was refused without waiting and nothing was drawn",
                null, "call again in " + seconds(ahead) + " s, once " + (before == 0 ? "it is" : "they are") + " drawn; or ask for a smaller picture: "
                + ChartRenderer.TIMEOUT_FIX);
    }

    /** Whole seconds, rounded up (a retry sooner finds the picture still drawing). */
    private static long seconds(long nanos) {
        return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }
}
