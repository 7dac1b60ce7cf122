package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The local API's guard sweeps only while something is open (a request being read or answered, a read watched, a
 * refusal waiting), or once for a summary line it owes: an idle app is never woken. Counted in sweeps, never timed.
 */
class GuardSweepsTest {
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private ApiTraffic traffic;

    private ConnectionGuard guard(Duration summaryInterval) {
        traffic = new ApiTraffic(summaryInterval, lines::add);
        return new ConnectionGuard(new ConnectionLimits(32, Duration.ofMinutes(1), Duration.ofMinutes(1), summaryInterval), traffic);
    }

    @Test
    void anIdleGuardSleepsBeforeAndAfterARequest() throws Exception {
        try (ConnectionGuard guard = guard(Duration.ofMinutes(1))) {
            assertFalse(guard.sweepPending(), "nothing open: nothing to wake for");
            CountDownLatch reading = new CountDownLatch(1), release = new CountDownLatch(1), done = new CountDownLatch(1);
            guard.execute(() -> {
                reading.countDown();
                try {
                    release.await(); // its head still arriving
                } catch (InterruptedException cut) {
                    Thread.currentThread().interrupt();
                }
                guard.headArrived();
                done.countDown();
            });
            reading.await();
            assertTrue(guard.sweepPending(), "a head arriving is swept for its deadline");
            awaitSweeps(guard, 2); // every 100 ms while open, as before
            release.countDown();
            done.await();
            await(() -> !guard.sweepPending(), "the sweeper sleeps once nothing is open: the next wake-up is the next request");
        }
    }

    @Test
    void aReadWatchedIsSweptUntilUnwatched() throws Exception {
        try (ConnectionGuard guard = guard(Duration.ofMinutes(1))) {
            ClientWatch.Watched read = guard.watch(1, 2);
            assertTrue(guard.sweepPending(), "a read computing is watched for its client going away");
            awaitSweeps(guard, 2);
            guard.unwatch(read);
            await(() -> !guard.sweepPending(), "no read watched: the sweeper sleeps");
        }
    }

    @Test
    void somethingCountedWhileIdleIsSummarizedThenTheGuardSleeps() throws Exception {
        try (ConnectionGuard guard = guard(Duration.ofMillis(200))) {
            guard.execute(() -> guard.headArrived());
            await(() -> !guard.sweepPending(), "the request ended: asleep");
            // a client gone after its answer, counted with nothing open
            traffic.count(ApiTraffic.Event.CLIENT_GONE);
            assertTrue(guard.sweepPending(), "a summary line is owed: one sweep planned for it");
            await(() -> lines.size() == 1, "the summary is written without another request");
            assertTrue(lines.get(0).contains("1 client gone mid-request"), lines.get(0));
            await(() -> !guard.sweepPending(), "nothing owed: asleep");
        }
    }

    private static void awaitSweeps(ConnectionGuard guard, long atLeast) throws InterruptedException {
        await(() -> guard.sweeps() >= atLeast, atLeast + " sweeps while open");
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // a hang guard, far past any sweep here
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("never happened: " + what);
            Thread.sleep(10);
        }
    }
}
