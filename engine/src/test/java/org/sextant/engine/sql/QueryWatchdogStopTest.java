package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * A stopped query whose cancel DuckDB does not honour still lets its caller go (within the grace, not at the time bound),
 * and a query whose caller went away is stopped.
 */
class QueryWatchdogStopTest {
    @Test
    void theCallerIsAnsweredWhileAStoppedQueryStillRuns() throws Exception {
        AtomicLong rss = new AtomicLong(1L << 30);
        QueryWatchdog watchdog = new QueryWatchdog(Duration.ofMinutes(10), 2L << 30, rss::get);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            CompletableFuture<Object> caller = CompletableFuture.supplyAsync(() -> watchdog.run(w -> {
                started.countDown();
                release.await(); // ignores every cancel, as a native query between checks does
                return "done";
            }));
            started.await();
            rss.set(3L << 30); // the process passes the cap while it runs (and it grew it: started at 1 GB)
            // answered long before the 10-minute bound although the work has not ended
            ExecutionException e = assertThrows(ExecutionException.class, () -> caller.get(2, TimeUnit.MINUTES));
            SextantException stop = assertInstanceOf(SextantException.class, e.getCause());
            assertEquals("resource_limit", stop.failReason(), stop.getMessage());
            assertEquals(1, release.getCount(), "the work was still running when its caller was answered");
        } finally {
            release.countDown();
            watchdog.close();
        }
    }

    /** run_select whose API client went away (or whose job was cancelled): its statement is cancelled and its slot freed, not held to the time bound. */
    @Test
    void aQueryWhoseCallerWentAwayIsCancelled() throws Exception {
        QueryWatchdog watchdog = new QueryWatchdog(Duration.ofMinutes(10), Long.MAX_VALUE, () -> -1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        AtomicBoolean gone = new AtomicBoolean();
        java.sql.Statement statement = (java.sql.Statement) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {java.sql.Statement.class}, (proxy, method, args) -> {
                    if (method.getName().equals("cancel")) cancelled.countDown();
                    return null;
                });
        try {
            CompletableFuture<Object> caller = CompletableFuture.supplyAsync(() -> Cancellation.unlessAbandoned(gone::get, () -> watchdog.run(w -> {
                w.statement(statement);
                started.countDown();
                cancelled.await(); // DuckDB ends a cancelled statement with an error
                throw new java.sql.SQLException("INTERRUPT Error: Interrupted!");
            })));
            started.await();
            gone.set(true);
            ExecutionException e = assertThrows(ExecutionException.class, () -> caller.get(2, TimeUnit.MINUTES));
            assertInstanceOf(CancellationException.class, e.getCause(), "stopped as the caller's other work is, answered to nobody");
            assertEquals(0, cancelled.getCount(), "the statement was cancelled");
        } finally {
            cancelled.countDown();
            watchdog.close();
        }
    }
}
