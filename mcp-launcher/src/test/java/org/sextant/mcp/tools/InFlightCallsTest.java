package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What a client's cancel does to a call, whenever it comes (CancelledCallTest covers a running one end to end). */
class InFlightCallsTest {
    @Test
    void aCallCancelledBeforeItRunsNeverRunsAndIsNotAnswered() {
        InFlightCalls calls = new InFlightCalls();
        String call = taken(calls.expect(" 7")).token();
        assertTrue(calls.cancel(" 7"));
        AtomicBoolean ran = new AtomicBoolean();
        assertNull(calls.run(call, () -> ran.getAndSet(true)));
        assertFalse(ran.get(), "it never reached the app");
    }

    @Test
    void aCancelAfterTheAnswerOrOfAnUnknownIdChangesNothing() {
        InFlightCalls calls = new InFlightCalls();
        String call = taken(calls.expect(" 8")).token();
        assertEquals("answer", calls.run(call, () -> "answer"));
        assertFalse(calls.cancel(" 8"), "answered already");
        assertFalse(calls.cancel(" 9"), "never read");
        assertFalse(Thread.currentThread().isInterrupted());
        assertEquals("again", calls.run(taken(calls.expect(" 8")).token(), () -> "again"), "a later call reusing the id is answered");
    }

    @Test
    void theWorkerThreadIsNotLeftInterrupted() {
        InFlightCalls calls = new InFlightCalls();
        String call = taken(calls.expect("s 1")).token();
        assertNull(calls.run(call, () -> {
            calls.cancel("s 1"); // the cancel arrives while it runs
            return "late answer";
        }));
        assertFalse(Thread.currentThread().isInterrupted(), "the interrupt was the call's, not the pool thread's");
    }

    /** --http (attack 31, R1): a session past its share is refused; another session's calls are neither refused nor forgotten. */
    @Test
    void aSessionPastItsShareIsRefusedAndAnotherSessionsCallKeepsItsCancel() {
        InFlightCalls calls = new InFlightCalls();
        taken(calls.expect("b", "b 1"));
        String[] a = new String[InFlightCalls.PER_SESSION + 1];
        for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) a[id] = taken(calls.expect("a", "a " + id)).token();
        assertSame(InFlightCalls.Refusal.SESSION_FULL, calls.expect("a", "a 999"));
        assertInstanceOf(InFlightCalls.IdInUse.class, calls.expect("a", "a 1"), "a held call's id is not taken again");
        assertInstanceOf(InFlightCalls.IdInUse.class, calls.expect("b", "b 1"), "not even within the session's share");
        assertEquals(InFlightCalls.PER_SESSION, calls.held("a"));
        taken(calls.expect("b", "b 2"), "the other session is served");
        assertTrue(calls.cancel("b 1"), "the other session's call is still remembered");
        assertEquals("ran", calls.run(a[1], () -> "ran"));
        taken(calls.expect("a", "a 999"), "an answer frees its room");
    }

    /**
     * --http (attack 32, F3): slow calls of many sessions, each within its share, hold at most WORKING together; past it a
     * slow call is refused while a quick one is still taken, and an answer frees its worker. stdio's slow calls wait their turn.
     */
    @Test
    void slowCallsOfAllSessionsHoldAtMostTheWorkersAndQuickOnesAreStillTaken() {
        InFlightCalls calls = new InFlightCalls();
        String[] slow = new String[InFlightCalls.WORKING];
        for (int i = 0; i < InFlightCalls.WORKING; i++) slow[i] = taken(calls.expect("s" + i / 2, "k " + i, true), "call " + i).token();
        assertSame(InFlightCalls.Refusal.WORKERS_BUSY, calls.expect("late", "late 1", true));
        assertEquals(0, calls.held("late"), "a refused call holds nothing");
        taken(calls.expect("late", "late 2", false), "a quick call is taken");
        assertInstanceOf(InFlightCalls.IdInUse.class, calls.expect("s0", "k 0", true), "a reused id takes no slow call's place past the workers");
        taken(calls.expect(InFlightCalls.STDIO, " 1", true), "the stdio session's slow call waits for a worker, never refused");
        assertEquals("ran", calls.run(slow[1], () -> "ran"));
        taken(calls.expect("late", "late 1", true), "an answer frees its worker");
    }

    /** What the SDK refused (an unknown session) never runs: handled, it frees its room; a running call is kept for its cancel. */
    @Test
    void aHandledCallThatNeverRanIsForgottenButARunningOneIsKept() {
        InFlightCalls calls = new InFlightCalls();
        InFlightCalls.Call[] refused = new InFlightCalls.Call[InFlightCalls.PER_SESSION + 1];
        for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) refused[id] = taken(calls.expect("x", "x " + id));
        for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) calls.handled(refused[id]);
        assertEquals(0, calls.held("x"));
        InFlightCalls.Call running = taken(calls.expect("s", "s 1"));
        assertNull(calls.run(running.token(), () -> {
            calls.handled(running);
            return calls.cancel("s 1") ? null : "cancel lost";
        }));
    }

    /**
     * --http: a client reuses an id in the window after its answer was written and before the request that carried it is
     * done; the late "handled" of the answered call must not forget the new one (its cancel would be lost, its room freed).
     */
    @Test
    void aLateHandledOfAnAnsweredCallKeepsTheNewCallReusingItsId() {
        InFlightCalls calls = new InFlightCalls();
        InFlightCalls.Call answered = taken(calls.expect("s", "s 1"));
        assertEquals("answer", calls.run(answered.token(), () -> "answer"));
        taken(calls.expect("s", "s 1")); // the id reused
        calls.handled(answered); // the first request's, late
        assertEquals(1, calls.held("s"), "the new call holds its room");
        assertTrue(calls.cancel("s 1"), "the new call can still be cancelled");
    }

    /** The call {@code expect} took; fails when it was refused. */
    private static InFlightCalls.Call taken(InFlightCalls.Expected expected) {
        return assertInstanceOf(InFlightCalls.Call.class, expected);
    }

    private static InFlightCalls.Call taken(InFlightCalls.Expected expected, String why) {
        return assertInstanceOf(InFlightCalls.Call.class, expected, why);
    }

    /** All sessions together hold at most MAX: a new call past it is refused, no other session's call is forgotten. */
    @Test
    void pastTheLaunchersBoundANewCallIsRefusedNotAnotherForgotten() {
        InFlightCalls calls = new InFlightCalls();
        for (int i = 0; i < InFlightCalls.MAX; i++) taken(calls.expect("s" + i / InFlightCalls.PER_SESSION, "k " + i));
        assertSame(InFlightCalls.Refusal.LAUNCHER_FULL, calls.expect("late", "late 1"));
        assertSame(InFlightCalls.Refusal.LAUNCHER_FULL, calls.expect(null, " 1"), "a call without a session takes no other's room either");
        assertTrue(calls.cancel("k 0"), "the oldest call is still remembered");
    }

    /**
     * stdio past MAX: the new call is refused, as over --http. Before, the oldest call was forgotten though it might run:
     * it ran on uncancellable, and a second call took its id while it ran (against the reused-id rule).
     */
    @Test
    void pastTheBoundTheStdiosNewCallIsRefusedAndTheOldestKeepsItsIdAndCancel() {
        InFlightCalls calls = new InFlightCalls();
        InFlightCalls.Call oldest = taken(calls.expect(" 0"));
        for (int i = 1; i < InFlightCalls.MAX; i++) taken(calls.expect(" " + i));
        assertSame(InFlightCalls.Refusal.LAUNCHER_FULL, calls.expect(" " + InFlightCalls.MAX));
        assertInstanceOf(InFlightCalls.IdInUse.class, calls.expect(" 0"), "the oldest call's id is still its own");
        assertEquals(InFlightCalls.MAX, calls.held(InFlightCalls.STDIO));
        assertTrue(calls.cancel(" 0"), "the oldest call can still be cancelled");
        AtomicBoolean ran = new AtomicBoolean();
        assertNull(calls.run(oldest.token(), () -> ran.getAndSet(true)));
        assertFalse(ran.get(), "cancelled before it ran, it never runs");
        taken(calls.expect(" " + InFlightCalls.MAX), "a call let go frees its room");
    }
}
