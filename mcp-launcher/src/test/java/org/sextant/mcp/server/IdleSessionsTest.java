package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Which sessions expire: idle long enough with no request in flight, or the idle-longest past the cap. */
class IdleSessionsTest {
    private final AtomicLong clock = new AtomicLong();
    private final long idle = Duration.ofMinutes(30).toNanos();

    @Test
    void aSessionExpiresAfterItsIdleTimeCountedFromItsLastRequest() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 100);
        sessions.opened("a");
        sessions.opened("b");
        clock.addAndGet(idle - 1);
        sessions.begin("b");
        sessions.end("b");
        assertEquals(List.of(), sessions.expire());
        clock.addAndGet(1);
        assertEquals(List.of("a"), sessions.expire());
        clock.addAndGet(idle);
        assertEquals(List.of("b"), sessions.expire());
        assertEquals(0, sessions.open());
    }

    @Test
    void aSessionWithARequestInFlightNeverExpires() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 1);
        sessions.opened("a");
        sessions.begin("a"); // a call that runs for hours
        clock.addAndGet(10 * idle);
        sessions.opened("b");
        assertEquals(List.of("b"), sessions.expire(), "past the cap the idle one goes, not the busy one");
        sessions.end("a");
        assertEquals(List.of(), sessions.expire(), "its idle time starts when its answer is sent");
    }

    @Test
    void anOpenStreamKeepsItsSessionWithinTheCapAndItsCloseStartsTheIdleTime() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 2);
        sessions.opened("listening");
        sessions.streamOpened("listening"); // a GET event stream held for hours, no POST
        clock.addAndGet(10 * idle);
        assertEquals(List.of(), sessions.expire(), "a session was expired while its stream was open");
        sessions.streamClosed("listening");
        clock.addAndGet(idle - 1);
        assertEquals(List.of(), sessions.expire(), "its idle time starts when its stream closes");
        clock.addAndGet(1);
        assertEquals(List.of("listening"), sessions.expire());
    }

    @Test
    void pastTheCapASessionWithAnOpenStreamGoesButNotOneWithARequestInFlight() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 2);
        sessions.opened("busy");
        sessions.begin("busy");
        sessions.opened("listening");
        sessions.streamOpened("listening");
        sessions.opened("new");
        assertEquals(List.of("listening"), sessions.expire(), "streams are bounded by the cap; a call in flight is not dropped");
    }

    /**
     * Asking a session's open streams is no use of it: it must not move the session behind one used later, which then
     * stood first among those not idle yet and hid it from the expiry (a check late, or never while it was asked again).
     */
    @Test
    void aSessionWhoseStreamsWereCountedExpiresAtItsOwnTime() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 100);
        sessions.opened("idle");
        clock.addAndGet(1);
        sessions.opened("used later");
        clock.addAndGet(idle - 1);
        sessions.streams("idle");
        assertEquals(List.of("idle"), sessions.expire(), "a session idle for its whole time was kept");
        clock.addAndGet(1);
        assertEquals(List.of("used later"), sessions.expire());
    }

    /** Past the cap the one idle longest goes: a stream it opened since is no use of it and does not make it the newest. */
    @Test
    void pastTheCapTheSessionIdleLongestGoesEvenWhenItOpenedAStreamSince() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 2);
        sessions.opened("oldest");
        clock.addAndGet(1);
        sessions.opened("newer");
        clock.addAndGet(1);
        sessions.streamOpened("oldest");
        sessions.opened("newest");
        assertEquals(List.of("oldest"), sessions.expire(), "a session used later was ended in place of the idle-longest");
    }

    /** Attack 35, F3: 1,001 initializes in 2.8 s ended a session holding tables; past the cap those that never called go. */
    @Test
    void aFloodOfInitializesEndsNoSessionThatMadeACall() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 10, 3);
        sessions.opened("working");
        called(sessions, "working");
        List<String> ended = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            clock.incrementAndGet();
            sessions.opened("flood-" + i);
            ended.addAll(sessions.expire());
        }
        assertTrue(sessions.isOpen("working"), "the flood ended the session that worked");
        assertEquals(4, sessions.open(), "sessions that never called are bounded on their own");
        assertTrue(sessions.isOpen("flood-998") && sessions.isOpen("flood-1000"), "of those, the newest stay");
        assertEquals(998, ended.size());
    }

    @Test
    void sessionsThatNeverCalledAndThoseThatDidHaveEachTheirOwnCap() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 2, 2);
        sessions.opened("worked-long-ago");
        called(sessions, "worked-long-ago");
        clock.incrementAndGet();
        sessions.opened("listed-tools");
        sessions.begin("listed-tools"); // tools/list, initialized: no call
        sessions.end("listed-tools");
        clock.incrementAndGet();
        sessions.opened("b");
        clock.incrementAndGet();
        sessions.opened("c");
        assertEquals(List.of("listed-tools"), sessions.expire(), "the idle-longest of those that never called, not the one that did");
        called(sessions, "b");
        called(sessions, "c");
        clock.incrementAndGet();
        sessions.opened("new");
        assertEquals(List.of("worked-long-ago"), sessions.expire(), "past the cap of those that called, their idle-longest goes");
        assertTrue(sessions.isOpen("new"), "a new session is not ended by those that work");
    }

    @Test
    void aSessionThatCalledNoLongerCountsAmongThoseThatNeverDid() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 100, 2);
        sessions.opened("a");
        sessions.opened("b");
        called(sessions, "a");
        called(sessions, "a"); // a second call changes nothing
        sessions.opened("c");
        assertEquals(List.of(), sessions.expire(), "b and c are the two that never called");
        sessions.opened("d");
        assertEquals(List.of("b"), sessions.expire());
        sessions.closed("c");
        sessions.opened("e");
        assertEquals(List.of(), sessions.expire(), "a DELETE of one that never called frees its place");
    }

    /** A tools/call (or resources/read) of the session, answered. */
    private static void called(IdleSessions sessions, String id) {
        sessions.begin(id, true);
        sessions.end(id);
    }

    @Test
    void unknownSessionsAreNotTracked() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 1);
        assertEquals(false, sessions.begin("never-opened"));
        assertEquals(false, sessions.streamOpened("never-opened"));
        sessions.end("never-opened");
        assertEquals(0, sessions.open());
    }
}
