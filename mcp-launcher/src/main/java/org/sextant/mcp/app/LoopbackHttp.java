package org.sextant.mcp.app;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * HTTP/1.1 to the app's local API on 127.0.0.1, blocking, over kept-alive connections. The
 * calling thread writes the request in one write and reads the answer itself: java.net.http
 * hands each exchange between three threads, which cost 0.5-1 ms of CPU and as much in waits
 * per call on a busy machine (docs/benchmarks.md, "sextant-mcp round trips"). The channel is
 * interruptible, as java.net.http's send was. Only what the app's JDK server sends is spoken:
 * Content-Length or chunked bodies, keep-alive unless the server says close.
 */
final class LoopbackHttp {
    /** A connection idle longer than this is closed, not reused: the app's JDK server closes idle ones after 30 s. */
    static final Duration IDLE_LIMIT = Duration.ofSeconds(10);
    private static final int MAX_IDLE = 4;
    private static final int MAX_HEADER_LINE = 16 * 1024;
    /**
     * The most bytes of one answer the launcher reads: a legal run_select of 5,000 x 1,000 one-character cells has ~20 MB.
     * A larger answer is refused before its body is read ({@link AnswerTooLarge}), so no one call can exhaust the heap.
     */
    static final long MAX_ANSWER_BYTES = 32L << 20;

    /** An answer: its body's bytes (UTF-8 JSON from the app) and the room they hold in {@link AnswersInFlight} until closed. */
    record Response(int status, byte[] bytes, AnswersInFlight.Held held) implements AutoCloseable {
        String body() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public void close() {
            held.close();
        }
    }

    /** An answer over {@link #MAX_ANSWER_BYTES}: refused unread (its announced length) or when it grew past the bound. */
    static final class AnswerTooLarge extends IOException {
        final long bytes;
        final long bound;
        final boolean announced;

        AnswerTooLarge(long bytes, long bound, boolean announced) {
            super((announced ? "" : "over ") + bytes + " bytes of answer, over the " + bound + "-byte bound");
            this.bytes = bytes;
            this.bound = bound;
            this.announced = announced;
        }
    }

    /** No connection within the connect timeout (a refused one is a {@link java.net.ConnectException}). */
    static final class ConnectTimeout extends IOException {
        ConnectTimeout(Throwable cause) {
            super("connect timed out", cause);
        }
    }

    private final Deque<Connection> idle = new ArrayDeque<>();
    private final AnswersInFlight inFlight;
    private final long maxAnswerBytes;

    LoopbackHttp() {
        this(AnswersInFlight.LAUNCHER, MAX_ANSWER_BYTES);
    }

    /** Answers counted against {@code inFlight}, one of at most {@code maxAnswerBytes} (tests set smaller bounds). */
    LoopbackHttp(AnswersInFlight inFlight, long maxAnswerBytes) {
        this.inFlight = inFlight;
        this.maxAnswerBytes = maxAnswerBytes;
    }

    /**
     * One exchange: {@code body} null means GET, otherwise a JSON POST. Throws ConnectException
     * (refused: nothing was sent), ConnectTimeout, SocketTimeoutException (no full answer within
     * {@code timeout}), ClosedByInterruptException, AnswerTooLarge, AnswersInFlight.Busy (no room for a large answer
     * within the time left, at most {@link AnswersInFlight#WAIT_NANOS}), or another IOException (closed, reset, not HTTP).
     * The answer holds its room in {@link AnswersInFlight} until closed: close it once parsed.
     */
    Response exchange(int port, String path, String token, byte[] body, Duration connectTimeout, Duration timeout)
            throws IOException {
        return exchange(port, path, token, null, body, connectTimeout, timeout);
    }

    /** As above, naming the calling client in the X-Sextant-Client header (null: none). */
    Response exchange(int port, String path, String token, String client, byte[] body, Duration connectTimeout, Duration timeout)
            throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Connection c = take(port);
        if (c == null) c = Connection.open(port, connectTimeout);
        boolean reusable = false, answered = false;
        AnswersInFlight.Held held = inFlight.open();
        try {
            c.write(request(port, path, token, client, body));
            Response r = c.readResponse(deadline, held, maxAnswerBytes);
            reusable = c.keepAlive;
            answered = true;
            return r;
        } finally {
            // on any throwable, OutOfMemoryError too: the room it held would stay taken for good (attack 37b F2)
            if (!answered) held.close();
            if (reusable) release(c);
            else c.close();
        }
    }

    /** Closes the idle connections (the app moved or went away). */
    void closeIdle() {
        Deque<Connection> old;
        synchronized (idle) {
            old = new ArrayDeque<>(idle);
            idle.clear();
        }
        old.forEach(Connection::close);
    }

    private Connection take(int port) {
        while (true) {
            Connection c;
            synchronized (idle) {
                c = idle.pollFirst();
            }
            if (c == null) return null;
            if (c.port == port && System.nanoTime() - c.idleSince < IDLE_LIMIT.toNanos() && c.stillOpen()) return c;
            c.close();
        }
    }

    private void release(Connection c) {
        c.idleSince = System.nanoTime();
        synchronized (idle) {
            if (idle.size() < MAX_IDLE) {
                idle.addFirst(c);
                return;
            }
        }
        c.close();
    }

    static byte[] request(int port, String path, String token, String client, byte[] body) {
        StringBuilder h = new StringBuilder(256)
                .append(body == null ? "GET " : "POST ").append(path).append(" HTTP/1.1\r\n")
                .append("Host: 127.0.0.1:").append(port).append("\r\n")
                .append("Authorization: Bearer ").append(token).append("\r\n")
                .append("Accept: application/json\r\n");
        if (client != null) h.append("X-Sextant-Client: ").append(client).append("\r\n");
        if (body != null) {
            h.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        byte[] head = h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        if (body == null) return head;
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /** One socket to the app and its read buffer. */
    private static final class Connection {
        final int port;
        final SocketChannel channel;
        final InputStream in;
        final byte[] buf = new byte[16 * 1024];
        int pos;
        int limit;
        boolean keepAlive;
        long idleSince;

        private Connection(int port, SocketChannel channel) throws IOException {
            this.port = port;
            this.channel = channel;
            this.in = channel.socket().getInputStream(); // honours SO_TIMEOUT, unlike the channel's own read
        }

        static Connection open(int port, Duration connectTimeout) throws IOException {
            SocketChannel ch = SocketChannel.open();
            try {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                try {
                    ch.socket().connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
                            (int) Math.max(1, connectTimeout.toMillis()));
                } catch (SocketTimeoutException e) {
                    throw new ConnectTimeout(e);
                }
                return new Connection(port, ch);
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        }

        void write(byte[] bytes) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) channel.write(b);
        }

        /** False when the app closed its end (or sent bytes nobody asked for) while the connection was idle. */
        boolean stillOpen() {
            try {
                channel.configureBlocking(false);
                try {
                    return channel.read(ByteBuffer.allocate(1)) == 0;
                } finally {
                    channel.configureBlocking(true);
                }
            } catch (IOException e) {
                return false;
            }
        }

        Response readResponse(long deadline, AnswersInFlight.Held held, long max) throws IOException {
            int status;
            Headers h;
            do { // skip any 1xx interim answer
                status = statusOf(line(deadline));
                h = headers(deadline);
            } while (status / 100 == 1);
            byte[] body;
            if (status == 204 || status == 304) {
                body = new byte[0];
                keepAlive = h.keepAlive;
            } else if (h.chunked) {
                body = chunked(deadline, held, max);
                keepAlive = h.keepAlive;
            } else if (h.length >= 0) {
                if (h.length > max) throw new AnswerTooLarge(h.length, max, true); // unread: the connection is closed
                reserve(held, h.length, deadline);
                body = bytes(h.length, deadline);
                keepAlive = h.keepAlive;
            } else {
                body = toEnd(deadline, held, max); // no length: the body ends when the app closes
                keepAlive = false;
            }
            if (pos != limit) keepAlive = false; // bytes beyond the answer: do not trust this connection again
            return new Response(status, body, held);
        }

        /** Room for {@code bytes} more of this answer, waiting no longer than the call may and at most {@link AnswersInFlight#WAIT_NANOS}. */
        private static void reserve(AnswersInFlight.Held held, long bytes, long deadline) throws IOException {
            try {
                held.grow(bytes, deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.nio.channels.ClosedByInterruptException();
            }
        }

        private record Headers(long length, boolean chunked, boolean keepAlive) {}

        private Headers headers(long deadline) throws IOException {
            long length = -1;
            boolean chunked = false;
            boolean close = false;
            for (String l = line(deadline); !l.isEmpty(); l = line(deadline)) {
                int colon = l.indexOf(':');
                if (colon <= 0) throw new IOException("malformed header line from the app: " + l);
                String name = l.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = l.substring(colon + 1).trim();
                switch (name) {
                    case "content-length" -> {
                        try {
                            length = Long.parseLong(value);
                        } catch (NumberFormatException e) {
                            throw new IOException("bad Content-Length from the app: " + value);
                        }
                    }
                    case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                    case "connection" -> close = value.toLowerCase(Locale.ROOT).contains("close");
                    default -> { }
                }
            }
            return new Headers(length, chunked, !close);
        }

        private static int statusOf(String line) throws IOException {
            // "HTTP/1.1 200 OK"; an HTTP/1.0 answer would need its own keep-alive rules: none comes from the app
            if (!line.startsWith("HTTP/1.1 ") || line.length() < 12) throw new IOException("not an HTTP/1.1 answer: " + line);
            try {
                return Integer.parseInt(line.substring(9, 12));
            } catch (NumberFormatException e) {
                throw new IOException("not an HTTP status line: " + line);
            }
        }

        private byte[] chunked(long deadline, AnswersInFlight.Held held, long max) throws IOException {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            while (true) {
                String size = line(deadline);
                int semi = size.indexOf(';');
                long n;
                try {
                    n = Long.parseLong((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new IOException("bad chunk size from the app: " + size);
                }
                if (n == 0) break;
                if (n > max - out.size()) throw new AnswerTooLarge(out.size() + n, max, false);
                reserve(held, n, deadline);
                out.writeBytes(bytes(n, deadline));
                if (!line(deadline).isEmpty()) throw new IOException("chunk not followed by CRLF");
            }
            while (!line(deadline).isEmpty()) { } // trailers
            return out.toByteArray();
        }

        private byte[] bytes(long n, long deadline) throws IOException {
            if (n > Integer.MAX_VALUE - 8) throw new IOException("answer too large: " + n + " bytes");
            byte[] out = new byte[(int) n];
            int done = 0;
            while (done < n) {
                if (pos == limit) fill(deadline);
                int k = Math.min(limit - pos, out.length - done);
                System.arraycopy(buf, pos, out, done, k);
                pos += k;
                done += k;
            }
            return out;
        }

        private byte[] toEnd(long deadline, AnswersInFlight.Held held, long max) throws IOException {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            while (true) {
                if (pos == limit && !tryFill(deadline)) return out.toByteArray();
                if (limit - pos > max - out.size()) throw new AnswerTooLarge(out.size() + limit - pos, max, false);
                reserve(held, limit - pos, deadline);
                out.write(buf, pos, limit - pos);
                pos = limit;
            }
        }

        /** One CRLF-terminated line (ISO-8859-1), without its terminator. */
        private String line(long deadline) throws IOException {
            StringBuilder s = new StringBuilder(64);
            while (true) {
                if (pos == limit) fill(deadline);
                byte b = buf[pos++];
                if (b == '\n') {
                    int end = s.length();
                    if (end > 0 && s.charAt(end - 1) == '\r') s.setLength(end - 1);
                    return s.toString();
                }
                if (s.length() >= MAX_HEADER_LINE) throw new IOException("header line over " + MAX_HEADER_LINE + " bytes");
                s.append((char) (b & 0xff));
            }
        }

        private void fill(long deadline) throws IOException {
            if (!tryFill(deadline)) throw new EOFException("the app closed the connection");
        }

        /** Reads more bytes, waiting at most until the deadline; false at the end of the stream. */
        private boolean tryFill(long deadline) throws IOException {
            long left = deadline - System.nanoTime();
            if (left <= 0) throw new SocketTimeoutException("no complete answer in time");
            channel.socket().setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
            int n = in.read(buf, 0, buf.length);
            if (n < 0) return false;
            pos = 0;
            limit = n;
            return true;
        }

        void close() {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
    }
}
