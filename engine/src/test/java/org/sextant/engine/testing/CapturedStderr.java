package org.sextant.engine.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What code writes to System.err while it runs: the app's log lines (slf4j-simple writes there), for tests of what a log names or hides. */
public final class CapturedStderr {
    public interface Body {
        void run() throws Exception;
    }

    private CapturedStderr() {}

    public static String of(Body body) throws Exception {
        PrintStream saved = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setErr(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(saved);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
