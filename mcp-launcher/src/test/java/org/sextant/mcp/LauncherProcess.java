package org.sextant.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.server.SextantMcpServer;

/** Starts the real launcher (main class, stdio) as a child process driven by the SDK's own client. */
final class LauncherProcess {
    private LauncherProcess() {}

    /**
     * The JVM options bin/sextant-mcp and the installed launcher start with (C1 only, G1 with a cycle after 15 s idle, a 1 GiB heap
     * given back after collections, JVM messages on stderr): the tests run the launcher as users get it, and each start costs a fraction of the CPU.
     */
    static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1",
            "-XX:CompileThresholdScaling=0.05", "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=15000",
            "-Xmx1g", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-Xlog:disable", "-Xlog:all=warning:stderr");

    /** java, the launcher's JVM options, its classpath (the tests') and main class, then {@code args}. */
    static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(JVM_OPTIONS);
        // java.class.path is either the full test classpath or surefire's manifest-only jar
        // whose Class-Path lists it: both start the launcher with the same classes.
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SextantMcp.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static McpSyncClient start(Path home, String allowRuns) {
        return start(home, allowRuns, spec -> spec);
    }

    /** With the client's notification consumers (progress, logging, tools/list_changed) set by the caller. */
    static McpSyncClient start(Path home, String allowRuns,
                               java.util.function.UnaryOperator<McpClient.SyncSpec> consumers) {
        ServerParameters params = ServerParameters.builder(java())
                .args(command("--home", home.toString(), "--timeout", "20"))
                .env(Map.of("SEXTANT_ALLOW_RUNS", allowRuns, "SEXTANT_HOME", home.toString()))
                .build();
        StdioClientTransport transport = new StdioClientTransport(params, SextantMcpServer.jsonMapper());
        // The launcher's stderr (its log) must not be mistaken for protocol output: keep it visible.
        transport.setStdErrorHandler(line -> System.err.println("[launcher] " + line));
        McpSyncClient client = consumers.apply(McpClient.sync(transport))
                // Generous: the CI machine is shared; these bound hangs, they do not measure speed.
                .requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofSeconds(120))
                .build();
        client.initialize();
        return client;
    }

    /** The envelope from the text content, checked to be the same as structuredContent. */
    static Map<String, Object> envelope(McpSchema.CallToolResult result) {
        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        Map<String, Object> fromText = Json.readObject(text);
        Map<String, Object> structured = Json.readObject(Json.write(result.structuredContent()));
        if (!fromText.equals(structured)) {
            throw new AssertionError("text content and structuredContent differ:\n" + fromText + "\n" + structured);
        }
        if (!fromText.keySet().equals(java.util.Set.of("ok", "error", "fail_reason", "client_hint", "data"))) {
            throw new AssertionError("envelope keys: " + fromText.keySet());
        }
        if (Boolean.TRUE.equals(result.isError()) == Boolean.TRUE.equals(fromText.get("ok"))) {
            throw new AssertionError("isError must be the opposite of ok: " + result.isError() + " / " + fromText);
        }
        return fromText;
    }
}
