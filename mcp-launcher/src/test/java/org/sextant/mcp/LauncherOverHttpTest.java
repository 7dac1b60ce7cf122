package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.Socket;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.server.HttpMcpServer;
import org.sextant.mcp.server.HttpToken;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/** --http: the same tools over Streamable HTTP, refused to browsers, foreign Host names and callers without the token. */
class LauncherOverHttpTest {
    static final String TOKEN = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    static final String BEARER = "Bearer " + TOKEN;

    @TempDir
    Path home;

    @Test
    void servesTheToolsOnLoopbackAndRefusesBrowserOriginsAndForeignHosts(@TempSextant Sextant engine) throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), true); // --all-tools
        try (TappedApp app = TappedApp.start(engine, home);
             HttpMcpServer server = HttpMcpServer.start(0, HttpToken.of(TOKEN), new ToolDispatcher(context), context.sessionTables())) {
            McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
                            .builder("http://127.0.0.1:" + server.port()).endpoint(HttpMcpServer.ENDPOINT)
                            .requestBuilder(java.net.http.HttpRequest.newBuilder().header("Authorization", BEARER)).build())
                    .requestTimeout(Duration.ofSeconds(120)).initializationTimeout(Duration.ofSeconds(120)).build();
            try {
                client.initialize();
                assertEquals(ToolCatalog.ALL.stream().map(LauncherTool::name).toList(),
                        client.listTools().tools().stream().map(McpSchema.Tool::name).toList());
                Map<String, Object> env = LauncherProcess.envelope(
                        client.callTool(new McpSchema.CallToolRequest("list_symbols", Map.of())));
                assertEquals(true, env.get("ok"), env::toString);
                Map<String, Object> unknown = LauncherProcess.envelope(
                        client.callTool(new McpSchema.CallToolRequest("no_such_tool", Map.of())));
                assertEquals("unknown_tool", unknown.get("fail_reason"), unknown::toString);
                assertTrue(((String) unknown.get("error")).contains("'no_such_tool'"), unknown::toString);
            } finally {
                client.closeGracefully();
            }

            String init = INIT;
            assertTrue(post(server.port(), "127.0.0.1:" + server.port(), null, init).startsWith("HTTP/1.1 200"),
                    "a plain loopback client with the token is served");
            assertTrue(post(server.port(), "127.0.0.1:" + server.port(), "http://evil.example", init)
                    .startsWith("HTTP/1.1 403"), "a browser Origin is refused, token or not");
            String rebound = post(server.port(), "evil.example:" + server.port(), null, init);
            assertTrue(rebound.startsWith("HTTP/1.1 421"), () -> "a foreign Host (DNS rebinding) is refused: " + rebound);
            assertTrue(post(server.port(), "127.0.0.1:" + server.port(), "http://evil.example", "garbage{")
                    .startsWith("HTTP/1.1 403"), "a browser Origin is refused whatever the body");
        }
    }

    /** Before the token any local process could call every tool (writes too, with SEXTANT_ALLOW_RUNS=1). */
    @Test
    void aCallerWithoutTheTokenIsRefusedBeforeAnythingRuns(@TempSextant Sextant engine) throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), true);
        try (TappedApp app = TappedApp.start(engine, home);
             HttpMcpServer server = HttpMcpServer.start(0, HttpToken.of(TOKEN), new ToolDispatcher(context), context.sessionTables())) {
            String host = "127.0.0.1:" + server.port();
            String call = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{}}}";
            String wrong = "Bearer " + TOKEN.replace('0', '1');
            for (String authorization : java.util.Arrays.asList(null, wrong, TOKEN, "Basic " + TOKEN, BEARER + "0", "Bearer ")) {
                for (String body : List.of(call, "garbage{")) {
                    String r = post(server.port(), host, null, authorization, body);
                    assertError(r, "401", -32001);
                    assertTrue(r.contains("WWW-Authenticate: Bearer"), r);
                    assertTrue(r.contains("run/mcp-http.token") && !r.contains(TOKEN), "says where the token is, never what: " + r);
                }
            }
            String get = raw(server.port(), "GET " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: " + host
                    + "\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n");
            assertTrue(get.startsWith("HTTP/1.1 401"), "the event stream needs the token too: " + get);
            assertEquals(0, app.totalCalls(), "nothing reached the app");
            assertTrue(post(server.port(), host, null, "bearer " + TOKEN, INIT).startsWith("HTTP/1.1 200"),
                    "the scheme is case-insensitive (RFC 7235)");
        }
    }

    /** The SDK answered an unreadable body with its exception serialized: stack trace, class names, JDK. */
    @Test
    void anUnreadableBodyIsAJsonRpcErrorWithoutInternals() throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), false);
        try (HttpMcpServer server = HttpMcpServer.start(0, HttpToken.of(TOKEN), new ToolDispatcher(context), context.sessionTables())) {
            String host = "127.0.0.1:" + server.port();
            assertError(post(server.port(), host, null, "garbage{"), "400", -32700);
            assertError(post(server.port(), host, null, "{}"), "400", -32600);
            assertError(post(server.port(), host, null, "[1]"), "400", -32600);
            // A message the SDK itself refuses (no session): its error, as JSON-RPC, without internals.
            assertError(post(server.port(), host, null, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"), "400", -32601);
        }
    }

    static void assertError(String response, String status, int code) {
        assertTrue(response.startsWith("HTTP/1.1 " + status), response);
        assertTrue(response.contains("\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":" + code + ","), response);
        for (String internal : List.of("Exception", "stackTrace", "org.eclipse", "java.", "jackson", "garbage")) {
            assertFalse(response.contains(internal), () -> internal + " in " + response);
        }
    }

    static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    /** A raw request with the token, so that Host and Origin are exactly what an attacker's browser would send. */
    static String post(int port, String host, String origin, String body) throws Exception {
        return post(port, host, origin, BEARER, body);
    }

    static String post(int port, String host, String origin, String authorization, String body) throws Exception {
        String head = "POST " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: " + host + "\r\n"
                + (origin == null ? "" : "Origin: " + origin + "\r\n")
                + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n";
        return raw(port, head + body);
    }

    static String raw(int port, String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(120_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
