package org.sextant.selftest.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.SextantMcp;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.server.SextantMcpServer;

/**
 * Reproduction (a): one launcher process keeps serving one client while the app crashes, exits,
 * and comes back on another port. The client is never restarted or re-initialised.
 */
class AppComesBackTest {
    @TempDir Path home;

    @Test
    @DisplayName("reproduction (a): the app disappears and returns on another port; the launcher follows without a restart")
    void launcherFollowsTheApp() throws Exception {
        MiniApp first = new MiniApp(home, "FIRST").start();
        McpSyncClient client = launcher(home);
        try {
            Map<String, Object> env = listSymbols(client);
            assertEquals(true, env.get("ok"), env::toString);
            assertEquals(1, first.served.get());
            int firstPort = first.port();

            first.crash(); // port closed, run/app.json left behind
            env = listSymbols(client);
            assertEquals("app_not_running", env.get("fail_reason"), env::toString);

            first.close(); // and now the discovery file is gone too
            env = listSymbols(client);
            assertEquals("app_not_running", env.get("fail_reason"), env::toString);

            MiniApp second = new MiniApp(home, "SECOND").start();
            while (second.port() == firstPort) { // a free port can be handed out twice; we need another one
                second.close();
                second = new MiniApp(home, "SECOND").start();
            }
            try {
                env = listSymbols(client);
                assertEquals(true, env.get("ok"), env::toString);
                assertEquals("SECOND", firstSymbol(env));
                assertEquals(1, second.served.get(), "the call reached the app on its new port");
                assertNotEquals(firstPort, second.port());
            } finally {
                second.close();
            }
        } finally {
            client.closeGracefully();
        }
    }

    static McpSyncClient launcher(Path home) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerParameters params = ServerParameters.builder(java)
                .args("-cp", System.getProperty("java.class.path"), SextantMcp.class.getName(),
                        "--home", home.toString(), "--timeout", "20")
                .env(Map.of("SEXTANT_ALLOW_RUNS", "0", "SEXTANT_HOME", home.toString()))
                .build();
        StdioClientTransport transport = new StdioClientTransport(params, SextantMcpServer.jsonMapper());
        transport.setStdErrorHandler(line -> { }); // the launcher's log; not protocol
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(120)) // bounds a hang on a shared machine; measures nothing
                .initializationTimeout(Duration.ofSeconds(120))
                .build();
        client.initialize();
        return client;
    }

    static Map<String, Object> listSymbols(McpSyncClient client) {
        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest("list_symbols", Map.of()));
        return Json.readObject(((McpSchema.TextContent) r.content().get(0)).text());
    }

    @SuppressWarnings("unchecked")
    private static String firstSymbol(Map<String, Object> env) {
        Map<String, Object> data = (Map<String, Object>) env.get("data");
        return String.valueOf(((java.util.List<Map<String, Object>>) data.get("symbols")).get(0).get("symbol"));
    }
}
