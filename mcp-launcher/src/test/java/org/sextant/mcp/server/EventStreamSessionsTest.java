package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.PATIENCE_S;
import static org.sextant.mcp.server.HttpSessions.listen;
import static org.sextant.mcp.server.HttpSessions.open;
import static org.sextant.mcp.server.HttpSessions.post;

import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --http, the real Jetty and SDK: a client that only listens (the GET event stream, no POST) keeps its session while the
 * stream is open; once the stream ends (the client closed it, found by the launcher's ping), the session's idle time
 * starts. Past the session cap it still goes. Before, a listening client was expired after 30 minutes with its stream
 * open, and the SDK closed the stream under it.
 */
class EventStreamSessionsTest {
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}";

    @TempDir Path home;
    private final AtomicLong clock = new AtomicLong();

    /** No ping comes while the test runs (they are an hour apart): the stream alone keeps the session. */
    @Test
    void anOpenEventStreamKeepsItsSessionPastItsIdleTime() throws Exception {
        IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, IdleSessions.MAX, Duration.ofHours(1));
        try (HttpMcpServer server = start(sessions)) {
            String listening = open(server.port());
            try (Socket stream = listen(server.port(), listening)) {
                assertTrue(HttpSessions.eventually(() -> sessions.streams(listening) == 1, PATIENCE_S), "the stream is counted");
                clock.addAndGet(10 * IdleSessions.IDLE.toNanos());
                open(server.port()); // another client's request: the launcher expires what is idle
                String served = post(server.port(), listening, PING);
                assertTrue(served.startsWith("HTTP/1.1 200"), "a session whose stream is open was expired: " + served);
            }
        }
    }

    /**
     * The client closes its stream: the launcher's next ping finds it gone (or unanswered) and the stream ends; the
     * session's idle time starts then. Without the pings Jetty never noticed the close, and the session was kept for good.
     */
    @Test
    void aStreamTheClientClosedEndsAndItsSessionsIdleTimeStartsThen() throws Exception {
        IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, IdleSessions.MAX, Duration.ofSeconds(2));
        try (HttpMcpServer server = start(sessions)) {
            String listening = open(server.port());
            try (Socket stream = listen(server.port(), listening)) {
                assertTrue(HttpSessions.eventually(() -> sessions.streams(listening) == 1, PATIENCE_S), "the stream is counted");
            }
            assertTrue(HttpSessions.eventually(() -> sessions.streams(listening) == 0, PATIENCE_S), "the closed stream ended");
            clock.addAndGet(IdleSessions.IDLE.toNanos() - 1);
            open(server.port());
            assertTrue(post(server.port(), listening, PING).startsWith("HTTP/1.1 200"), "its idle time starts at the stream's end");
            clock.addAndGet(IdleSessions.IDLE.toNanos());
            open(server.port());
            String late = post(server.port(), listening, PING);
            assertTrue(late.startsWith("HTTP/1.1 404"), "idle for its time after its stream ended, it expires: " + late);
        }
    }

    @Test
    void pastTheSessionCapASessionWithAnOpenStreamStillGoes() throws Exception {
        IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, 1);
        try (HttpMcpServer server = start(sessions)) {
            String listening = open(server.port());
            try (Socket stream = listen(server.port(), listening)) {
                assertTrue(HttpSessions.eventually(() -> sessions.streams(listening) == 1, PATIENCE_S), "the stream is counted");
                clock.incrementAndGet();
                open(server.port());
                open(server.port()); // past the cap of 1: the one idle longest goes, its stream open or not
                assertTrue(post(server.port(), listening, PING).startsWith("HTTP/1.1 404"), "an open stream held a session past the cap");
                assertEquals(1, sessions.open());
            }
        }
    }

    private HttpMcpServer start(IdleSessions sessions) throws Exception {
        return HttpSessions.start(HttpSessions.context(home, Duration.ofSeconds(30)), sessions);
    }
}
