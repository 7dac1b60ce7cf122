package org.sextant.mcp.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Attack 36b: two legal run_select answers of 5,000 x 1,000 one-character cells (~20 MB of JSON each) at once took ~590 MB of
 * the launcher's 1 GB heap, so a few sessions at once ran it out of memory. Six at once, each stored as its session's table,
 * are all answered in a JVM of 384 MB of heap (an answer past the launcher's budget waits for room).
 */
class ConcurrentLargeAnswersHeapTest {
    static final String HEAP = "-Xmx384m";

    @Test
    void sixSessionsLargeAnswersAtOnceAreAllAnsweredInA384MbHeap() throws Exception {
        String line = run(HEAP, "bounded", 6, 5000, 1000);
        assertTrue(line.startsWith("answered=6 refused=0 failed=0 "), line);
    }

    /** One line of {@link ConcurrentLargeAnswers} run in a JVM with {@code heap}. */
    static String run(String heap, String mode, int answers, int rows, int columns) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap, "-XX:+UseG1GC",
                "-cp", System.getProperty("java.class.path"), ConcurrentLargeAnswers.class.getName(), mode, String.valueOf(answers),
                String.valueOf(rows), String.valueOf(columns)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        List<String> lines = out.lines().filter(l -> l.startsWith("answered=")).toList();
        assertEquals(1, lines.size(), out);
        return lines.get(0);
    }
}
