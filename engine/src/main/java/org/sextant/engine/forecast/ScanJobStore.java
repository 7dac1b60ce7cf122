package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.jobs.Cancellation;

/**
 * Where a scan job stores its forecasts as it computes them, {@link #BATCH} to a commit (or what it has every
 * {@link #EVERY_NANOS}), so that a cancel or the job's time limit keeps what was computed and a later scan ranks it without
 * fitting again. Before, a job stored only after its whole loop: a whole-store scan stopped after two hours kept nothing
 * (attack 15 M3), and held every symbol's closes until then. A job that fails keeps its commits too, and says so. Not
 * thread-safe: one job's.
 */
final class ScanJobStore {
    /** Forecasts to a commit: one transaction per few dozen fits, not one per symbol. */
    static final int BATCH = 25;
    /** Longest a computed forecast waits for its commit (slow fits): what a crash of the app may lose. */
    private static final long EVERY_NANOS = TimeUnit.SECONDS.toNanos(30);
    private final ForecastStore store;
    private final int batch;
    private int symbols;
    private final List<StoredForecast> pending = new ArrayList<>();
    private final List<String> named = new ArrayList<>();
    private int stored;
    private long lastCommit = System.nanoTime();

    /** {@code batch}: forecasts to a commit (tests: 1 or 2). */
    ScanJobStore(ForecastStore store, int batch) {
        this.store = store;
        this.batch = batch;
    }

    /** The job scans {@code n} symbols (for its message). */
    void scanning(int n) { symbols = n; }

    /** Keeps {@code f} (null: nothing to store, e.g. stored already), committing the batch when it is full or has waited long. */
    void add(StoredForecast f) {
        if (f != null) pending.add(f);
        if (pending.size() >= batch || !pending.isEmpty() && System.nanoTime() - lastCommit >= EVERY_NANOS) commit();
    }

    /** Commits what is pending (the job's end, or its stop). */
    void commit() {
        lastCommit = System.nanoTime();
        if (pending.isEmpty()) return;
        store.save(pending);
        stored += pending.size();
        for (StoredForecast f : pending) if (named.size() < ForecastsWritten.NAMED) named.add(f.symbol());
        pending.clear();
    }

    /** Forecasts committed so far. */
    int stored() { return stored; }

    /**
     * The job was stopped ({@code stop}: its cancel or time limit): commits what it computed and answers the exception that
     * says how much of it stays ({@link Cancellation.AfterStoring}), or {@code stop} when nothing was stored.
     */
    CancellationException stopped(CancellationException stop) {
        commit();
        return written().stopped(stop);
    }

    /**
     * The job failed ({@code failure}: not a stop): what its commits wrote stays, and the answer says so
     * ({@link org.sextant.engine.jobs.FailedAfterStoring}); what is pending is not committed (the failure may be the store's).
     */
    RuntimeException failed(RuntimeException failure) {
        return written().failed(failure);
    }

    private ForecastsWritten written() {
        return new ForecastsWritten(stored, symbols, named, "start_scan or scan_forecasts ranks them again without fitting");
    }
}
