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
    void unknownSessionsAreNotTracked() {
        IdleSessions sessions = new IdleSessions(clock::get, Duration.ofNanos(idle), 1);
        assertEquals(false, sessions.begin("never-opened"));
        sessions.end("never-opened");
        assertEquals(0, sessions.open());
    }
}
