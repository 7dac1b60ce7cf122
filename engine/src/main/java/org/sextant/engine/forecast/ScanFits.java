package org.sextant.engine.forecast;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.sextant.engine.jobs.Cancellation;

/**
 * The fits of synchronous scans, run on a small pool of daemon threads so that a fit still running when its call's
 * budget ends is not thrown away: it goes on in the background and keeps its forecast where the scans' reads keep theirs
 * ({@link LiveForecastCache}), and the next call ranks it without fitting again. Before, a fit longer than one call's
 * budget (ARIMA at 260 steps on a busy machine) was given up at every call and never done. Bounded: one fit per key,
 * {@link #THREADS} in the engine (when they are busy a scan fits on its own thread, as before), each stopped after
 * {@link #CAP}, when the prices change or the engine closes; a forecast made from prices that changed meanwhile is dropped.
 * And only while someone will rank it: each call or job that waits for a fit holds a claim on it, and a fit whose every
 * claimant went away before its answer (a caller gone, a job cancelled) is stopped, since nobody was told to call again;
 * once one call was answered with the fit going on (its note says to call again), the fit goes on to its end.
 */
final class ScanFits implements AutoCloseable {
    /** Fits at once in the engine: one core of a small machine, beside the reads' own turns. */
    static final int THREADS = 1;
    /** Longest a fit goes on after its call: past it, {@code start_scan} (a job) is the way. */
    static final Duration CAP = Duration.ofMinutes(10);

    /** What a scan asks to fit: {@code key} as {@link LiveForecastCache} keys it, on prices read at {@code generation}. */
    record Job(String key, String symbol, double estimate, long generation, Supplier<PriceForecast> work) {}

    /** A fit under way or done: its forecast to come, and when it started (for a call's note). */
    static final class Fit {
        final Job job;
        final CompletableFuture<PriceForecast> result = new CompletableFuture<>();
        private final long started = System.nanoTime();
        /** Calls and jobs waiting for it now, each to be {@link #answered} or {@link #left}; guarded by the ScanFits. */
        private int claims;
        /** A call answered while it went on: its caller was told to call again, so it goes on whoever leaves. Guarded. */
        private boolean answered;
        /** Nobody will rank it: it stops at its next check. Read by the fit's own thread, hence volatile. */
        private volatile boolean dropped;

        private Fit(Job job) { this.job = job; }

        double secondsSoFar() { return (System.nanoTime() - started) / 1e9; }
    }

    private final LiveForecastCache<PriceForecast> kept;
    private final ExecutorService pool;
    private final Map<String, Fit> running = new HashMap<>();
    /** Fits submitted and not yet ended: at most {@link #THREADS}, so the pool's queue never holds work. */
    private int active;
    /** Bumped by each change of the prices; read by the fits' cancel checks, hence volatile. */
    private volatile long generation;
    private volatile boolean closed;

    ScanFits(LiveForecastCache<PriceForecast> kept) {
        this.kept = kept;
        // the queue's bound is never reached (at most THREADS fits are submitted and not ended): a request cannot queue work
        ThreadPoolExecutor p = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(THREADS),
                org.sextant.engine.DaemonThreads.named("sextant-scan-fit")); // never holds the app open
        p.allowCoreThreadTimeOut(true);
        this.pool = p;
    }

    /** The prices' generation now: a scan reads it before its prices, and its fits and forecasts carry it. */
    long generation() { return generation; }

    /**
     * The fit of {@code key} under way, claimed for the caller (who waits for it instead of fitting again and then says
     * {@link #answered} or {@link #left}), or null.
     */
    synchronized Fit join(String key) {
        Fit under = running.get(key);
        if (under != null) under.claims++;
        return under;
    }

    /**
     * Starts {@code job} on the pool, or joins the same key's fit under way, or answers the forecast kept meanwhile (done);
     * null when the pool is busy, the prices changed since the job read them, or the engine closes: the caller fits itself.
     * A fit answered is claimed for the caller, as by {@link #join}.
     */
    synchronized Fit start(Job job) {
        if (closed || job.generation() != generation) return null;
        Fit fit = new Fit(job);
        fit.claims++;
        PriceForecast done = kept.get(job.key());
        if (done != null) {
            fit.result.complete(done);
            return fit;
        }
        Fit under = join(job.key());
        if (under != null) return under;
        if (active >= THREADS) return null;
        try {
            // as the scan's read, on after the call too: a fit never writes the store
            org.sextant.engine.ReadOnlyScope.execute(pool, () -> run(fit));
        } catch (RejectedExecutionException e) {
            return null;
        }
        active++;
        running.put(job.key(), fit);
        return fit;
    }

    /** A claimant of {@code fit} was answered while it went on (told to call again): it goes on, whoever leaves later. */
    synchronized void answered(Fit fit) {
        fit.claims--;
        fit.answered = true;
    }

    /**
     * A claimant of {@code fit} no longer waits for it: its forecast came, or it went away before its answer. With no claim
     * left and no call answered while it went on, nobody will rank it: it is stopped, and a later call starts afresh.
     */
    synchronized void left(Fit fit) {
        fit.claims--;
        if (fit.claims > 0 || fit.answered || fit.result.isDone()) return;
        fit.dropped = true;
        running.remove(fit.job.key(), fit);
    }

    private void run(Fit fit) {
        long gen = fit.job.generation();
        PriceForecast f = null;
        Throwable failed = null;
        try {
            f = Cancellation.watching(() -> closed || generation != gen || fit.dropped,
                    () -> Cancellation.within(CAP, "a scan's background fit", null, fit.job.work()));
        } catch (Throwable t) {
            failed = t;
        }
        synchronized (this) {
            keep(fit.job.key(), gen, f);
            running.remove(fit.job.key(), fit);
            active--;
            notifyAll();
        }
        if (failed != null) fit.result.completeExceptionally(failed);
        else fit.result.complete(f);
    }

    /** Keeps {@code f} for the next call unless the prices changed since it was read at {@code gen} (or it is null). */
    synchronized void keep(String key, long gen, PriceForecast f) {
        if (f != null && gen == generation && !closed) kept.put(key, f);
    }

    /** The prices changed: the fits under way stop at their next check and what they made is dropped. The caller clears {@code kept} after. */
    synchronized void dataChanged() {
        generation++;
        running.clear();
    }

    /** Whether the prices changed since {@code fit}'s were read: a fit that stopped then was stopped for that, or gave what is not kept. */
    boolean pricesChangedSince(Fit fit) { return fit.job.generation() != generation; }

    /** How many fits are under way that a call may still join (tests: a fit nobody will rank is not among them). */
    synchronized int underWay() { return running.size(); }

    /** The calls and jobs waiting for the fits under way (tests: a job waits for one). */
    synchronized int claims() {
        return running.values().stream().mapToInt(f -> f.claims).sum();
    }

    /** Waits until no fit runs (tests: a fit let go ends on its thread). */
    synchronized void awaitIdle() throws InterruptedException {
        while (active > 0) wait();
    }

    /** The engine closes: the fits under way stop at their next check, and no more start. */
    @Override
    public synchronized void close() {
        closed = true;
        running.clear();
        pool.shutdown();
    }
}
