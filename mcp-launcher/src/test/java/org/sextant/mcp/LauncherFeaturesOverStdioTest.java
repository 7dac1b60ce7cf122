package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;

/**
 * The protocol features around the tools, through the real launcher process with runs allowed:
 * progress for followed jobs, tools/list_changed on focus, doc and registry resources, prompts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LauncherFeaturesOverStdioTest {
    @TempDir
    static Path home;
    @TempSextant
    static Sextant engine;

    TappedApp app;
    HeldProvider provider;
    McpSyncClient client;
    final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
    final List<McpSchema.LoggingMessageNotification> logs = new CopyOnWriteArrayList<>();
    final List<List<McpSchema.Tool>> toolChanges = new CopyOnWriteArrayList<>();

    @BeforeAll
    void start() throws Exception {
        provider = HeldProvider.serve(engine);
        app = TappedApp.start(engine, home);
        client = LauncherProcess.start(home, "1", spec -> spec
                .progressConsumer(progress::add)
                .loggingConsumer(logs::add)
                .toolsChangeConsumer(toolChanges::add));
    }

    @AfterAll
    void stop() {
        if (client != null) client.closeGracefully();
        if (app != null) app.close();
        if (provider != null) provider.close();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Map<String, Object> envelope) {
        assertEquals(true, envelope.get("ok"), () -> "expected ok: " + envelope);
        return (Map<String, Object>) envelope.get("data");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aGatherWithAProgressTokenFollowsTheJobAndStreamsProgress() {
        provider.hold();
        // the provider answers once the client has seen the job RUNNING: one progress report while it runs, always
        Thread releaser = new Thread(() -> {
            for (int i = 0; i < 12_000 && progress.stream().noneMatch(p -> "gather-p1".equals(p.progressToken())
                    && p.message().contains("RUNNING")); i++) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
            provider.release();
        });
        releaser.setDaemon(true);
        releaser.start();
        Map<String, Object> env = LauncherProcess.envelope(client.callTool(McpSchema.CallToolRequest.builder()
                .name("gather_tickers").arguments(Map.of("symbols", List.of("XOM.US"))).progressToken("gather-p1").build()));
        Map<String, Object> job = data(env);
        assertEquals("SUCCEEDED", job.get("state"), env::toString);
        Map<String, Object> result = (Map<String, Object>) job.get("result");
        assertEquals(HeldProvider.ROWS, result.get("rows_inserted"), result::toString);
        assertEquals(List.of("XOM.US"), result.get("symbols"), result::toString);
        // the server sends the last progress before its answer, but the SDK client hands notifications
        // to the consumer on another thread: the answer can come back first, so wait a bounded while
        List<McpSchema.ProgressNotification> mine = List.of();
        for (int i = 0; i < 500 && mine.stream().noneMatch(p -> p.progress() == 1.0); i++) {
            mine = progress.stream().filter(p -> "gather-p1".equals(p.progressToken())).toList();
            if (mine.stream().noneMatch(p -> p.progress() == 1.0)) sleep(10);
        }
        assertTrue(mine.size() >= 2, "progress notifications: " + progress);
        assertEquals(1.0, mine.stream().mapToDouble(McpSchema.ProgressNotification::progress).max().orElseThrow(), mine::toString);
        assertTrue(mine.stream().anyMatch(p -> p.progress() > 0 && p.progress() < 1 && p.message().contains("RUNNING")), mine.toString());
        assertTrue(logs.stream().anyMatch(l -> l.data().contains("SUCCEEDED")), "log messages: " + logs);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aForegroundBacktestAnswersWithTheRunSummary() throws Exception {
        Map<String, Object> d = data(LauncherProcess.envelope(client.callTool(new McpSchema.CallToolRequest("backtest_graph",
                Map.of("spec", StrategySpecs.EMA_CROSS, "symbols", List.of("AA"), "background", false)))));
        assertEquals(app.newestRunId(), ((Map<String, Object>) d.get("summary")).get("run_id"), "the run the app stored");
    }

    @Test
    void driveAppIsRefusedWithoutThePilotFlagEvenWithRunsAllowed() {
        Map<String, Object> env = LauncherProcess.envelope(client.callTool(new McpSchema.CallToolRequest("drive_app",
                Map.of("command", "select_view", "args", Map.of("view", "jobs")))));
        assertEquals("pilot_disabled", env.get("fail_reason"));
    }

    @Test
    void focusNarrowsToolsListAndNotifiesTheClient() throws Exception {
        int before = toolChanges.size();
        data(LauncherProcess.envelope(client.callTool(new McpSchema.CallToolRequest("focus_category",
                Map.of("category", "research")))));
        Set<String> listed = client.listTools().tools().stream().map(McpSchema.Tool::name).collect(Collectors.toSet());
        assertTrue(listed.containsAll(Set.of("backtest_graph", "compose_graph", "get_server_info", "show_all_tools")), listed.toString());
        assertFalse(listed.contains("run_select"), listed.toString());
        data(LauncherProcess.envelope(client.callTool(new McpSchema.CallToolRequest("show_all_tools", Map.of()))));
        assertEquals(ToolCatalog.ALL.size(), client.listTools().tools().size());
        for (int i = 0; i < 200 && toolChanges.size() < before + 2; i++) Thread.sleep(50);
        assertEquals(before + 2, toolChanges.size(), "one tools/list_changed per focus change");
    }

    @Test
    void theDocsAndTheSessionRegistryAreResources() throws Exception {
        Set<String> uris = client.listResources().resources().stream().map(McpSchema.Resource::uri).collect(Collectors.toSet());
        assertEquals(Set.of("sextant://docs/mcp.md", "sextant://docs/research.md", "sextant://docs/analogues.md",
                "sextant://session-registry", "ui://sextant/chart.html"), uris);
        String mcp = text(client.readResource(new McpSchema.ReadResourceRequest("sextant://docs/mcp.md")));
        assertTrue(mcp.contains("| tool | class | effect | gate |"));
        assertTrue(text(client.readResource(new McpSchema.ReadResourceRequest("sextant://docs/analogues.md")))
                .contains("compare_to_history"));
        Map<String, Object> registry = Json.readObject(text(client.readResource(
                new McpSchema.ReadResourceRequest("sextant://session-registry"))));
        assertEquals(app.data("get_session_registry", Map.of()), data(registry), "the app's registry, as get_session_registry answers");
    }

    @Test
    void theChartToolsLinkTheirMcpAppsViewAndTheViewIsOneSelfContainedPage() {
        data(LauncherProcess.envelope(client.callTool(new McpSchema.CallToolRequest("show_all_tools", Map.of()))));
        Map<String, McpSchema.Tool> tools = client.listTools().tools().stream()
                .collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
        for (String name : java.util.List.of("get_chart_data", "plot_chart")) {
            assertEquals(Map.of("ui", Map.of("resourceUri", "ui://sextant/chart.html")), tools.get(name).meta(), name);
        }
        assertEquals(null, tools.get("get_close_price").meta(), "tools without a view carry no _meta");
        McpSchema.TextResourceContents view = (McpSchema.TextResourceContents) client.readResource(
                new McpSchema.ReadResourceRequest("ui://sextant/chart.html")).contents().get(0);
        assertEquals("text/html;profile=mcp-app", view.mimeType());
        assertTrue(view.text().contains("ui/notifications/tool-result") && view.text().contains("ui/initialize"));
        assertFalse(view.text().replace("http://www.w3.org/2000/svg", "").matches("(?s).*(<script\\s+src|<link|https?://|@import).*"),
                "nothing loaded from outside the page");
    }

    static String text(McpSchema.ReadResourceResult r) {
        return ((McpSchema.TextResourceContents) r.contents().get(0)).text();
    }

    @Test
    void thePromptsFillInTheirArgumentsAndNameOnlyServedTools() {
        assertEquals(Set.of("research_loop", "robustness_pass"),
                client.listPrompts().prompts().stream().map(McpSchema.Prompt::name).collect(Collectors.toSet()));
        Set<String> served = ToolCatalog.ALL.stream().map(LauncherTool::name).collect(Collectors.toSet());
        String loop = promptText("research_loop", Map.of("symbols", "AA, IBM", "hypothesis", "momentum persists"));
        assertTrue(loop.contains("AA, IBM") && loop.contains("momentum persists"), loop);
        String pass = promptText("robustness_pass", Map.of("spec", "{\"nodes\": []}", "symbols", "AA", "session_id", "s9"));
        assertTrue(pass.contains("\"s9\""), pass);
        for (String text : List.of(loop, pass)) {
            Matcher m = Pattern.compile("`([a-z_]+)`").matcher(text);
            int named = 0;
            while (m.find()) {
                assertTrue(served.contains(m.group(1)), "prompt names a tool that is not served: " + m.group(1));
                named++;
            }
            assertTrue(named >= 5, text);
        }
    }

    String promptText(String name, Map<String, Object> args) {
        McpSchema.GetPromptResult r = client.getPrompt(new McpSchema.GetPromptRequest(name, args));
        return ((McpSchema.TextContent) r.messages().get(0).content()).text();
    }
}
