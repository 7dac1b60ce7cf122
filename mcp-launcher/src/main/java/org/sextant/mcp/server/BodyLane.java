package org.sextant.mcp.server;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee11.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;
import org.sextant.contract.BodyBounds;
import org.sextant.mcp.LauncherInfo;

/**
 * --http: what POSTed messages may hold, with the local API's connection bounds (docs/local-api.md,
 * "Connections"; docs/mcp.md, "Connections (--http)"). Jetty reads a body on one of its workers,
 * blocking, and each byte renews its 30 s idle timeout, so a body sent a byte at a time held a
 * worker for as long as its client liked (attack 29, F1). Here at most {@code maxBodies} bodies
 * arrive at once, the oldest refused over it (answered 503 resource_limit, then closed; a caller whose
 * body arrives at once is never refused), and a body is cut after {@code stall} without a byte or
 * {@code whole} in all. Sweeps run only while a body is arriving, at the first deadline one may pass:
 * an idle launcher's lane never wakes. Message bytes held
 * (read, then checked and handled) are counted against {@code budgetBytes}; a message that would
 * pass it is read into nothing and refused, so many large messages at once cannot fill the heap (F2);
 * messages of at most {@link #SMALL} bytes are not counted, so those refusals never reach an initialize.
 */
final class BodyLane implements AutoCloseable {
    /**
     * @param maxBodies   bodies still arriving at once; over this the oldest is cut
     * @param stall       longest wait for a body's next byte: a local body arrives in milliseconds
     * @param whole       longest wait for a whole body
     * @param budgetBytes message bytes all requests hold at once, from their reading until handled
     */
    record Limits(int maxBodies, Duration stall, Duration whole, long budgetBytes) {
        /** The local API's numbers for bodies (declared once: {@link BodyBounds}); four of the largest messages at once. */
        static final Limits DEFAULT = new Limits(BodyBounds.MAX_ARRIVING, BodyBounds.STALL, BodyBounds.WHOLE,
                4L * LauncherInfo.MAX_MESSAGE_BYTES);
    }

    /** What a read gave: the bytes (at most one past the message cap), or why there are none. */
    sealed interface Read {}

    /** The message's bytes, in its hold: taken once ({@link Hold#take}), so they are not kept while the call runs. */
    record Arrived(Hold hold) implements Read {}

    /** Over the budget: the body was read into nothing; nothing is held. */
    record OverBudget() implements Read {}

    /** Too slow: the connection is closed. */
    record Cut() implements Read {}

    /** The oldest still arriving when the lane was full: answered resource_limit (503), then its connection closed. */
    record OverLane() implements Read {}

    /** Message bytes counted until the request is handled; closed once. */
    final class Hold implements AutoCloseable {
        private long bytes;
        private byte[] body; // until taken

        /** The message's bytes, once: the lane keeps no reference to them. */
        byte[] take() {
            byte[] taken = body;
            body = null;
            return taken;
        }

        private Hold(long bytes) {
            this.bytes = bytes;
        }

        @Override
        public void close() {
            release(bytes);
            bytes = 0;
        }
    }

    private static final int CHUNK = 64 * 1024;
    /**
     * A message this small (an initialize, most tool calls) is not counted: Jetty's workers bound
     * how many are read at once (200 x 64 KiB), and large ones filling the budget must not refuse them.
     */
    static final int SMALL = CHUNK;

    private final class Reading {
        final Thread thread = Thread.currentThread();
        final EndPoint endPoint;
        final long startNanos = System.nanoTime();
        volatile long lastBytesNanos = startNanos;
        boolean cut; // guarded by the lane
        /** Refused over the lane: woken to answer 503 (its connection open), cut like any other if it does not by its deadline. */
        boolean refused; // guarded by the lane

        Reading(EndPoint endPoint) {
            this.endPoint = endPoint;
        }
    }

    private final Limits limits;
    private final Deque<Reading> arriving = new ArrayDeque<>(); // guarded by this; oldest first
    private final Deque<Reading> refusing = new ArrayDeque<>(); // guarded by this; woken over the lane, to answer 503
    private long heldBytes; // guarded by this
    private long mostHeldBytes; // guarded by this
    private long cuts; // guarded by this
    private long sweeps; // guarded by this
    private final ScheduledThreadPoolExecutor sweeper = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "sextant-mcp-body-lane");
        t.setDaemon(true);
        return t;
    });

    /** The one sweep waiting, at the first deadline a body arriving may pass; null while none arrives (the sweeper then sleeps). */
    private ScheduledFuture<?> nextSweep; // guarded by this
    /** Which sweep is the waiting one: a sweep called off as it started must not plan another beside it. */
    private long sweepNumber; // guarded by this

    BodyLane(Limits limits) {
        this.limits = limits;
        sweeper.setRemoveOnCancelPolicy(true); // a sweep called off leaves nothing to wake for
    }

    Limits limits() {
        return limits;
    }

    /** Reads the request's body, at most one byte past the message cap (to tell it is over). */
    Read read(HttpServletRequest request) throws IOException {
        return read(ServletContextRequest.getServletContextRequest(request).getConnectionMetaData().getConnection().getEndPoint(),
                request.getInputStream(), request.getContentLengthLong());
    }

    /** Reads a body of {@code declared} bytes (-1: chunked) from {@code in}, arriving on {@code endPoint}. */
    Read read(EndPoint endPoint, InputStream in, long declared) {
        Reading reading = enter(endPoint);
        Hold hold = new Hold(0);
        Read read = new Cut();
        try {
            byte[] body = readBody(in, declared, hold, reading);
            hold.body = body;
            read = body != null ? new Arrived(hold) : new OverBudget();
        } catch (IOException e) {
            read = new Cut();
        } finally {
            synchronized (this) {
                arriving.remove(reading);
                refusing.remove(reading);
                if (arriving.isEmpty() && refusing.isEmpty()) callOffSweep();
                // cut after its last byte came (its connection is closed): not handled, as nobody reads the answer
                if (reading.cut) read = new Cut();
                else if (reading.refused && read instanceof Cut) read = new OverLane(); // woken over the lane: answered; one that arrived whole is served
            }
            // whatever ended the read (a cut, a refusal, an error or an Error), only a message handled keeps its bytes
            if (!(read instanceof Arrived)) hold.close();
            Thread.interrupted(); // a cut that came as the read ended must not reach Jetty's next request
        }
        return read;
    }

    /** The body, or null when holding it would pass the budget (what remains is then drained unkept). */
    private byte[] readBody(InputStream in, long declared, Hold hold, Reading reading) throws IOException {
        // one byte past the cap tells a message is over it; a declared length is held at once, so a
        // message over the budget is refused before any array is made
        int limit = (int) Math.min(declared >= 0 ? declared : Long.MAX_VALUE, LauncherInfo.MAX_MESSAGE_BYTES + 1L);
        if (declared >= 0 && !holds(hold, limit)) return drain(in, reading);
        byte[] body = new byte[declared >= 0 ? limit : 0];
        int length = 0;
        while (length < limit) {
            if (length == body.length) { // chunked: doubled as it grows (not copied a chunk at a time), held from its first byte once past SMALL
                int grown = (int) Math.min(limit, Math.max(CHUNK, 2L * body.length));
                if (!holds(hold, grown)) return drain(in, reading);
                body = Arrays.copyOf(body, grown);
            }
            int n = in.read(body, length, body.length - length);
            if (n < 0) break;
            reading.lastBytesNanos = System.nanoTime();
            length += n;
        }
        return length == body.length ? body : Arrays.copyOf(body, length);
    }

    private byte[] drain(InputStream in, Reading reading) throws IOException {
        byte[] scratch = new byte[CHUNK];
        while (in.read(scratch) >= 0) reading.lastBytesNanos = System.nanoTime();
        return null;
    }

    /** Whether a body of {@code size} bytes may be held: always when it is {@link #SMALL}, else within the budget (the hold grown to it). */
    private boolean holds(Hold hold, long size) {
        return size <= SMALL || reserve(hold, size - hold.bytes);
    }

    private synchronized boolean reserve(Hold hold, long bytes) {
        if (heldBytes + bytes > limits.budgetBytes()) return false;
        heldBytes += bytes;
        mostHeldBytes = Math.max(mostHeldBytes, heldBytes);
        hold.bytes += bytes;
        return true;
    }

    private synchronized void release(long bytes) {
        heldBytes -= bytes;
    }

    /** Message bytes held now. */
    synchronized long heldBytes() {
        return heldBytes;
    }

    /** The most message bytes held at once since the start. */
    synchronized long mostHeldBytes() {
        return mostHeldBytes;
    }

    /** Bodies cut since the start (too slow), or refused as the oldest over the lane. */
    synchronized long cuts() {
        return cuts;
    }

    /** Sweeps run since the start (each one a wake-up of the lane's thread). */
    synchronized long sweeps() {
        return sweeps;
    }

    /** Whether a sweep is waiting to run: none while no body is arriving, so an idle launcher is never woken. */
    boolean sweepPending() {
        return !sweeper.getQueue().isEmpty();
    }

    /** Bodies arriving now. */
    synchronized int arriving() {
        return arriving.size();
    }

    private synchronized Reading enter(EndPoint endPoint) {
        if (arriving.size() >= limits.maxBodies()) refuse(arriving.pollFirst());
        Reading reading = new Reading(endPoint);
        arriving.addLast(reading);
        // a sweep waiting is due no later than this body's deadline: each deadline is at most a stall or a whole body away
        if (nextSweep == null) sweepAt(deadline(reading));
        return reading;
    }

    /** When this body is late: its stall or whole-body bound, whichever comes first. */
    private long deadline(Reading r) {
        return Math.min(r.lastBytesNanos + limits.stall().toNanos(), r.startNanos + limits.whole().toNanos());
    }

    private void sweepAt(long deadlineNanos) {
        if (sweeper.isShutdown()) return;
        long number = ++sweepNumber;
        nextSweep = sweeper.schedule(() -> sweep(number), Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void callOffSweep() {
        if (nextSweep != null) nextSweep.cancel(false);
        nextSweep = null;
        sweepNumber++;
    }

    private synchronized void sweep(long number) {
        if (number != sweepNumber) return; // called off, or planned again, as it started
        sweeps++;
        long now = System.nanoTime();
        long first = Long.MAX_VALUE;
        for (Deque<Reading> readings : List.of(arriving, refusing)) {
            readings.removeIf(r -> {
                boolean late = now - deadline(r) >= 0;
                if (late) cut(r);
                return late;
            });
            for (Reading r : readings) first = Math.min(first, deadline(r) - now); // bytes came since: later than planned
        }
        nextSweep = null;
        if (first != Long.MAX_VALUE) sweepAt(now + first);
    }

    /**
     * Wakes the oldest reader over the lane, its connection left open: its blocked read fails, and it answers 503 before
     * the connection closes. It stays swept: one that does not leave by its deadline is cut.
     */
    private void refuse(Reading reading) {
        reading.refused = true;
        cuts++;
        refusing.addLast(reading);
        reading.thread.interrupt();
    }

    /** Closes the connection (the blocked read then fails) and wakes its reader, whichever Jetty notices first. */
    private void cut(Reading reading) {
        if (reading.cut) return;
        reading.cut = true;
        cuts++;
        reading.endPoint.close();
        reading.thread.interrupt();
    }

    @Override
    public synchronized void close() {
        callOffSweep();
        sweeper.shutdownNow();
    }
}
