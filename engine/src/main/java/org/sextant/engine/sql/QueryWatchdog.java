package org.sextant.engine.sql;

import org.sextant.contract.FailReason;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.sextant.engine.SextantException;

/**
 * Bounds agent queries in the app's own accounting, because DuckDB's memory_limit does not bound
 * list and string values one SELECT builds (issue #14: one query grew the app to 24 GB). Each
 * query runs on a worker thread; the caller waits at most the time bound. While any query runs,
 * a sampler reads the process's resident memory every {@link #SAMPLE_MS} ms and cancels each
 * query that grew it past the cap, and each query past its deadline. A query DuckDB cannot stop
 * at once keeps its worker (and one of {@link #MAX_RUNNING} slots) until it ends, so the caller
 * is answered in time and stuck queries cannot pile up.
 */
final class QueryWatchdog implements AutoCloseable {
    static final long SAMPLE_MS = 20;
    /** Most agent queries running (or still being stopped) at once; another waits for a slot within its own time bound. */
    static final int MAX_RUNNING = 8;
    /** A query that grew the process (or the store's pool) by less than this is not blamed when it is over the cap. */
    static final long GROWTH_SLACK = 64L << 20;
    /** Longest wait for a slot: past it a query is refused with resource_limit instead of waiting out its own time bound. */
    static final Duration SLOT_WAIT = Duration.ofSeconds(5);
    /** How long the caller waits, past a stop, for DuckDB to give the worker back. */
    static final long STOP_GRACE_MS = 1000;

    enum Stop { TIMEOUT, MEMORY, POOL, ABANDONED }

    /** A stopped query still running is cancelled again every this many samples. */
    static final int RECANCEL_EVERY = 10;

    /** The store's pool is read every this many samples (a query, unlike the /proc read). */
    static final int POOL_EVERY = 5;

    @FunctionalInterface
    interface Work<T> {
        T run(Watched watched) throws Exception;
    }

    private final Duration timeout;
    private final long capBytes;
    private final LongSupplier residentBytes;
    private final long poolCapBytes;
    private final LongSupplier poolBytes;
    private final Semaphore slots = new Semaphore(MAX_RUNNING);
    final ClientShares clients = new ClientShares(); // package: tests read what a client holds
    /** How long a query waits for its client's share and a slot: {@link #SLOT_WAIT} (tests shorten it). */
    Duration slotWait = SLOT_WAIT;
    private final Set<Watched> running = ConcurrentHashMap.newKeySet();
    private final ExecutorService workers;
    private final Object idle = new Object();
    private final Thread sampler;
    private static final ExecutorService CANCELLERS = Executors.newCachedThreadPool(r -> daemon(r, "sextant-sql-cancel"));

    QueryWatchdog(Duration timeout, long capBytes, LongSupplier residentBytes) {
        this(timeout, capBytes, residentBytes, Long.MAX_VALUE, () -> -1);
    }

    /**
     * @param poolCapBytes DuckDB memory (shared by every query of the store) agent queries may hold together:
     *                     past it every running agent query is stopped, so the app's own reads keep the rest
     */
    // dup: plain field assignments, alike only in shape to other constructors
    QueryWatchdog(Duration timeout, long capBytes, LongSupplier residentBytes, long poolCapBytes, LongSupplier poolBytes) {
        this.timeout = timeout;
        this.capBytes = capBytes;
        this.residentBytes = residentBytes;
        this.poolCapBytes = poolCapBytes;
        this.poolBytes = poolBytes;
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newCachedThreadPool(r -> daemon(r, "sextant-sql-" + n.incrementAndGet()));
        this.sampler = daemon(this::sample, "sextant-sql-watchdog");
        sampler.start();
    }

    /** Stops the sampler and the idle workers (a closed store's watchdog must not outlive it); running queries are cancelled. */
    @Override
    public void close() {
        for (Watched w : running) w.stop(Stop.TIMEOUT, -1);
        sampler.interrupt();
        workers.shutdown();
    }

    /** Runs {@code work} on a worker within the time and memory bound; throws timeout or resource_limit past them. */
    <T> T run(Work<T> work) {
        return run(null, work);
    }

    /**
     * As above, counted as one of {@code client}'s queries ({@link ClientShares}; null: not counted):
     * one over its share waits for one of its own to end, within the same short wait as for a slot.
     */
    <T> T run(String client, Work<T> work) {
        long deadline = System.nanoTime() + timeout.toNanos();
        // a short wait: a turn that came near the end of the query's own bound would only end in timeout
        long wait = Math.min(timeout.toNanos(), slotWait.toNanos()), waitEnd = System.nanoTime() + wait;
        boolean shared = false;
        try {
            if (!clients.acquire(client, wait)) {
                // field: no argument of this call is at fault; the caller's own earlier queries hold its share
                throw new SextantException(FailReason.RESOURCE_LIMIT, "this client already runs " + ClientShares.PER_CLIENT
                        + " queries (running or still being stopped), the most one client may run at once so that other agents' SQL finds a slot;"
                        + " this one waited " + duration(wait) + " for one of them to end", null,
                        "wait for your earlier run_select queries to end (each answers or is stopped within " + seconds()
                                + "), then send this one again; run heavy queries one after another");
            }
            shared = true;
            if (!slots.tryAcquire(Math.max(0, waitEnd - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new SextantException(FailReason.RESOURCE_LIMIT, MAX_RUNNING + " queries are running or still being stopped; this one did not get a turn within "
                        + duration(wait), "sql", "wait for the running queries to finish, then run it again");
            }
        } catch (InterruptedException e) {
            if (shared) clients.release(client);
            Thread.currentThread().interrupt();
            throw new SextantException(FailReason.TIMEOUT, "the query was interrupted before it ran", "sql", "run it again");
        } catch (RuntimeException e) {
            if (shared) clients.release(client);
            throw e;
        }
        // the pool as the query found it: memory a stopped query has not given back yet is not this one's
        long pool = poolCapBytes == Long.MAX_VALUE ? -1 : poolBytes.getAsLong();
        Watched w = new Watched(residentBytes.getAsLong(), pool == Long.MAX_VALUE ? -1 : pool, deadline); // MAX_VALUE: not measured
        Future<T> result;
        try {
            running.add(w);
            result = org.sextant.engine.ReadOnlyScope.submit(workers, () -> { // its statements are the read's
                try {
                    return work.run(w);
                } finally {
                    running.remove(w);
                    slots.release();
                    clients.release(client); // when the work ends, not its caller: a query being stopped still counts
                }
            });
        } catch (RuntimeException e) {
            running.remove(w);
            slots.release();
            clients.release(client);
            throw e;
        }
        synchronized (idle) {
            idle.notifyAll();
        }
        try {
            return await(result, w, deadline);
        } catch (ExecutionException e) {
            if (w.stopped != null) throw stopped(w);
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            w.stop(Stop.TIMEOUT, -1);
            Thread.currentThread().interrupt();
            throw stopped(w);
        }
    }

    /**
     * The query's value; once it is stopped (by the sampler or its deadline) the caller waits at
     * most {@link #STOP_GRACE_MS} more for DuckDB to give the worker back, then is answered anyway:
     * a cancel DuckDB takes long to honour must not hold the caller to the full time bound.
     */
    private <T> T await(Future<T> result, Watched w, long deadline) throws ExecutionException, InterruptedException {
        long grace = TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MS);
        long stopSeen = 0;
        while (true) {
            long now = System.nanoTime();
            if (w.stopped == null && now - deadline >= 0) w.stop(Stop.TIMEOUT, -1);
            // the caller's job was cancelled or its API client went away: nobody awaits the rows
            if (w.stopped == null && org.sextant.engine.jobs.Cancellation.stopRequested()) w.stop(Stop.ABANDONED, -1);
            if (w.stopped != null && stopSeen == 0) stopSeen = now;
            long slice = stopSeen != 0 ? stopSeen + grace - now : Math.min(deadline - now, TimeUnit.MILLISECONDS.toNanos(SAMPLE_MS));
            if (stopSeen != 0 && slice <= 0) throw stopped(w);
            try {
                T value = result.get(Math.max(1, slice), TimeUnit.NANOSECONDS);
                if (w.stopped != null) throw stopped(w);
                return value;
            } catch (TimeoutException stillRunning) {
                // look again: stopped meanwhile, past the deadline, or past the grace after a stop
            }
        }
    }

    /** The sampler: sleeps while no query runs; otherwise checks deadlines and memory every SAMPLE_MS. */
    private void sample() {
        int samples = 0;
        while (true) {
            try {
                synchronized (idle) {
                    while (running.isEmpty()) idle.wait();
                }
                Thread.sleep(SAMPLE_MS);
                long now = System.nanoTime();
                long rss = residentBytes.getAsLong();
                long pool = ++samples % POOL_EVERY == 0 ? poolBytes.getAsLong() : -1;
                for (Watched w : running) {
                    // a cancel that reached DuckDB before its query started is lost: repeat it while the query runs
                    if (w.stopped != null) {
                        if (samples % RECANCEL_EVERY == 0) w.cancelAgain();
                        continue;
                    }
                    if (now - w.deadline > 0) w.stop(Stop.TIMEOUT, rss);
                    else if (rss > capBytes && w.startBytes >= 0 && rss - w.startBytes > GROWTH_SLACK) w.stop(Stop.MEMORY, rss);
                    else if (pool >= 0 && pool > poolCapBytes && (w.lowestPool < 0 || pool - w.lowestPool > GROWTH_SLACK)) w.stop(Stop.POOL, pool);
                    if (pool >= 0 && pool != Long.MAX_VALUE && (w.lowestPool < 0 || pool < w.lowestPool)) w.lowestPool = pool; // memory given back while it ran is not its allowance
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // a failed sample must not end the watchdog; the next one retries
            }
        }
    }

    private RuntimeException stopped(Watched w) {
        if (w.stopped == Stop.ABANDONED) return new java.util.concurrent.CancellationException("the query's caller went away");
        if (w.stopped == Stop.POOL) {
            return new SextantException(FailReason.RESOURCE_LIMIT, "the query was stopped: agent queries held "
                    + (w.stopBytes == Long.MAX_VALUE ? "all" : gb(w.stopBytes)) + " of the store's working memory, past their share of "
                    + gb(poolCapBytes) + " (the rest is kept for the app's own reads; docs/local-api.md, bounds)", "sql",
                    "build smaller values: filter by symbol or date first, aggregate to numbers, run one large query at a time");
        }
        if (w.stopped == Stop.MEMORY) {
            return new SextantException(FailReason.RESOURCE_LIMIT, "the query was stopped: it grew the app's memory to " + gb(w.stopBytes)
                    + ", past the cap of " + gb(capBytes) + " for one query (docs/local-api.md, bounds)", "sql",
                    "build smaller values: filter by symbol or date first, aggregate to numbers instead of list()/string_agg() over many rows, avoid cross joins");
        }
        return new SextantException(FailReason.TIMEOUT, "the query ran longer than " + seconds() + " and was stopped", "sql",
                "narrow it: filter by symbol or date range, aggregate before joining, or avoid cross joins");
    }

    private String seconds() {
        return duration(timeout.toNanos());
    }

    private static String duration(long nanos) {
        long ms = TimeUnit.NANOSECONDS.toMillis(nanos);
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }

    private static String gb(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** One running query: what stops it, and the statement to cancel. */
    static final class Watched {
        final long startBytes;
        volatile long lowestPool; // the least the store's pool held since it started (-1: unknown), read by the sampler
        final long deadline;
        private volatile Statement current;
        private volatile Stop stopped;
        private volatile long stopBytes;

        Watched(long startBytes, long startPool, long deadline) {
            this.startBytes = startBytes;
            this.lowestPool = startPool;
            this.deadline = deadline;
        }

        /** The statement now running for this query; cancelled at once when the query was already stopped. */
        void statement(Statement s) {
            current = s;
            if (stopped != null) cancel(s);
        }

        void cancelAgain() {
            cancel(current);
        }

        synchronized void stop(Stop why, long bytes) {
            if (stopped != null) return;
            stopBytes = bytes;
            stopped = why;
            cancel(current);
        }

        /** Off the caller's thread: a cancel can wait for the native query to reach a check. */
        private static void cancel(Statement s) {
            if (s == null) return;
            org.sextant.engine.ReadOnlyScope.execute(CANCELLERS, () -> {
                try {
                    s.cancel();
                } catch (SQLException ignored) {
                    // the statement finished or closed meanwhile
                }
            });
        }
    }
}
