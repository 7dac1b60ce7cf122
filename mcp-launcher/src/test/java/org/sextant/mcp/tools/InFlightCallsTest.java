package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What a client's cancel does to a call, whenever it comes (CancelledCallTest covers a running one end to end). */
class InFlightCallsTest {
    @Test
    void aCallCancelledBeforeItRunsNeverRunsAndIsNotAnswered() {
        InFlightCalls calls = new InFlightCalls();
        calls.expect(" 7");
        assertTrue(calls.cancel(" 7"));
        AtomicBoolean ran = new AtomicBoolean();
        assertNull(calls.run(" 7", () -> ran.getAndSet(true)));
        assertFalse(ran.get(), "it never reached the app");
    }

    @Test
    void aCancelAfterTheAnswerOrOfAnUnknownIdChangesNothing() {
        InFlightCalls calls = new InFlightCalls();
        calls.expect(" 8");
        assertEquals("answer", calls.run(" 8", () -> "answer"));
        assertFalse(calls.cancel(" 8"), "answered already");
        assertFalse(calls.cancel(" 9"), "never read");
        assertFalse(Thread.currentThread().isInterrupted());
        assertEquals("again", calls.run(" 8", () -> "again"), "a later call reusing the id is answered");
    }

    @Test
    void theWorkerThreadIsNotLeftInterrupted() {
        InFlightCalls calls = new InFlightCalls();
        calls.expect("s 1");
        assertNull(calls.run("s 1", () -> {
            calls.cancel("s 1"); // the cancel arrives while it runs
            return "late answer";
        }));
        assertFalse(Thread.currentThread().isInterrupted(), "the interrupt was the call's, not the pool thread's");
    }
}
