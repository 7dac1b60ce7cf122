package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.eclipse.jetty.io.ByteArrayEndPoint;
import org.junit.jupiter.api.Test;

/**
 * The lane's sweeper wakes only while a body is arriving, and then at the first deadline a body may
 * pass, not every 100 ms: an idle launcher costs no wake-ups. Counted in sweeps, never timed.
 */
class BodyLaneSweepsTest {
    private static final byte[] MESSAGE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8);
    private static final Duration LONG = Duration.ofHours(1);

    @Test
    void anIdleLaneHasNoSweepPendingBeforeOrAfterABody() throws Exception {
        try (BodyLane lane = new BodyLane(new BodyLane.Limits(4, LONG, LONG, BodyLane.Limits.DEFAULT.budgetBytes()))) {
            assertFalse(lane.sweepPending(), "nothing arriving: nothing to wake for");
            BodyLane.Read read = lane.read(new ByteArrayEndPoint(), new ByteArrayInputStream(MESSAGE), MESSAGE.length);
            assertInstanceOf(BodyLane.Arrived.class, read);
            ((BodyLane.Arrived) read).hold().close();
            assertFalse(lane.sweepPending(), "the body arrived: no sweep is left waiting");
            assertEquals(0, lane.sweeps(), "a body that arrived before any deadline was never swept");
        }
    }

    @Test
    void aBodyStillArrivingIsSweptOnlyAtItsDeadline() throws Exception {
        try (BodyLane lane = new BodyLane(new BodyLane.Limits(4, LONG, LONG, BodyLane.Limits.DEFAULT.budgetBytes()))) {
            Held body = new Held(MESSAGE);
            CompletableFuture<BodyLane.Read> read = CompletableFuture.supplyAsync(
                    () -> lane.read(new ByteArrayEndPoint(), body, MESSAGE.length));
            body.started.await();
            assertEquals(1, lane.arriving());
            assertTrue(lane.sweepPending(), "a body arriving is swept at its deadline");
            body.release.countDown();
            assertInstanceOf(BodyLane.Arrived.class, read.get());
            assertFalse(lane.sweepPending(), "its sweep was called off as it arrived");
            assertEquals(0, lane.sweeps(), "no sweep before the first deadline (an hour away)");
        }
    }

    @Test
    void aStalledBodyIsCutByASweepAndThenNoneIsPending() throws Exception {
        try (BodyLane lane = new BodyLane(new BodyLane.Limits(4, Duration.ofMillis(50), LONG, BodyLane.Limits.DEFAULT.budgetBytes()))) {
            Held stalled = new Held(MESSAGE); // never released: it stalls after its head
            BodyLane.Read read = lane.read(new ByteArrayEndPoint(), stalled, MESSAGE.length);
            assertInstanceOf(BodyLane.Cut.class, read);
            assertEquals(1, lane.cuts());
            assertTrue(lane.sweeps() >= 1, "cut by a sweep");
            assertFalse(lane.sweepPending(), "nothing arriving after the cut: the sweeper sleeps");
            assertFalse(Thread.currentThread().isInterrupted(), "the cut does not reach the reader's next request");
        }
    }

    /** A body whose first byte arrives, then the rest only once released; a cut (an interrupt) ends it. */
    private static final class Held extends InputStream {
        final CountDownLatch started = new CountDownLatch(1), release = new CountDownLatch(1);
        private final byte[] bytes;
        private int at;

        Held(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() throws InterruptedIOException {
            if (at == 1) {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new InterruptedIOException("cut");
                }
            }
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws InterruptedIOException { // a byte a call: the wait is never swallowed
            int c = read();
            if (c < 0) return -1;
            b[off] = (byte) c;
            return 1;
        }
    }
}
