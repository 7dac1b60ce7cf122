package org.sextant.mcp.app;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bytes of the app's answers the launcher reads and parses at once, over all its calls and sessions: each answer over
 * {@link #SMALL_BYTES} reserves its bytes before they are read and gives them back once parsed. One legal run_select of
 * 5,000 x 1,000 one-character cells once took ~255 MB of heap to parse, two at once ~590 MB of the launcher's 1 GB (attack
 * 36b); with this bound, answers past it wait for room or are refused, never parsed all at once. Small answers
 * (every quick call's) reserve nothing, so they are never held up or refused for it.
 */
final class AnswersInFlight {
    /** Answers up to this size reserve nothing (health, list_jobs, a job's status, ...). */
    static final long SMALL_BYTES = 1L << 20;
    /** How long a large answer waits for room at most (less when its call has less time left). */
    static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    /** The one bound of this launcher: every AppClient's answers count against it. */
    static final AnswersInFlight LAUNCHER = new AnswersInFlight(launcherBytes(Runtime.getRuntime().maxMemory()), WAIT_NANOS);

    private final long bound;
    private final long waitNanos;
    private final ReentrantLock lock = new ReentrantLock(true);
    private final Condition freed = lock.newCondition();
    private long reserved;
    private long peak;

    AnswersInFlight(long bound, long waitNanos) {
        this.bound = bound;
        this.waitNanos = waitNanos;
    }

    /**
     * The large answers read at once, in bytes of JSON: an eighth of the heap (128 MB of the shipped 1 GB: four of the largest
     * answers), at least one largest answer ({@link LoopbackHttp#MAX_ANSWER_BYTES}). An answer being read holds its bytes and,
     * parsed, about as much again as compact rows (AnswerReader); a tree of other shapes more (docs/mcp.md, "Memory").
     */
    static long launcherBytes(long maxHeap) {
        return Math.max(LoopbackHttp.MAX_ANSWER_BYTES, maxHeap / 8);
    }

    /** No room for an answer within the wait: its bytes (so far), the bytes others hold, and the bound. */
    static final class Busy extends java.io.IOException {
        final long bytes;
        final long held;
        final long bound;

        Busy(long bytes, long held, long bound) {
            super("no room for " + bytes + " bytes of answer: " + held + " of " + bound + " held");
            this.bytes = bytes;
            this.held = held;
            this.bound = bound;
        }
    }

    /** Bytes reserved for one answer; closing gives them back (once). */
    final class Held implements AutoCloseable {
        private long bytes;

        private Held() {}

        /**
         * Adds {@code more} bytes to this answer's reservation, waiting for room until {@code deadline} ({@link System#nanoTime},
         * the call's own) and at most the bound's wait. Bytes up to {@link #SMALL_BYTES} of an answer are never reserved.
         */
        void grow(long more, long deadline) throws Busy, InterruptedException {
            long before = bytes, after = bytes + more;
            long add = Math.max(0, after - SMALL_BYTES) - Math.max(0, before - SMALL_BYTES);
            if (add > 0) take(add, Math.min(waitNanos, deadline - System.nanoTime()), after);
            bytes = after;
        }

        @Override
        public void close() {
            long held = Math.max(0, bytes - SMALL_BYTES);
            bytes = 0;
            if (held > 0) give(held);
        }
    }

    Held open() {
        return new Held();
    }

    private void take(long bytes, long waitNanos, long answerBytes) throws Busy, InterruptedException {
        lock.lockInterruptibly();
        try {
            long left = waitNanos;
            // an answer larger than the whole bound goes when nothing else is held, so no legal answer is refused for its size here
            while (reserved > 0 && reserved + bytes > bound) {
                if (left <= 0) throw new Busy(answerBytes, reserved, bound);
                left = freed.awaitNanos(left);
            }
            reserved += bytes;
            peak = Math.max(peak, reserved);
        } finally {
            lock.unlock();
        }
    }

    private void give(long bytes) {
        lock.lock();
        try {
            reserved -= bytes;
            freed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Bytes reserved now. */
    long reserved() {
        lock.lock();
        try {
            return reserved;
        } finally {
            lock.unlock();
        }
    }

    /** The most bytes ever reserved at once. */
    long peak() {
        lock.lock();
        try {
            return peak;
        } finally {
            lock.unlock();
        }
    }

    long bound() {
        return bound;
    }
}
