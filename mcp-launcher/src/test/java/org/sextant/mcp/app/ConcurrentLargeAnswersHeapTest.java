package org.sextant.mcp.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Attack 36b: two legal run_select answers of 5,000 x 1,000 one-character cells (~20 MB of JSON each) at once took ~590 MB of
 * the launcher's 1 GB heap, so a few sessions at once ran it out of memory. Six at once, each stored as its session's table,
 * are all answered in a JVM of 512 MB of heap, half the shipped one (an answer past the launcher's budget waits
 * for room); as before 0.13.0 (ConcurrentLargeAnswers' unbounded mode) 5 of 6 ran out of memory in the same 512 MB.
 */
class ConcurrentLargeAnswersHeapTest {
    static final String HEAP = "-Xmx512m";

    @Test
    void sixSessionsLargeAnswersAtOnceAreAllAnsweredInA512MbHeap() throws Exception {
        String line = ConcurrentLargeAnswers.inJvm(HEAP, "bounded", 6, 5000, 1000);
        assertTrue(line.startsWith("answered=6 refused=0 failed=0 "), line);
    }
}
