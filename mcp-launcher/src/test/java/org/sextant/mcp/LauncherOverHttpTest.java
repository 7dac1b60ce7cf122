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
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/** --http: the same tools over Streamable HTTP, refused to browsers and foreign Host names. */
class LauncherOverHttpTest {
    @TempDir
    Path home;

    @Test
    void servesTheToolsOnLoopbackAndRefusesBrowserOriginsAndForeignHosts(@TempSextant Sextant engine) throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), true); // --all-tools
        try (TappedApp app = TappedApp.start(engine, home);
             HttpMcpServer server = HttpMcpServer.start(0, new ToolDispatcher(context), context.tables())) {
            McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
                            .builder("http://127.0.0.1:" + server.port()).endpoint(HttpMcpServer.ENDPOINT).build())
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

            String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
            assertTrue(post(server.port(), "127.0.0.1:" + server.port(), null, init).startsWith("HTTP/1.1 200"),
                    "a plain loopback client is served");
            assertTrue(post(server.port(), "127.0.0.1:" + server.port(), "http://evil.example", init)
                    .startsWith("HTTP/1.1 403"), "a browser Origin is refused");
            String rebound = post(server.port(), "evil.example:" + server.port(), null, init);
            assertTrue(rebound.startsWith("HTTP/1.1 421"), () -> "a foreign Host (DNS rebinding) is refused: " + rebound);
            assertTrue(post(server.port(), "127.0.0.1:" + server.port(), "http://evil.example", "garbage{")
                    .startsWith("HTTP/1.1 403"), "a browser Origin is refused whatever the body");
        }
    }

    /** The SDK answered an unreadable body with its exception serialized: stack trace, class names, JDK. */
    @Test
    void anUnreadableBodyIsAJsonRpcErrorWithoutInternals() throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), false);
        try (HttpMcpServer server = HttpMcpServer.start(0, new ToolDispatcher(context), context.tables())) {
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

    /** A raw request, so that Host and Origin are exactly what an attacker's browser would send. */
    static String post(int port, String host, String origin, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(120_000);
            OutputStream out = s.getOutputStream();
            String head = "POST " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: " + host + "\r\n"
                    + (origin == null ? "" : "Origin: " + origin + "\r\n")
                    + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
