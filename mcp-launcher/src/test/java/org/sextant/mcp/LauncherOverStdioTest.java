package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.Version;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tables.LargeResult;
import org.sextant.mcp.tools.Categories;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;

/**
 * The real launcher process over stdio, driven by the SDK's Java client, against the app's real
 * local API on the sample universe in a temporary SEXTANT_HOME: what an MCP client sees,
 * including when the app goes away and returns on another port.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LauncherOverStdioTest {
    @TempDir
    static Path home;
    @TempSextant
    static Sextant engine;
    /** The sample's AA closes, oldest first: more rows than a tool answer inlines. */
    static final String LONG = "AA";

    TappedApp app;
    McpSyncClient client;

    @BeforeAll
    void start() throws Exception {
        app = TappedApp.start(engine, home);
        client = LauncherProcess.start(home, "0");
    }

    @AfterAll
    void stop() {
        if (client != null) client.closeGracefully();
        if (app != null) app.close();
    }

    Map<String, Object> call(String tool, Map<String, Object> args) {
        return LauncherProcess.envelope(client.callTool(new McpSchema.CallToolRequest(tool, args)));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Map<String, Object> envelope) {
        assertEquals(true, envelope.get("ok"), () -> "expected ok: " + envelope);
        return (Map<String, Object>) envelope.get("data");
    }

    @Test
    void listsTheStarterSetThenEveryCatalogToolOnceWithAnnotationsMatchingItsClass() {
        List<String> starter = ToolCatalog.ALL.stream().map(LauncherTool::name).filter(Categories.STARTER::contains).toList();
        assertEquals(starter, client.listTools().tools().stream().map(McpSchema.Tool::name).toList(), "a new session lists the starter set");
        assertFalse(starter.contains("health_check"));
        assertEquals(true, call("health_check", Map.of()).get("ok"), "a tool not listed is still callable by name");
        data(call("show_all_tools", Map.of()));
        List<McpSchema.Tool> tools = client.listTools().tools();
        assertEquals(ToolCatalog.ALL.stream().map(LauncherTool::name).toList(),
                tools.stream().map(McpSchema.Tool::name).toList(), "prefixed aliases must stay hidden");
        Map<String, LauncherTool> catalog = ToolCatalog.ALL.stream()
                .collect(Collectors.toMap(LauncherTool::name, t -> t));
        for (McpSchema.Tool t : tools) {
            boolean read = catalog.get(t.name()).toolClass() == org.sextant.mcp.tools.ToolClass.READ;
            assertEquals(read, t.annotations().readOnlyHint(), t.name());
            assertEquals(t.name().equals("delete_prices"), t.annotations().destructiveHint(), t.name() + ": only delete_prices removes stored data");
            assertEquals(read, t.annotations().idempotentHint(), t.name());
            if (read) {
                assertTrue(t.description().endsWith("Read-only."), t.description());
            } else {
                assertTrue(t.description().startsWith("Write: ") && t.description().contains("SEXTANT_ALLOW_RUNS=1"),
                        t.description());
            }
        }
    }

    @Test
    void listSymbolsReturnsTheAppsDataInTheEnvelope() {
        Map<String, Object> env = call("list_symbols", Map.of());
        Map<String, Object> data = data(env);
        assertEquals(TappedApp.listedSymbols(engine), data.get("count"));
        assertNull(env.get("error"));
        assertNull(env.get("fail_reason"));
        Map<String, Object> filtered = data(call("list_symbols", Map.of("query", "alcoa")));
        assertEquals(1, filtered.get("count"));
    }

    @Test
    void aConnectorPrefixedToolNameReachesTheTool() {
        assertEquals(TappedApp.listedSymbols(engine), data(call("sextant___list_symbols", Map.of())).get("count"));
        assertEquals(TappedApp.listedSymbols(engine), data(call("acme:list_symbols", Map.of())).get("count"),
                "a prefix the SDK does not route reaches the dispatcher, which resolves it");
    }

    /** The SDK answered an unknown name with JSON-RPC error -32602 "Unknown tool: invalid_tool_name". */
    @Test
    void anUnknownToolNameIsTheUnknownToolEnvelopeNamingIt() {
        Map<String, Object> env = call("no_such_tool", Map.of("x", 1));
        assertEquals("unknown_tool", env.get("fail_reason"), env::toString);
        assertEquals("no tool named 'no_such_tool'", env.get("error"));
        assertTrue(((String) env.get("client_hint")).contains("show_all_tools"), env::toString);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shortPriceHistoryComesInline() {
        Map<String, Object> data = data(call("get_close_price",
                Map.of("symbol", LONG, "start", "1991-01-03", "end", "1991-01-07")));
        List<Map<String, Object>> rows = (List<Map<String, Object>>) data.get("rows");
        assertEquals(List.of("1991-01-03", "1991-01-04", "1991-01-07"),
                rows.stream().map(r -> r.get("date")).toList(), "business days only, as stored");
        assertEquals(5.88, rows.get(0).get("close"), "the sample file's value, its decimals kept");
    }

    @Test
    @SuppressWarnings("unchecked")
    void longPriceHistoryComesAsPreviewSummaryAndReadableResource() {
        Map<String, Object> data = data(call("get_close_price", Map.of("symbol", LONG)));
        PriceSeries stored = engine.getClosePrice(LONG, null, null);
        int n = stored.size();
        assertTrue(n > LargeResult.ROW_LIMIT, "the sample's " + LONG + " has " + n + " rows");
        assertFalse(data.containsKey("rows"), n + " rows must not be inlined");
        Map<String, Object> preview = (Map<String, Object>) data.get("preview");
        List<Map<String, Object>> first = (List<Map<String, Object>>) preview.get("first");
        List<Map<String, Object>> last = (List<Map<String, Object>>) preview.get("last");
        assertEquals(LargeResult.HEAD, first.size());
        assertEquals(LargeResult.TAIL, last.size());
        List<java.time.LocalDate> dates = stored.dates();
        assertEquals(dates.get(0).toString(), first.get(0).get("date"));
        assertEquals(dates.get(n - 1).toString(), last.get(4).get("date"));

        Map<String, Object> summary = (Map<String, Object>) data.get("summary");
        assertEquals(n, summary.get("count"));
        assertEquals(dates.get(0).toString(), summary.get("first_date"));
        assertEquals(dates.get(n - 1).toString(), summary.get("last_date"));
        assertEquals(java.util.Arrays.stream(stored.close()).min().orElseThrow(), summary.get("min_close"));
        assertEquals(java.util.Arrays.stream(stored.close()).max().orElseThrow(), summary.get("max_close"));

        String uri = (String) data.get("resource_uri");
        assertTrue(uri.startsWith("sextant://table/"), uri);
        McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
        McpSchema.TextResourceContents contents = (McpSchema.TextResourceContents) read.contents().get(0);
        assertEquals("application/json", contents.mimeType());
        Map<String, Object> table = Json.readObject(contents.text());
        List<Map<String, Object>> rows = (List<Map<String, Object>>) table.get("rows");
        assertEquals(n, rows.size());
        assertEquals(stored.close()[123], rows.get(123).get("close"));
        assertEquals(dates.get(n - 1).toString(), rows.get(n - 1).get("date"));
    }

    /**
     * USDCHF's 30-minute bars were one resources/read message of 10.8 MB, over the 10 MiB the
     * TypeScript SDK buffers: that client dropped the session. Price answers now stop at 20,000 rows
     * (whole trading days) and say where to read on; read that way over stdio, every bar arrives once,
     * in order, and each page of each table fits one message (a table larger than a page: TableStoreTest).
     */
    @Test
    @SuppressWarnings("unchecked")
    void theLongestSeriesIsReadAnswerByAnswerAndPageByPage() throws Exception {
        List<Map<String, Object>> rows = new java.util.ArrayList<>();
        int answers = 0;
        for (String start = null; ; answers++) {
            Map<String, Object> args = new java.util.HashMap<>(Map.of("symbol", "USDCHF", "interval", "30m"));
            if (start != null) args.put("start", start);
            Map<String, Object> data = data(call("get_close_price", args));
            String uri = (String) data.get("resource_uri");
            if (uri == null) rows.addAll((List<Map<String, Object>>) data.get("rows"));
            while (uri != null) {
                McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
                int bytes = org.sextant.mcp.server.SextantMcpServer.jsonMapper().writeValueAsString(read)
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                assertTrue(bytes < LauncherInfo.MAX_MESSAGE_BYTES - 1000, uri + ": " + bytes + " bytes");
                Map<String, Object> page = Json.readObject(((McpSchema.TextResourceContents) read.contents().get(0)).text());
                rows.addAll((List<Map<String, Object>>) page.get("rows"));
                uri = (String) page.get("next_uri");
            }
            start = (String) data.get("next_start");
            if (start == null) break;
        }
        assertTrue(answers > 1, "answers: " + (answers + 1));
        List<String> times = rows.stream().map(r -> String.valueOf(r.get("ts"))).toList();
        assertEquals(times.stream().distinct().sorted().toList(), times, "every bar once, in time order");
        assertEquals(61_990, rows.size(), "USDCHF's 62,496 stored bars less the 506 outside the fx session");
    }

    @Test
    @SuppressWarnings("unchecked")
    void largeSelectComesAsPreviewWithColumnRanges() {
        Map<String, Object> data = data(call("run_select", Map.of("sql",
                "SELECT range AS n, range * 1.5 AS x, 'r' || range AS label FROM range(250)", "limit", 1000)));
        assertEquals(List.of("n", "x", "label"), data.get("columns"));
        Map<String, Object> summary = (Map<String, Object>) data.get("summary");
        assertEquals(250, summary.get("count"));
        Map<String, Object> ranges = (Map<String, Object>) summary.get("numeric_ranges");
        assertEquals(Map.of("min", 0.0, "max", 249 * 1.5), ranges.get("x"));
        assertFalse(ranges.containsKey("label"));
        assertNotNull(data.get("resource_uri"));
    }

    @Test
    void unknownTableResourceIsAProtocolErrorNamingTheUri() {
        McpError e = assertThrows(McpError.class, () -> client.readResource(
                new McpSchema.ReadResourceRequest("sextant://table/0123456789abcdef")));
        assertTrue(e.getMessage().contains("sextant://table/0123456789abcdef"), e.getMessage());
    }

    @Test
    void invalidInputIsAnEnvelopeNamingTheFieldAndNeverReachesTheApp() {
        int before = app.totalCalls();
        assertInvalid(call("get_close_price", Map.of()), "symbol");
        assertInvalid(call("get_close_price", Map.of("symbol", "AAPL", "start", "2024-02-30")), "start");
        assertInvalid(call("get_close_price", Map.of("symbol", "AAPL", "start", "2024-03-01", "end", "2024-02-01")),
                "start");
        assertInvalid(call("run_select", Map.of("sql", "select 1", "limit", "ten")), "limit");
        assertInvalid(call("run_select", Map.of("sql", "select 1", "limit", 2.5)), "limit");
        assertInvalid(call("run_select", Map.of("sql", "select 1", "limit", 0)), "limit");
        assertInvalid(call("list_symbols", Map.of("symbol", "AAPL")), "symbol");
        assertEquals(before, app.totalCalls(), "the app must not be called with bad input");
    }

    static void assertInvalid(Map<String, Object> env, String field) {
        assertEquals(false, env.get("ok"), env::toString);
        assertEquals("invalid_input", env.get("fail_reason"), env::toString);
        assertTrue(((String) env.get("error")).contains("'" + field + "'"), env::toString);
        assertNotNull(env.get("client_hint"));
        assertNull(env.get("data"));
    }

    @Test
    void anAppRefusalKeepsItsReasonFieldAndFix() throws Exception {
        Map<String, Object> env = call("get_close_price", Map.of("symbol", "NOPE"));
        assertEquals(false, env.get("ok"));
        assertEquals("not_found", env.get("fail_reason"));
        assertEquals("unknown symbol 'NOPE' (field: symbol)", env.get("error"));
        Object fix = app.ask("get_close_price", Map.of("symbol", "NOPE")).get("fix");
        assertTrue(String.valueOf(fix).contains("list_symbols"), String.valueOf(fix));
        assertEquals(fix, env.get("client_hint"), "the app's own fix");
    }

    @Test
    @SuppressWarnings("unchecked")
    void serverInfoReportsVersionAppAndClosedGates() {
        Map<String, Object> data = data(call("get_server_info", Map.of()));
        Map<String, Object> server = (Map<String, Object>) data.get("server");
        assertEquals(LauncherInfo.VERSION, server.get("version"));
        assertEquals(LauncherInfo.TOOLS_CONTRACT, server.get("contract"));
        Map<String, Object> appInfo = (Map<String, Object>) data.get("app");
        assertEquals("running", appInfo.get("status"));
        Map<String, Object> access = (Map<String, Object>) data.get("access");
        assertEquals(false, access.get("runs_allowed"), "SEXTANT_ALLOW_RUNS=0 must read as refused");
        assertEquals(false, access.get("pilot_flag_present"));
        Map<String, Object> tools = (Map<String, Object>) data.get("tools");
        assertEquals(ToolCatalog.ALL.size(), tools.get("total"));
        assertEquals(ToolCatalog.ALL.stream().collect(Collectors.groupingBy(LauncherTool::category, Collectors.counting())),
                ((Map<String, Object>) tools.get("by_category")).entrySet().stream()
                        .collect(Collectors.toMap(Map.Entry::getKey, e -> ((Number) e.getValue()).longValue())));
    }

    @Test
    void serverInfoFitsSixThousandBytesAsTheClientReceivesIt() throws Exception {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("get_server_info", Map.of()));
        int bytes = org.sextant.mcp.server.SextantMcpServer.jsonMapper().writeValueAsString(result)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertTrue(bytes <= 6_000, "get_server_info is " + bytes + " bytes");
    }

    @Test
    @SuppressWarnings("unchecked")
    void followsTheAppThroughACrashAndARestartOnAnotherPort() throws Exception {
        assertEquals(TappedApp.listedSymbols(engine), data(call("list_symbols", Map.of())).get("count"));
        String oldToken = app.token();

        app.stop();   // crash: the port closes, app.json stays
        Map<String, Object> down = call("list_symbols", Map.of());
        assertEquals("app_not_running", down.get("fail_reason"), down::toString);
        assertEquals("start the Sextant app (sextant, or sextant --headless) and call again;"
                + " no launcher restart is needed", down.get("client_hint"));
        Map<String, Object> info = data(call("get_server_info", Map.of()));
        assertEquals("app_not_running", ((Map<String, Object>) info.get("app")).get("status"));

        Files.delete(home.resolve("run/app.json"));   // clean exit: the file is gone
        assertEquals("app_not_running", call("health_check", Map.of()).get("fail_reason"));

        TappedApp older = TappedApp.start(engine, home, Version.CONTRACT + 1);   // an app speaking another contract
        try {
            Map<String, Object> mismatch = call("list_symbols", Map.of());
            assertEquals("contract_mismatch", mismatch.get("fail_reason"), mismatch::toString);
        } finally {
            older.close();
        }

        app.close();
        app = TappedApp.start(engine, home);   // back, on a new port with a new token
        assertFalse(app.token().equals(oldToken), "the restarted app must need the freshly read token");
        assertEquals(TappedApp.listedSymbols(engine), data(call("list_symbols", Map.of())).get("count"));
        Map<String, Object> health = data(call("health_check", Map.of()));
        assertEquals("headless", health.get("mode"));
        assertEquals(1, app.calls("list_symbols"));
    }
}
