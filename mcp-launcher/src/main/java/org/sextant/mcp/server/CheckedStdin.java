package org.sextant.mcp.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.sextant.mcp.LauncherInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Stdin, read line by line on a thread of its own: each line is checked ({@link Inbound}) and
 * either handed to the SDK through {@link #forSdk()} or answered here on {@link LineOutput}.
 * The end of stdin is seen here too, whether or not the SDK still reads, so it always ends the
 * launcher: once every request read before it is answered ({@link UnansweredRequests}), since the SDK
 * writes no answer after it reads the end.
 */
public final class CheckedStdin {
    private static final Logger LOG = LoggerFactory.getLogger(CheckedStdin.class);
    private static final byte[] END = new byte[0];
    /** How long the SDK may take to read the end once every request before it is answered (it reads at once unless stopped). */
    private static final long DRAIN_SECONDS = 5;
    /** Past the request timeout, for a call that ran into it to be answered with its timeout envelope. */
    private static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

    private final InputStream in;
    private final Inbound inbound;
    private final LineOutput out;
    private final UnansweredRequests requests;
    private final Duration answerWait;
    // Unbounded like the SDK's own inbound buffer: the reader never waits for the SDK, so it always sees the end.
    private final LinkedBlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
    private final CountDownLatch drained = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long lineBytes;
    /** Whether an initialize was handed to the SDK: before one it answers no request, so none is waited for at the end. */
    private boolean initializeSent;

    /**
     * Once stdin has ended, its requests still unanswered are waited for while answers keep coming: until none has come for
     * {@code answerWait} ({@link #answerWait}). Those left then are answered here with an error.
     */
    public CheckedStdin(InputStream in, Inbound inbound, LineOutput out, Duration answerWait) {
        this.in = in;
        this.inbound = inbound;
        this.out = out;
        this.requests = out.requests();
        this.answerWait = answerWait;
    }

    /** The request timeout and a little more: a call that runs into it is answered with its timeout envelope. */
    public static Duration answerWait(Duration requestTimeout) {
        return requestTimeout.plus(ANSWER_GRACE);
    }

    /** Starts reading stdin. */
    public CheckedStdin start() {
        Thread reader = new Thread(this::read, "stdin-check");
        reader.setDaemon(true);
        reader.start();
        return this;
    }

    /** Waits until stdin has ended and the SDK has read what came before (or stopped reading). */
    public void awaitEnd() throws InterruptedException {
        ended.await();
    }

    /** The checked lines, for the SDK's stdio transport. */
    public InputStream forSdk() {
        return new InputStream() {
            private byte[] current = new byte[0];
            private int pos;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) return 0;
                while (current != END && pos == current.length) {
                    try {
                        current = lines.take();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted while reading stdin", e);
                    }
                    pos = 0;
                }
                if (current == END) {
                    lines.offer(END); // every later read ends too
                    drained.countDown();
                    return -1;
                }
                int n = Math.min(len, current.length - pos);
                System.arraycopy(current, pos, b, off, n);
                pos += n;
                return n;
            }

            @Override
            public int available() {
                return current == END ? 0 : current.length - pos;
            }
        };
    }

    private void read() {
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) != -1; ) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        append(buf, start, i - start);
                        endLine();
                        start = i + 1;
                    }
                }
                append(buf, start, n - start);
            }
            if (lineBytes > 0) endLine();
        } catch (IOException e) {
            LOG.info("stdin failed: {}", e.toString());
        } finally {
            try {
                answerTheRest();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            lines.offer(END);
            try {
                if (!drained.await(DRAIN_SECONDS, TimeUnit.SECONDS)) LOG.warn("the SDK stopped reading stdin; stopping anyway");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended.countDown();
        }
    }

    /** Waits for the answers to the requests read before stdin's end; one that has none when answers stop coming is refused here. */
    private void answerTheRest() throws InterruptedException {
        // no initialize came: the SDK answers none of them, so they are answered at once, saying why (attack 37b F4: they
        // waited the request timeout and were told to keep stdin open, which would not have helped)
        boolean never = !initializeSent;
        List<JsonNode> unanswered = requests.awaitAnswers(never ? Duration.ZERO : answerWait);
        if (unanswered.isEmpty()) return;
        LOG.warn("stdin ended and {} request(s) had no answer{}; answering them with an error", unanswered.size(),
                never ? " (no initialize came before them)" : " after " + answerWait.toSeconds() + " s without one");
        for (JsonNode id : unanswered) {
            try {
                out.writeLine((never ? Inbound.neverInitialized(id) : Inbound.unanswered(id, answerWait)).response());
            } catch (IOException e) {
                LOG.info("stdout failed: {}", e.toString());
                return;
            }
        }
    }

    private void append(byte[] b, int off, int len) {
        lineBytes += len;
        // An over-long line is counted, not kept: the launcher never buffers more than one message may have.
        if (lineBytes <= LauncherInfo.MAX_MESSAGE_BYTES) line.write(b, off, len);
    }

    private void endLine() throws IOException {
        long bytes = lineBytes;
        String text = bytes > LauncherInfo.MAX_MESSAGE_BYTES ? null : line.toString(StandardCharsets.UTF_8).strip();
        line.reset();
        lineBytes = 0;
        if (text == null) {
            out.writeLine(Inbound.tooLarge().response());
            return;
        }
        if (text.isEmpty()) return; // a blank line is no message: nothing to answer
        Inbound.Verdict verdict = inbound.check(text);
        if (verdict instanceof Inbound.Forward f) {
            if (f.requestId() != null) requests.read(f.requestId()); // before the SDK can read it, so before its answer
            initializeSent |= f.initialize();
            // The SDK ends a line at a CR too; one outside a string is a blank here (inside one it is refused above), so
            // the SDK reads the whole message as one line, as checked.
            lines.add((f.text().replace('\r', ' ') + "\n").getBytes(StandardCharsets.UTF_8));
        } else if (verdict instanceof Inbound.Answer a) {
            out.writeLine(a.response());
        } else if (verdict instanceof Inbound.Handled h && h.stopped() != null) {
            requests.stopped(h.stopped());
        } else if (verdict instanceof Inbound.Reply r) {
            LOG.info("answered an unreadable message with a JSON-RPC error");
            out.writeLine(r.response());
        }
    }
}
