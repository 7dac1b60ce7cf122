package org.sextant.mcp.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Stdout as whole lines. The SDK writes a message, then its newline, then flushes; the launcher
 * answers a bad inbound line itself from another thread. Both go through here, and only complete
 * lines reach the stream, under one lock, so a reply can never land inside another message. Each answer the SDK writes
 * is counted off its {@link UnansweredRequests} once it is out.
 */
public final class LineOutput extends OutputStream {
    private final OutputStream out;
    private final UnansweredRequests requests = new UnansweredRequests();
    private final Partial partial = new Partial();

    /** The line being written, read where it is. */
    private static final class Partial extends ByteArrayOutputStream {
        byte[] bytes() {
            return buf;
        }
    }

    public LineOutput(OutputStream out) {
        this.out = out;
    }

    /** The requests whose answers come through here. */
    public UnansweredRequests requests() {
        return requests;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        partial.write(b);
        if (b == '\n') emit();
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                partial.write(b, start, i + 1 - start);
                emit();
                start = i + 1;
            }
        }
        partial.write(b, start, off + len - start);
    }

    /** One whole message of the launcher's own, as a line. */
    public synchronized void writeLine(String json) throws IOException {
        out.write(json.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }

    /** Flushes the lines written so far; a line still being written waits for its newline. */
    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    private void emit() throws IOException {
        String answers = UnansweredRequests.answerKey(partial.bytes(), partial.size());
        try {
            if (answers != null && requests.givenUp(answers)) return; // the launcher answered it when stdin ended
            partial.writeTo(out);
            if (answers == null) return;
            out.flush(); // out before it counts as answered: the launcher may stop at once after the last
            requests.answered(answers);
        } finally {
            partial.reset();
        }
    }
}
