package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.listen;
import static org.sextant.mcp.server.HttpSessions.open;
import static org.sextant.mcp.server.HttpSessions.post;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --http, the real Jetty and SDK: a session has one GET event stream. Its head is sent at once (a client waits on it; the
 * SDK sent it with the first ping, up to 60 s later), and a newer GET of the session replaces it: the older stream ends
 * at once and its connection closes (before, it lingered as an idle connection for Jetty's 30 s), the newest is counted
 * and keeps the session. No ping comes while these run (they are an hour apart).
 */
class OneEventStreamPerSessionTest {
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}";

    @TempDir Path home;
    private final AtomicLong clock = new AtomicLong();
    private final IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, IdleSessions.MAX, Duration.ofHours(1));

    @Test
    void aStreamsHeadArrivesAtOnceNotWithTheFirstPing() throws Exception {
        try (HttpMcpServer server = start(); Socket stream = listen(server.port(), open(server.port()))) {
            String head = head(stream);
            assertTrue(head.startsWith("HTTP/1.1 200"), head);
            assertTrue(head.toLowerCase().contains("content-type: text/event-stream"), head);
        }
    }

    @Test
    void aNewerStreamReplacesTheOpenOneWhichEndsAndClosesAtOnce() throws Exception {
        try (HttpMcpServer server = start()) {
            String session = open(server.port());
            List<Socket> streams = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) {
                    Socket s = listen(server.port(), session);
                    streams.add(s);
                    assertTrue(head(s).toLowerCase().contains("connection: close"), "a stream's connection ends with it");
                }
                for (Socket replaced : streams.subList(0, streams.size() - 1)) {
                    assertEquals("", rest(replaced), "a replaced stream ends with its connection, nothing sent");
                }
                assertEquals(1, sessions.streams(session), "the newest stream is counted");
                clock.addAndGet(10 * IdleSessions.IDLE.toNanos());
                open(server.port()); // another client's request: the launcher expires what is idle
                assertTrue(post(server.port(), session, PING).startsWith("HTTP/1.1 200"), "the newest stream keeps its session");
            } finally {
                for (Socket s : streams) s.close();
            }
        }
    }

    private HttpMcpServer start() throws Exception {
        return HttpSessions.start(HttpSessions.context(home, Duration.ofSeconds(30)), sessions);
    }

    /** The answer's head, up to its blank line. */
    private static String head(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) break;
            head.write(b);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** What the answer sends after its head, until the launcher closes the connection. */
    private static String rest(Socket s) throws IOException {
        return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
}
