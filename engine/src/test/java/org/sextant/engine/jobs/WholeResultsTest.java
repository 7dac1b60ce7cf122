package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The newest whole results are kept while their JSON fits the budget; the oldest go first, and one too large for it never stays. */
class WholeResultsTest {
    private static String bytes(int n) {
        return "x".repeat(n - 2); // a JSON string: its quotes and n - 2 characters
    }

    @Test
    void theOldestGoFirstPastTheBudget() {
        WholeResults kept = new WholeResults(250);
        kept.keep("a", bytes(100));
        kept.keep("b", bytes(100));
        assertEquals(200, kept.bytes());
        kept.keep("c", bytes(100));
        assertEquals(List.of("b", "c"), kept.ids());
        assertNull(kept.get("a"));
        assertEquals(bytes(100), kept.get("c"));
        kept.forget("b");
        assertEquals(100, kept.bytes());
    }

    @Test
    void aResultLargerThanTheBudgetOrNullIsNotKept() {
        WholeResults kept = new WholeResults(250);
        kept.keep("a", bytes(100));
        kept.keep("huge", bytes(251));
        kept.keep("none", null);
        assertEquals(List.of("a"), kept.ids());
        assertEquals(100, kept.bytes());
    }
}
