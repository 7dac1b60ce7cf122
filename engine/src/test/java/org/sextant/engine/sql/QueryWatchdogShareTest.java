package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/**
 * Agent queries are blamed for the store's memory they take, not for what a query stopped just
 * before still holds (the exploratory test: after a refused list() bomb, a plain GROUP BY was
 * refused twice as "past their share"); and a query that finds every slot taken is told so soon,
 * not after waiting out its own time bound.
 */
class QueryWatchdogShareTest {
    private static final long SHARE = 1200L << 20;

    @Test
    void aQueryIsNotBlamedForPoolMemoryItFoundHeld() throws Exception {
        AtomicLong pool = new AtomicLong(1900L << 20); // a stopped query's memory, not given back yet
        try (QueryWatchdog watchdog = new QueryWatchdog(Duration.ofMinutes(10), Long.MAX_VALUE, () -> -1, SHARE, pool::get)) {
            // long enough for several pool samples (every POOL_EVERY samples of SAMPLE_MS)
            Object answer = watchdog.run(w -> {
                Thread.sleep(10 * QueryWatchdog.POOL_EVERY * QueryWatchdog.SAMPLE_MS);
                return "answered";
            });
            assertEquals("answered", answer);
        }
    }

    @Test
    void aQueryThatGrowsThePoolPastTheShareIsStopped() throws Exception {
        AtomicLong pool = new AtomicLong(100L << 20);
        CountDownLatch release = new CountDownLatch(1);
        try (QueryWatchdog watchdog = new QueryWatchdog(Duration.ofMinutes(10), Long.MAX_VALUE, () -> -1, SHARE, pool::get)) {
            CompletableFuture<Object> caller = CompletableFuture.supplyAsync(() -> watchdog.run(w -> {
                pool.set(1900L << 20); // this query builds 1.8 GB
                release.await();
                return "done";
            }));
            ExecutionException e = assertThrows(ExecutionException.class, () -> caller.get(2, TimeUnit.MINUTES));
            SextantException stop = assertInstanceOf(SextantException.class, e.getCause());
            assertEquals("resource_limit", stop.failReason(), stop.getMessage());
            assertTrue(stop.getMessage().contains("past their share"), stop.getMessage());
        } finally {
            release.countDown();
        }
    }

    @Test
    void aQueryFindingEverySlotTakenIsToldSoInsteadOfWaitingItsWholeBound() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<CompletableFuture<Object>> running = new ArrayList<>();
        // a thread per caller: the common pool may have fewer workers than MAX_RUNNING
        java.util.concurrent.ExecutorService callers = java.util.concurrent.Executors.newFixedThreadPool(QueryWatchdog.MAX_RUNNING);
        try (QueryWatchdog watchdog = new QueryWatchdog(Duration.ofMinutes(10), Long.MAX_VALUE, () -> -1)) {
            CountDownLatch started = new CountDownLatch(QueryWatchdog.MAX_RUNNING);
            for (int i = 0; i < QueryWatchdog.MAX_RUNNING; i++) {
                running.add(CompletableFuture.supplyAsync(() -> watchdog.run(w -> {
                    started.countDown();
                    release.await();
                    return "done";
                }), callers));
            }
            assertTrue(started.await(2, TimeUnit.MINUTES), "every slot taken (liveness guard)");
            SextantException e = assertThrows(SextantException.class, () -> watchdog.run(w -> "never"));
            assertEquals("resource_limit", e.failReason(), e.getMessage());
            assertTrue(e.getMessage().endsWith("did not get a turn within 5 s"), e.getMessage());
        } finally {
            release.countDown();
            callers.shutdown();
        }
    }
}
