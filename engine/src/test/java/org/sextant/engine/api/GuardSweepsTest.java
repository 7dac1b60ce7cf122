package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * refusal waiting), or once for a summary line it owes; idle, it only asks every 10 s whether the listener needs its check.
 * Counted in sweeps, never timed.
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

    /**
     * A listener whose thread ended while the app was idle is checked though nothing woke the guard (the ending thread's own
     * wake-up lost out of memory): the idle watch asks every 10 s, by hand here, and sleeps again; it never sweeps every 100 ms.
     */
    @Test
    void anIdleGuardAsksEveryTenSecondsWhetherTheListenerNeedsItsCheck() throws Exception {
        List<Runnable> watches = new CopyOnWriteArrayList<>();
        List<Duration> periods = new CopyOnWriteArrayList<>();
        traffic = new ApiTraffic(Duration.ofMinutes(1), lines::add);
        ConnectionGuard.ListenerWatch byHand = (period, check) -> {
            periods.add(period);
            watches.add(check);
        };
        try (ConnectionGuard guard = new ConnectionGuard(new ConnectionLimits(32, Duration.ofMinutes(1), Duration.ofMinutes(1), Duration.ofMinutes(1)), traffic, byHand)) {
            java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.concurrent.atomic.AtomicInteger checks = new java.util.concurrent.atomic.AtomicInteger();
            guard.alsoEachSweep(() -> {
                checks.incrementAndGet();
                ended.set(false); // listening again
            }, ended::get);
            assertEquals(List.of(Duration.ofSeconds(10)), periods, "one watch, every 10 s");
            watches.get(0).run();
            assertFalse(guard.sweepPending(), "the listener listens: the watch leaves the guard asleep");
            assertEquals(0, checks.get());

            ended.set(true); // its thread ended, and nothing woke the guard
            assertFalse(guard.sweepPending(), "unheard: asleep until the watch");
            watches.get(0).run();
            assertTrue(guard.sweepPending(), "the watch wakes the sweeps");
            await(() -> checks.get() == 1, "the listener checked");
            await(() -> !guard.sweepPending(), "listening again: asleep");
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
