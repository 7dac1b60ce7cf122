package org.sextant.engine.jobs;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.sextant.engine.DaemonThreads;

/**
 * Runs one long DuckDB statement of a job so the job's cancel stops it at once. A statement is
 * one call that never reaches a {@link Cancellation#check}: an import of 3.6 M rows ran 5.6 s past
 * its cancel inside one INSERT. While the statement runs, the job's cancel request is polled from
 * another thread and the statement cancelled (DuckDB stops between vectors); the caller then sees
 * the same CancellationException a checkpoint throws, and the job's transaction rolls back as there.
 * On a thread with no cancel request (the app's own reads, a scale-out task) it just runs.
 */
public final class CancellableSql {
    /** A statement's call: an update, a query, an execute. */
    @FunctionalInterface
    public interface Call<T> {
        T run() throws SQLException;
    }

    static final long POLL_MS = 20;
    /** The poller's thread: a test tells its look at the cancel request from a checkpoint's. */
    public static final String THREAD = "sextant-sql-job-cancel";
    private static final ScheduledExecutorService POLLER = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named(THREAD));

    private CancellableSql() {}

    public static <T> T run(Statement st, Call<T> call) throws SQLException {
        BooleanSupplier asked = Cancellation.request();
        if (asked == null) return call.run();
        Cancellation.check();
        return run(st, asked, call);
    }

    /**
     * As {@link #run(Statement, Call)}, stopping the statement when {@code stop} turns true (polled from another thread):
     * a read that must end at a time of its own (a scan answers before its budget ends) or its caller's going away.
     */
    public static <T> T run(Statement st, BooleanSupplier stop, Call<T> call) throws SQLException {
        Object lock = new Object();
        boolean[] done = {false}, fired = {false}; // guarded by lock
        ScheduledFuture<?> poll = POLLER.scheduleWithFixedDelay(() -> {
            synchronized (lock) { // never after the call returned: the statement may run the caller's next one
                if (!done[0] && stop.getAsBoolean()) {
                    fired[0] = true;
                    cancel(st);
                }
            }
        }, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
        try {
            return call.run();
        } catch (SQLException e) {
            synchronized (lock) {
                done[0] = true;
                if (fired[0]) throw new CancellationException("cancelled during a statement"); // DuckDB says "interrupted"
            }
            throw e;
        } finally {
            synchronized (lock) {
                done[0] = true;
            }
            poll.cancel(false);
        }
    }

    private static void cancel(Statement st) {
        try {
            st.cancel();
        } catch (SQLException | RuntimeException closed) {
            // the statement ended meanwhile: nothing left to stop
        }
    }
}
