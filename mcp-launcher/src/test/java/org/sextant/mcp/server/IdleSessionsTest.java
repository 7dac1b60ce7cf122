package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
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

    @Test
    void unknownSessionsAreNotTracked() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 1);
        assertEquals(false, sessions.begin("never-opened"));
        assertEquals(false, sessions.streamOpened("never-opened"));
        sessions.end("never-opened");
        assertEquals(0, sessions.open());
    }
}
