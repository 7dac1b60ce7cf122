package org.sextant.engine.research.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.stats.Pbo;

/**
 * Runs every configuration of a kernel over the whole range and measures it in sample
 * [1, split) and out of sample [split, bars). Configurations are handed to worker threads in
 * small chunks; each worker owns its three bar-length buffers, so nothing is shared but the
 * kernel's read-only indicator arrays.
 */
public final class Sweep {
    /**
     * Configurations run together in one batch; a distributed sweep cuts its chunks on multiples
     * of it so every configuration is measured in the same batch as here.
     */
    public static final int CHUNK = 16;
    /** CSCV blocks kept per configuration for PBO: C(16, 8) = 12,870 splits. */
    public static final int PBO_BLOCKS = 16;
    /** Fewest common dates a run takes: the overfitting statistics cut its returns into {@link #PBO_BLOCKS} blocks of 2 or more. */
    public static final int MIN_BARS = 2 * PBO_BLOCKS + 1;

    private Sweep() {}

    public static SweepResult run(SweepKernel kernel, int split, int threads, boolean keepReturns, double periodsPerYear) {
        return run(kernel, split, threads, keepReturns, periodsPerYear, SweepMonitor.NONE);
    }

    /** As above, reporting each chunk to {@code monitor} and stopping between chunks when it asks. */
    public static SweepResult run(SweepKernel kernel, int split, int threads, boolean keepReturns, double periodsPerYear,
                                  SweepMonitor monitor) {
        checkSplit(kernel.universe(), split);
        int bars = kernel.universe().bars();
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        int n = kernel.configurations();
        Metrics[] is = new Metrics[n], oos = new Metrics[n];
        double[][] kept = keepReturns ? new double[n][] : null;
        double[][] blockSum = new double[n][PBO_BLOCKS], blockSq = new double[n][PBO_BLOCKS];
        int[] blockCount = new int[PBO_BLOCKS];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger measured = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        long start = System.nanoTime();
        Runnable worker = () -> {
            double[][] ret = new double[CHUNK][bars], expo = new double[CHUNK][bars], traded = new double[CHUNK][bars];
            try {
            for (int from; failure.get() == null && (from = next.getAndAdd(CHUNK)) < n; ) {
                if (monitor.stopRequested()) throw new CancellationException("cancelled");
                Cancellation.check(); // a synchronous call's budget, or its caller gone
                int to = Math.min(n, from + CHUNK);
                measureBatch(kernel, from, to, split, periodsPerYear, ret, expo, traded, 0, is, oos, blockSum, blockSq, blockCount, kept);
                monitor.measured(measured.addAndGet(to - from), n);
            }
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);   // stop the others; rethrown on the caller's thread
            }
        };
        if (threads == 1) {
            worker.run();
        } else {
            List<Thread> pool = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Thread th = new Thread(Cancellation.inheriting(worker), "sextant-sweep-" + i);
                th.start();
                pool.add(th);
            }
            for (Thread th : pool) {
                try {
                    th.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("sweep interrupted", e);
                }
            }
        }
        if (failure.get() != null) throw failure.get();
        double seconds = (System.nanoTime() - start) / 1e9;
        return new SweepResult(kernel, split, is, oos, kept, blockSum, blockSq, blockCount,
                (long) n * kernel.universe().assets() * bars, seconds);
    }

    /**
     * The bar {@code oosStart} starts the out-of-sample part at, refused when it leaves one side
     * empty: a date outside the data is named against the data's first or last date.
     */
    public static int splitAt(Universe u, java.time.LocalDate oosStart) {
        java.time.LocalDate first = u.dates().get(0), last = u.dates().get(u.bars() - 1);
        String fix = "give an oos_start inside the data (" + first + " to " + last + "), e.g. " + u.dates().get((int) (u.bars() * 0.7))
                + " to hold out the last 30%";
        if (!oosStart.isAfter(first)) {
            throw SextantException.invalid("oos_start", "oos_start " + oosStart + (oosStart.isBefore(first) ? " is before" : " is")
                    + " the data's first date " + first + " (the first date the symbols share in the range): nothing would be in sample", fix);
        }
        if (oosStart.isAfter(last)) {
            throw SextantException.invalid("oos_start", "oos_start " + oosStart + " is after the data's last date " + last
                    + " (the last date the symbols share in the range): nothing would be out of sample", fix);
        }
        int split = u.indexOf(oosStart);
        checkSplit(u, split);
        return split;
    }

    /** Refuses a split without at least 2 bars on each side, or a range too short for the overfitting statistics. */
    public static void checkSplit(Universe u, int split) {
        int bars = u.bars();
        if (split < 3 || split > bars - 2) {
            throw SextantException.invalid("oos_start", "the out-of-sample start leaves " + (split - 1) + " in-sample and " + (bars - split) + " out-of-sample bars",
                    "put the split so that both sides have at least 2 bars");
        }
        if (bars < MIN_BARS) {
            throw SextantException.invalid("from", "only " + bars + " bars in range; the overfitting statistics need at least " + MIN_BARS,
                    "widen the date range, or pick symbols whose histories overlap on at least " + MIN_BARS + " dates");
        }
    }

    /**
     * Runs configurations [from, to) (at most {@link #CHUNK}) into the buffers and measures them
     * into slots k - base of the result arrays: the one place a configuration is measured.
     */
    static void measureBatch(SweepKernel kernel, int from, int to, int split, double periodsPerYear, double[][] ret, double[][] expo,
                             double[][] traded, int base, Metrics[] is, Metrics[] oos, double[][] blockSum, double[][] blockSq,
                             int[] blockCount, double[][] kept) {
        int bars = kernel.universe().bars();
        for (int i = 0; i < to - from; i++) { Arrays.fill(ret[i], 0); Arrays.fill(expo[i], 0); Arrays.fill(traded[i], 0); }
        kernel.runBatch(from, to, ret, expo, traded);
        for (int k = from; k < to; k++) {
            int i = k - from, j = k - base;
            is[j] = Metrics.of(ret[i], expo[i], traded[i], 1, split, periodsPerYear);
            oos[j] = Metrics.of(ret[i], expo[i], traded[i], split, bars, periodsPerYear);
            Pbo.addBlockSums(ret[i], 1, bars, PBO_BLOCKS, blockSum[j], blockSq[j], blockCount);
            if (kept != null) kept[j] = ret[i].clone();
        }
    }
}
