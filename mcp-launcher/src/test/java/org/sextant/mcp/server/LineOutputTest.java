package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The launcher's own replies and the SDK's messages share stdout: each must arrive as a whole line. */
class LineOutputTest {
    @Test
    void aReplyWrittenWhileTheSdkIsBetweenItsMessageAndItsNewlineStaysOnALineOfItsOwn() throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        LineOutput out = new LineOutput(stdout);
        // The SDK's order: the message, then its newline, then flush; the reply comes in between.
        out.write("{\"id\":1,\"result\":{}}".getBytes(StandardCharsets.UTF_8));
        out.flush();
        out.writeLine("{\"id\":null,\"error\":{\"code\":-32700}}");
        out.write("\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        assertEquals("{\"id\":null,\"error\":{\"code\":-32700}}\n{\"id\":1,\"result\":{}}\n", stdout.toString(StandardCharsets.UTF_8));
    }

    @Test
    void severalLinesInOneWriteArriveWhole() throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        LineOutput out = new LineOutput(stdout);
        out.write("a\nb\nc".getBytes(StandardCharsets.UTF_8), 0, 5);
        out.write('c');
        assertEquals("a\nb\n", stdout.toString(StandardCharsets.UTF_8), "a line is written only once complete");
        out.write('\n');
        assertEquals("a\nb\ncc\n", stdout.toString(StandardCharsets.UTF_8));
    }
}
