package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/**
 * One client of the local API runs at most two agent queries at once, so its queries cannot take
 * every slot: with them, two hostile 30 s queries per agent left another agent's SQL refused. The
 * queries here are held open by a latch, not by time.
 */
class ClientSharesTest {
    @Test
    void oneClientsHeldQueriesDoNotRefuseAnotherClientsQuery() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch settled = new CountDownLatch(QueryWatchdog.MAX_RUNNING); // each of A's queries holds or is refused
        ExecutorService callers = Executors.newFixedThreadPool(QueryWatchdog.MAX_RUNNING);
        List<CompletableFuture<Object>> a = new ArrayList<>();
        try (QueryWatchdog watchdog = new QueryWatchdog(Duration.ofMinutes(10), Long.MAX_VALUE, () -> -1)) {
            watchdog.slotWait = Duration.ofMillis(100);
            for (int i = 0; i < QueryWatchdog.MAX_RUNNING; i++) { // client A sends as many queries as there are slots
                CompletableFuture<Object> f = CompletableFuture.supplyAsync(() -> watchdog.run("A", w -> {
                    settled.countDown();
                    release.await(); // a hostile query that grows until the test lets it go
                    return "A answered";
                }), callers);
                f.whenComplete((answer, refused) -> {
                    if (refused != null) settled.countDown(); // after f completed: the checks below see it refused
                });
                a.add(f);
            }
            assertTrue(settled.await(2, TimeUnit.MINUTES), "each of A's queries holds or was refused (liveness guard)");
            assertEquals("B answered", watchdog.run("B", w -> "B answered"), "B's query runs while A's are held");
            assertEquals(ClientShares.PER_CLIENT, watchdog.clients.held("A"), "A holds its share, no more");
            assertEquals("app answered", watchdog.run(w -> "app answered"), "the app's own query is no client's");

            long refused = 0;
            for (CompletableFuture<Object> f : a) {
                if (!f.isCompletedExceptionally()) continue;
                refused++;
                SextantException e = assertInstanceOf(SextantException.class, assertThrowsCompletion(f));
                assertEquals("resource_limit", e.failReason(), e.getMessage());
                assertNull(e.field(), "no argument is at fault: the client's own earlier queries hold its share");
                assertTrue(e.getMessage().startsWith("this client already runs 2 queries"), e.getMessage());
                assertTrue(e.fix().startsWith("wait for your earlier run_select queries to end"), e.fix());
            }
            assertEquals(QueryWatchdog.MAX_RUNNING - ClientShares.PER_CLIENT, refused);
            release.countDown();
            for (CompletableFuture<Object> f : a) if (!f.isCompletedExceptionally()) assertEquals("A answered", f.join());
            assertEquals(0, watchdog.clients.held("A"), "A's shares came back as its queries ended");
        } finally {
            release.countDown();
            callers.shutdownNow();
        }
    }

    private static Throwable assertThrowsCompletion(CompletableFuture<Object> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected a refusal");
    }
}
