package org.sextant.engine.jobs;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * When a running job's progress is written to its record: at most once every {@code everyMs}, and a
 * progress reported sooner is written by a delayed flush once that time is up, so the record a kill
 * leaves holds the last progress but {@code everyMs} or so old. Skipped reports were never written
 * before, and a job killed mid-scan came back at its first progress, 0.0 (attack 17, L5).
 */
final class ProgressWrites {
    /** Runs {@code flush} after {@code delayMs} (a test runs it when it likes). */
    interface Later {
        void run(Runnable flush, long delayMs);
    }

    /** The app's: one daemon thread for every job's delayed flushes, each a write of one small record. */
    static final Later SCHEDULED = new Later() {
        private final ScheduledExecutorService flushes = Executors.newSingleThreadScheduledExecutor(
                org.sextant.engine.DaemonThreads.named("sextant-job-progress"));

        @Override
        public void run(Runnable flush, long delayMs) {
            flushes.schedule(flush, delayMs, TimeUnit.MILLISECONDS);
        }
    };

    private final long everyMs;
    private final LongSupplier millis;
    private final Later later;
    private final Runnable flush;
    private long lastWrite = Long.MIN_VALUE;
    private boolean flushPending;

    /** {@code flush}: writes the job's record as it is then (it takes the jobs' lock: this object's is not held meanwhile). */
    ProgressWrites(long everyMs, LongSupplier millis, Later later, Runnable flush) {
        this.everyMs = everyMs;
        this.millis = millis;
        this.later = later;
        this.flush = flush;
    }

    /** Whether the progress just reported is written now; if not, a flush is due when the interval is up. */
    synchronized boolean writeNow() {
        long now = millis.getAsLong();
        if (flushPending) return false; // the pending flush writes this report
        if (lastWrite == Long.MIN_VALUE || now - lastWrite >= everyMs) {
            lastWrite = now;
            return true;
        }
        flushPending = true;
        later.run(this::flushed, lastWrite + everyMs - now);
        return false;
    }

    private void flushed() {
        synchronized (this) {
            flushPending = false;
            lastWrite = millis.getAsLong();
        }
        flush.run();
    }
}
