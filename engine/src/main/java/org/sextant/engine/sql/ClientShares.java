package org.sextant.engine.sql;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How many agent queries each client of the local API runs at once (running or still being
 * stopped), at most {@link #PER_CLIENT}: without it one client's hostile queries took every one of
 * the {@link QueryWatchdog#MAX_RUNNING} slots for their 30 s and every other agent's SQL was
 * refused. The bound holds whether or not others wait: a query cannot be taken back once it runs,
 * so slots a lone client filled would still be held when a second client arrives. A null client
 * (the app's own callers, a job) is not counted. Only clients holding a query have an entry.
 */
final class ClientShares {
    static final int PER_CLIENT = 2;

    private final Map<String, Integer> held = new HashMap<>(); // guarded by this

    /** Takes one of {@code client}'s shares, waiting at most {@code nanos} for one of its own queries to end; false if none ended. */
    synchronized boolean acquire(String client, long nanos) throws InterruptedException {
        if (client == null) return true;
        long end = System.nanoTime() + nanos;
        while (held.getOrDefault(client, 0) >= PER_CLIENT) {
            long left = end - System.nanoTime();
            if (left <= 0) return false;
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        held.merge(client, 1, Integer::sum);
        return true;
    }

    synchronized void release(String client) {
        if (client == null) return;
        held.computeIfPresent(client, (c, n) -> n == 1 ? null : n - 1);
        notifyAll();
    }

    /** Queries {@code client} holds now (tests). */
    synchronized int held(String client) {
        return held.getOrDefault(client, 0);
    }
}
