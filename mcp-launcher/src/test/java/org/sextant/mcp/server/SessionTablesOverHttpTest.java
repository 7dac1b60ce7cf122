package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.open;
import static org.sextant.mcp.server.HttpSessions.post;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.tables.TableStore;
import org.sextant.mcp.tools.ToolContext;

/**
 * --http (attack 34): each session has its own tables (F2), and sessions a client never ends expire
 * after their idle time, or past the session cap, taking their tables with them (F3). No app is needed:
 * get_tool_manifest's full page is over the inline budget, so every call stores one table.
 */
class SessionTablesOverHttpTest {
    private static final String MANIFEST = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"get_tool_manifest\",\"arguments\":{\"limit\":50}}}";

    @TempDir Path home;
    private final AtomicLong clock = new AtomicLong();

    @Test
    void aSessionCannotReadAnotherSessionsTable() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        try (HttpMcpServer server = start(context, IdleSessions.withDefaults())) {
            String a = open(server.port()), b = open(server.port());
            String uri = storeTable(server.port(), a);
            assertTrue(readable(server.port(), a, uri), "its own session reads it");
            String other = post(server.port(), b, read(uri));
            assertTrue(other.contains("-32002") && other.contains("no table"), "another session's URI is not found: " + other);
        }
    }

    @Test
    void sixtyFourTablesOfOneSessionDoNotExpireAnothersTable() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        try (HttpMcpServer server = start(context, IdleSessions.withDefaults())) {
            String a = open(server.port()), b = open(server.port());
            String uri = storeTable(server.port(), a);
            for (int i = 0; i < TableStore.MAX_TABLES; i++) storeTable(server.port(), b);
            assertTrue(readable(server.port(), a, uri), "session B expired session A's table");
        }
    }

    @Test
    void anIdleSessionExpiresWithItsTablesAndItsNextRequestIsSessionNotFound() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        try (HttpMcpServer server = start(context, new IdleSessions(clock::get, IdleSessions.IDLE, IdleSessions.MAX))) {
            long idleTime = IdleSessions.IDLE.toNanos();
            String idle = open(server.port()), busy = open(server.port());
            storeTable(server.port(), idle);
            storeTable(server.port(), busy);
            clock.addAndGet(idleTime - 1);
            assertTrue(post(server.port(), busy, HttpSessions.call(3, "get_server_info")).startsWith("HTTP/1.1 200"));
            assertEquals(2, context.sessionTables().sessions(), "expired before its idle time");
            long held = context.sessionTables().bytesHeld();
            clock.addAndGet(1); // the idle one's last request is now the idle time ago, the busy one's 1 ns
            String late = post(server.port(), idle, HttpSessions.call(4, "get_server_info"));
            assertTrue(late.startsWith("HTTP/1.1 404"), "an expired session's request is session not found, so the client initialises again: " + late);
            assertEquals(1, context.sessionTables().sessions(), "only the session still used keeps tables");
            assertTrue(context.sessionTables().bytesHeld() < held, "the expired session's tables are freed");
            assertTrue(post(server.port(), busy, HttpSessions.call(5, "get_server_info")).startsWith("HTTP/1.1 200"),
                    "a session with a request in the idle time is served");
        }
    }

    @Test
    void pastTheSessionCapTheSessionIdleLongestIsDropped() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, 2);
        try (HttpMcpServer server = start(context, sessions)) {
            String first = open(server.port());
            clock.incrementAndGet();
            String second = open(server.port());
            clock.incrementAndGet();
            String third = open(server.port());
            clock.incrementAndGet();
            assertTrue(post(server.port(), first, HttpSessions.call(2, "get_server_info")).startsWith("HTTP/1.1 404"), "the oldest idle session went");
            assertTrue(post(server.port(), second, HttpSessions.call(2, "get_server_info")).startsWith("HTTP/1.1 200"));
            assertTrue(post(server.port(), third, HttpSessions.call(2, "get_server_info")).startsWith("HTTP/1.1 200"));
            assertEquals(2, sessions.open());
        }
    }

    /** Attack 35, F3: initializes alone, past the cap, end no session that made a call and holds a table. */
    @Test
    void aFloodOfInitializesEndsNoSessionThatWorks() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, 4, 2);
        try (HttpMcpServer server = start(context, sessions)) {
            String working = open(server.port());
            String uri = storeTable(server.port(), working);
            for (int i = 0; i < 10; i++) {
                clock.incrementAndGet();
                open(server.port());
            }
            assertTrue(readable(server.port(), working, uri), "a flood of initializes ended the session that works");
            assertEquals(3, sessions.open(), "the working session and the two newest that never called");
        }
    }

    @Test
    void aSessionOpenedByAnInitializeCarryingAStaleIdExpiresWithItsTables() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        IdleSessions sessions = new IdleSessions(clock::get, IdleSessions.IDLE, IdleSessions.MAX);
        try (HttpMcpServer server = start(context, sessions)) {
            String opened = open(server.port(), "a-session-of-a-launcher-since-restarted");
            storeTable(server.port(), opened);
            assertEquals(1, sessions.open(), "the session the SDK opened is counted toward the cap");
            clock.addAndGet(IdleSessions.IDLE.toNanos());
            String late = post(server.port(), opened, HttpSessions.call(4, "get_server_info"));
            assertTrue(late.startsWith("HTTP/1.1 404"), "it expires like any other session: " + late);
            assertEquals(0, context.sessionTables().sessions(), "its tables are freed");
        }
    }

    @Test
    void aDeletedSessionsTablesAreFreed() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(30));
        try (HttpMcpServer server = start(context, IdleSessions.withDefaults())) {
            String a = open(server.port());
            storeTable(server.port(), a);
            assertTrue(context.sessionTables().bytesHeld() > 0);
            String deleted = delete(server.port(), a);
            assertTrue(deleted.startsWith("HTTP/1.1 200"), deleted);
            assertEquals(0, context.sessionTables().bytesHeld(), "DELETE left the session's tables behind");
            assertFalse(post(server.port(), a, HttpSessions.call(2, "get_server_info")).startsWith("HTTP/1.1 200"));
        }
    }

    private static HttpMcpServer start(ToolContext context, IdleSessions sessions) throws Exception {
        return HttpSessions.start(context, sessions);
    }

    /** One call that stores a table in {@code session}: its resource_uri. */
    private static String storeTable(int port, String session) {
        String answer = post(port, session, MANIFEST);
        Matcher uri = Pattern.compile("sextant://table/[0-9a-f]{16}").matcher(answer);
        assertTrue(uri.find(), answer);
        return uri.group();
    }

    /** Whether {@code session} reads the table's first page (its rows, not "no table"). */
    private static boolean readable(int port, String session, String uri) {
        String answer = post(port, session, read(uri));
        return answer.startsWith("HTTP/1.1 200") && answer.contains("row_count") && !answer.contains("-32002");
    }

    private static String read(String uri) {
        return "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri + "\"}}";
    }

    private static String delete(int port, String session) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream out = s.getOutputStream();
            out.write(("DELETE " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                    + HttpSessions.TOKEN + "\r\nMcp-Session-Id: " + session + "\r\nMcp-Protocol-Version: 2025-06-18\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
