package org.sextant.engine;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The start-up line a user finds in logs/sextant.log: the marks in order, once per process. */
class StartupTimelineTest {
    @Test
    void reportsTheMarksInOrderOnceAndIgnoresLaterOnes() {
        StartupTimeline.mark("store open"); // other tests in this JVM may have marked it already: the first one counts
        StartupTimeline.mark("window shown");
        StartupTimeline.mark("store open");
        String line = StartupTimeline.report();
        assertTrue(line.startsWith("start-up: "), line);
        int store = line.indexOf("store open ");
        int window = line.indexOf("window shown ");
        assertTrue(store > 0 && window > store, "marks in the order they happened: " + line);
        assertTrue(line.indexOf("store open ", store + 1) < 0, "a name is marked once: " + line);
        // other tests in this JVM may have added marks between the two
        assertTrue(line.matches(".*store open \\d+ ms \\(cpu (\\d+ ms|\\?)\\) · (.* · )?window shown \\d+ ms \\(cpu (\\d+ ms|\\?)\\).*"), line);

        StartupTimeline.mark("fan drawn");
        assertNull(StartupTimeline.report(), "a start is reported once");
    }
}
