package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.sextant.contract.BodyBounds;

/**
 * The 503 of a body refused over the lane is written off the thread of the body that took its place: a refused client
 * that does not read (its sockets' buffers full, so the write blocks) cannot hold up a newcomer whose body arrives at once.
 * Connections are modelled as the JDK server's are: a write to a client that does not read blocks until the connection is
 * closed, and interrupting a thread blocked on a connection closes it.
 */
class RefusalWriterTest {
    private final Queue<String> events = new ConcurrentLinkedQueue<>();
    private final ApiTraffic traffic = new ApiTraffic(Duration.ofMinutes(1), line -> {});

    /** A connection whose client sent a head and part of a body, then neither sends nor reads. */
    private final class NotReading {
        final String name;
        final CountDownLatch closed = new CountDownLatch(1);

        NotReading(String name) {
            this.name = name;
        }

        /** Blocks until the connection is closed: the client's buffers are full, nothing is taken. */
        private void blockUntilClosed() {
            try {
                closed.await();
            } catch (InterruptedException cut) {
                closed.countDown(); // the channel closes under an interrupted thread
            }
        }

        void refuse() throws IOException {
            try {
                blockUntilClosed();
            } finally {
                events.add("503 to " + name + " ended");
            }
            throw new IOException("connection closed before the 503 was taken");
        }
    }

    private void exchange(ConnectionGuard guard, NotReading connection) {
        guard.execute(() -> {
            if (!guard.headArrived()) return;
            guard.bodyStarted(connection::refuse);
            connection.blockUntilClosed(); // the rest of its body never comes
            guard.bodyRead();
        });
    }

    private void newcomer(ConnectionGuard guard) {
        guard.execute(() -> {
            if (!guard.headArrived()) return;
            guard.bodyStarted(() -> events.add("the newcomer was refused"));
            guard.bodyProgress(); // its whole body arrives at once
            events.add(guard.bodyRead() ? "newcomer served" : "newcomer cut");
        });
    }

    private static ConnectionLimits lane(int maxBodies, Duration stall) {
        return new ConnectionLimits(32, Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofMinutes(1), 32, 8, maxBodies, stall);
    }

    @Test
    void aNewcomerIsServedWhileTheRefusedClientDoesNotTakeIts503() throws Exception {
        try (ConnectionGuard guard = new ConnectionGuard(lane(BodyBounds.MAX_ARRIVING, BodyBounds.STALL), traffic)) {
            for (int i = 1; i <= BodyBounds.MAX_ARRIVING + 1; i++) exchange(guard, new NotReading("body " + i));
            await(() -> traffic.total(ApiTraffic.Event.OVER_CAP_BODY_CUT) == 1, "the 17th body refuses the first");
            newcomer(guard); // refuses the oldest left, whose client does not read either
            await(() -> events.contains("newcomer served") || events.contains("newcomer cut"), "the newcomer is answered or cut");
            List<String> seen = List.copyOf(events);
            assertEquals(List.of("newcomer served"), seen,
                    "the newcomer's body was read before the 503s to the refused bodies ended (their deadline is 5 s away)");
            assertEquals(2, traffic.total(ApiTraffic.Event.OVER_CAP_BODY_CUT));
            assertEquals(2, guard.refusing(), "both 503s wait on their clients, off the newcomer's thread");
        }
    }

    /** A 503 its client does not take holds its writer only until the refused body's deadline; at most twice the lane wait at once. */
    @Test
    void refusalsNotTakenAreClosedAtTheRefusedBodysDeadlineAndBoundedByTheLane() throws Exception {
        try (ConnectionGuard guard = new ConnectionGuard(lane(2, Duration.ofSeconds(2)), traffic)) {
            int bodies = 10;
            int mostRefusing = 0;
            for (int i = 1; i <= bodies; i++) {
                exchange(guard, new NotReading("body " + i));
                int arrived = i;
                await(() -> traffic.total(ApiTraffic.Event.OVER_CAP_BODY_CUT) + traffic.total(ApiTraffic.Event.SLOW_BODY_CUT)
                        + guard.bodiesArriving() >= arrived, "body " + i + " is in the lane");
                mostRefusing = Math.max(mostRefusing, guard.refusing());
            }
            assertTrue(mostRefusing <= 4, "at most twice the lane's 2 refusals wait on their clients: " + mostRefusing);
            long refused = traffic.total(ApiTraffic.Event.OVER_CAP_BODY_CUT);
            assertTrue(refused > 4, "more bodies were refused than may wait at once: " + refused);
            await(() -> guard.refusing() == 0, "no refusal left waiting");
            assertEquals(refused, traffic.total(ApiTraffic.Event.SLOW_ANSWER_CUT), "each 503 not taken was cut and counted");
            assertTrue(events.stream().allMatch(e -> e.endsWith(" ended")), "every 503 begun ended with its connection closed: " + events);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // a hang guard, far past any deadline here
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("never happened: " + what);
            Thread.sleep(10);
        }
    }
}
