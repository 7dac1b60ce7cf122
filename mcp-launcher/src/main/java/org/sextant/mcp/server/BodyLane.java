package org.sextant.mcp.server;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
 * arrive at once, the oldest cut over it (a caller whose body arrives at once is never refused),
 * and a body is cut after {@code stall} without a byte or {@code whole} in all. Message bytes held
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

    record Arrived(byte[] body, Hold hold) implements Read {}

    /** Over the budget: the body was read into nothing; nothing is held. */
    record OverBudget() implements Read {}

    /** Too slow, or the oldest when the lane was full: the connection is closed. */
    record Cut() implements Read {}

    /** Message bytes held until the request is handled; closed once. */
    final class Hold implements AutoCloseable {
        private long bytes;

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

        Reading(EndPoint endPoint) {
            this.endPoint = endPoint;
        }
    }

    private final Limits limits;
    private final Deque<Reading> arriving = new ArrayDeque<>(); // guarded by this; oldest first
    private long heldBytes; // guarded by this
    private long mostHeldBytes; // guarded by this
    private long cuts; // guarded by this
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sextant-mcp-body-lane");
        t.setDaemon(true);
        return t;
    });

    BodyLane(Limits limits) {
        this.limits = limits;
        sweeper.scheduleWithFixedDelay(this::sweep, 100, 100, TimeUnit.MILLISECONDS);
    }

    Limits limits() {
        return limits;
    }

    /** Reads the request's body, at most one byte past the message cap (to tell it is over). */
    Read read(HttpServletRequest request) {
        Reading reading = enter(ServletContextRequest.getServletContextRequest(request)
                .getConnectionMetaData().getConnection().getEndPoint());
        Hold hold = new Hold(0);
        Read read = new Cut();
        try {
            byte[] body = readBody(request.getInputStream(), request.getContentLengthLong(), hold, reading);
            read = body != null ? new Arrived(body, hold) : new OverBudget();
        } catch (IOException e) {
            read = new Cut();
        } finally {
            synchronized (this) {
                arriving.remove(reading);
                // cut after its last byte came (its connection is closed): not handled, as nobody reads the answer
                if (reading.cut) read = new Cut();
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

    /** Bodies cut since the start (too slow, or the oldest over the lane). */
    synchronized long cuts() {
        return cuts;
    }

    /** Bodies arriving now. */
    synchronized int arriving() {
        return arriving.size();
    }

    private synchronized Reading enter(EndPoint endPoint) {
        if (arriving.size() >= limits.maxBodies()) cut(arriving.pollFirst());
        Reading reading = new Reading(endPoint);
        arriving.addLast(reading);
        return reading;
    }

    private synchronized void sweep() {
        long now = System.nanoTime();
        arriving.removeIf(r -> {
            boolean late = now - r.lastBytesNanos > limits.stall().toNanos() || now - r.startNanos > limits.whole().toNanos();
            if (late) cut(r);
            return late;
        });
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
    public void close() {
        sweeper.shutdownNow();
    }
}
