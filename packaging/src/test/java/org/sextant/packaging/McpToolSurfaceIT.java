package org.sextant.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole tool surface as a real client sees it: the headless app (bin/sextant --headless) on a
 * fresh SEXTANT_HOME with the sample universe, bin/sextant-mcp started by the official TypeScript
 * SDK over stdio. A new session lists the starter set (at most 12 tools, 12,000 bytes); after
 * show_all_tools every tool that tools/list names is called once with valid and once with
 * invalid input, from the case table packaging/src/test/clients/tool-cases.json: a listed tool
 * without a case fails the test, so a tool added later cannot go untested. Then the gates (writes
 * refused without SEXTANT_ALLOW_RUNS=1, drive_app without .mcp_pilot) and progress.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpToolSurfaceIT {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private Path home;
    private HeadlessApp app;
    private JsonNode cases;

    @BeforeAll
    void startApp() throws Exception {
        home = Files.createTempDirectory("sextant-surface-it");
        app = HeadlessApp.start(home);
        cases = JSON.readTree(Files.readString(Repo.root().resolve("packaging/src/test/clients/tool-cases.json"))).path("cases");
    }

    @AfterAll
    void stopApp() throws Exception {
        if (app != null) app.close();
    }

    @Test
    void everyListedToolHasACaseAndAnswersValidAndInvalidInputWithAnEnvelope() throws Exception {
        Path csv = realCsv();
        Path pilot = home.resolve(".mcp_pilot");
        Files.createFile(pilot); // by hand, as the person would: no code of Sextant creates it
        try (McpDriver client = new McpDriver(home, Map.of("SEXTANT_ALLOW_RUNS", "1"))) {
            JsonNode starter = client.listTools();
            assertTrue(starter.path("tools").size() <= 12, "a new session lists at most 12 tools: " + names(starter));
            int starterBytes = starter.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            assertTrue(starterBytes <= 12_000, "the default tools/list is " + starterBytes + " bytes");
            assertFalse(names(starter).contains("list_jobs"), "list_jobs is not in the starter set");
            assertTrue(McpEndToEndIT.envelope(client.call("list_jobs", Map.of())).path("ok").asBoolean(), "a tool not listed is callable by name");
            assertTrue(McpEndToEndIT.envelope(client.call("show_all_tools", Map.of())).path("ok").asBoolean());
            List<String> listed = names(client.listTools());
            assertEquals(new TreeSet<>(McpBudgetIT.documentedTools()), new TreeSet<>(listed), "after show_all_tools every tool of docs/mcp.md is listed");
            TreeSet<String> missing = new TreeSet<>(listed);
            cases.propertyNames().forEach(missing::remove);
            assertTrue(missing.isEmpty(), "tools/list names tools without a case in tool-cases.json: " + missing);
            TreeSet<String> stale = new TreeSet<>();
            cases.propertyNames().forEach(stale::add);
            stale.removeAll(listed);
            assertTrue(stale.isEmpty(), "cases for tools the server does not list: " + stale);

            Map<String, String> vars = new LinkedHashMap<>();
            vars.put("$CSV", csv.toString());
            List<String> failures = new ArrayList<>();
            for (Map.Entry<String, JsonNode> c : cases.properties()) {
                String tool = c.getKey();
                awaitNoActiveJob(client);
                for (String kind : List.of("valid", "invalid")) {
                    JsonNode spec = c.getValue().path(kind);
                    Map<String, Object> args = substitute(spec.path("args"), vars);
                    JsonNode result;
                    try {
                        result = client.call(tool, args);
                    } catch (IllegalStateException rpcError) {
                        failures.add(tool + " " + kind + ": a JSON-RPC error instead of an envelope: " + rpcError.getMessage());
                        continue;
                    }
                    JsonNode env = McpEndToEndIT.envelope(result);
                    String expect = spec.path("expect").asString("ok");
                    String got = env.path("ok").asBoolean() ? "ok" : env.path("fail_reason").asString("<none>");
                    if (!expect.equals(got)) failures.add(tool + " " + kind + " " + args + ": expected " + expect + ", got " + env);
                    if (!env.path("ok").asBoolean() && env.path("client_hint").asString("").isBlank()) {
                        failures.add(tool + " " + kind + ": a failure without client_hint: " + env);
                    }
                    if (env.path("ok").asBoolean() && env.path("data").has("job_id") && !vars.containsKey("$JOB_ID")) {
                        vars.put("$JOB_ID", env.path("data").path("job_id").asString());
                    }
                    // backtest_graph in the foreground answers {job_id, summary: {run_id, ...}}
                    String runId = env.path("data").path("summary").path("run_id").asString("");
                    if (env.path("ok").asBoolean() && !runId.isEmpty() && !vars.containsKey("$RUN_ID")) vars.put("$RUN_ID", runId);
                    String content = spec.path("content").asString(null);
                    if (content != null && !hasContent(result, content)) failures.add(tool + " " + kind + ": no " + content + " content in " + brief(result));
                }
            }
            assertTrue(failures.isEmpty(), failures.size() + " case(s) failed:\n" + String.join("\n", failures));
        } finally {
            Files.deleteIfExists(pilot);
        }
    }

    @Test
    void writesAreRefusedWithoutTheRunsGateAndDriveAppWithoutThePilotFlag() throws Exception {
        Path csv = realCsv();
        Map<String, String> vars = Map.of("$CSV", csv.toString(), "$JOB_ID", "gather-00000000", "$RUN_ID", "00000000-no-run");
        try (McpDriver closed = new McpDriver(home, Map.of())) {
            McpEndToEndIT.envelope(closed.call("show_all_tools", Map.of()));
            JsonNode listed = closed.listTools();
            int writes = 0;
            for (JsonNode tool : listed.path("tools")) {
                if (tool.path("annotations").path("readOnlyHint").asBoolean(true)) continue;
                writes++;
                String name = tool.path("name").asString();
                JsonNode env = McpEndToEndIT.envelope(closed.call(name, substitute(cases.path(name).path("valid").path("args"), vars)));
                assertEquals("runs_disabled", env.path("fail_reason").asString(), name + " without SEXTANT_ALLOW_RUNS: " + env);
            }
            assertTrue(writes >= 8, "the write tools were found by their annotations: " + writes);
        }
        try (McpDriver open = new McpDriver(home, Map.of("SEXTANT_ALLOW_RUNS", "1"))) {
            Map<String, Object> drive = Map.of("command", "open_chart", "args", Map.of("symbol", "IBM"));
            JsonNode refused = McpEndToEndIT.envelope(open.call("drive_app", drive));
            assertEquals("pilot_disabled", refused.path("fail_reason").asString(), refused.toString());
            assertFalse(Files.exists(home.resolve("commands/pending")) && Files.list(home.resolve("commands/pending")).findAny().isPresent(),
                    "a refused drive_app queued nothing");
            Files.createFile(home.resolve(".mcp_pilot"));
            try {
                JsonNode done = McpEndToEndIT.envelope(open.call("drive_app", drive));
                assertTrue(done.path("ok").asBoolean(), done.toString());
            } finally {
                Files.delete(home.resolve(".mcp_pilot"));
            }
            JsonNode wrote = McpEndToEndIT.envelope(open.call("import_prices", Map.of("paths", List.of(csv.toString()))));
            assertTrue(wrote.path("ok").asBoolean(), "with SEXTANT_ALLOW_RUNS=1 the write is done: " + wrote);
            awaitNoActiveJob(open);
        }
    }

    @Test
    void aLongToolStreamsProgressToAClientThatSentAProgressToken() throws Exception {
        try (McpDriver client = new McpDriver(home, Map.of("SEXTANT_ALLOW_RUNS", "1"))) {
            awaitNoActiveJob(client);
            JsonNode answer = client.callWithProgress("forecast_tickers", Map.of("symbols", List.of("AA", "IBM", "KO"), "horizon", 5));
            JsonNode env = McpEndToEndIT.envelope(answer.path("result"));
            assertTrue(env.path("ok").asBoolean(), env.toString());
            assertEquals("SUCCEEDED", env.path("data").path("state").asString(), "with a progressToken the tool follows the job to its end: " + env);
            JsonNode progress = answer.path("progress");
            assertTrue(progress.size() >= 2, "progress notifications received: " + progress);
            double last = -1;
            for (JsonNode p : progress) {
                assertTrue(p.path("progress").asDouble() >= last, "progress never goes back: " + progress);
                last = p.path("progress").asDouble();
                assertEquals(1.0, p.path("total").asDouble(), 1e-12);
            }
            // Not asserted: that the SUCCEEDED notification arrives. The launcher sends it before the
            // answer, but the TypeScript SDK handles notifications a microtask later than responses,
            // so when both lines reach the client in one read it drops the notification (the answer
            // already removed the progress handler). The answer carries the final state instead.
            String jobId = env.path("data").path("id").asString();
            boolean running = false;
            for (JsonNode p : progress) {
                String message = p.path("message").asString("");
                assertTrue(message.startsWith(jobId + " "), "each notification names the job: " + progress);
                running |= message.contains(" RUNNING: ");
            }
            assertTrue(running, "the running job's own messages reach the client: " + progress);
        }
    }

    @Test
    void getChartDataOffersASelfContainedMcpAppsViewBesideAResultThatStandsAlone() throws Exception {
        try (McpDriver client = new McpDriver(home, Map.of())) {
            JsonNode tool = null;
            for (JsonNode t : client.listTools().path("tools")) if (t.path("name").asString().equals("get_chart_data")) tool = t;
            assertTrue(tool != null, "get_chart_data is listed");
            String uri = tool.path("_meta").path("ui").path("resourceUri").asString();
            assertEquals("ui://sextant/chart.html", uri, tool.toString());
            JsonNode view = client.read(uri).path("contents").get(0);
            assertEquals("text/html;profile=mcp-app", view.path("mimeType").asString());
            String html = view.path("text").asString();
            assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("ui/initialize") && html.contains("ui/notifications/tool-result"), "an MCP Apps view");
            for (String external : List.of("<script src", "<link", "http://", "https://", "@import", "fetch(", "XMLHttpRequest")) {
                String withoutSvgNamespace = html.replace("http://www.w3.org/2000/svg", "");
                assertFalse(withoutSvgNamespace.contains(external), "the view loads nothing from outside: found " + external);
            }
            JsonNode result = client.call("get_chart_data", Map.of("symbol", "NYSE"));
            JsonNode env = McpEndToEndIT.envelope(result);
            assertTrue(env.path("ok").asBoolean(), env.toString());
            assertEquals(250, env.path("data").path("closes").path("dates").size(), "the closes are in the structured result itself, as columns");
            // Clients without structured content read the same envelope from the text (JSON numbers compared by value).
            JsonNode text = JSON.readTree(result.path("content").get(0).path("text").asString());
            java.util.Comparator<JsonNode> byValue = (a, b) -> a.equals(b)
                    || a.isNumber() && b.isNumber() && a.asDouble() == b.asDouble() ? 0 : 1;
            assertTrue(env.equals(byValue, text), "the text content carries the same envelope");

            // The view itself, run by node with a stand-in host: handshake, then the real result drawn as SVG.
            Path page = home.resolve("chart-view.html");
            Path answer = home.resolve("chart-result.json");
            Files.writeString(page, html);
            Files.writeString(answer, result.toString());
            Process node = new ProcessBuilder(Repo.node().toString(),
                    Repo.root().resolve("packaging/src/test/clients/chart-view-check.mjs").toString(), page.toString(), answer.toString())
                    .redirectErrorStream(true).start();
            String out = new String(node.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(node.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the view check ended");
            assertEquals(0, node.exitValue(), out);
            JsonNode seen = JSON.readTree(out.strip());
            assertEquals(250, seen.path("points").asInt(), out);
            assertEquals(env.path("data").path("forecast").path("bands").size(), seen.path("bands").asInt(),
                    "one translucent band per level: " + out);
        }
    }

    private static String brief(JsonNode result) {
        String s = result.toString();
        return s.length() > 400 ? s.substring(0, 400) + "…" : s;
    }

    private static boolean hasContent(JsonNode result, String mimeType) {
        for (JsonNode c : result.path("content")) {
            if ("image".equals(c.path("type").asString("")) && mimeType.equals(c.path("mimeType").asString(""))
                    && c.path("data").asString("").length() > 1000) return true;
        }
        return false;
    }

    private static List<String> names(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.path("tools").forEach(t -> out.add(t.path("name").asString()));
        return out;
    }

    /** The case's arguments with $CSV, $JOB_ID and $RUN_ID replaced wherever a string equals them. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> substitute(JsonNode args, Map<String, String> vars) {
        String text = args.toString();
        for (Map.Entry<String, String> v : vars.entrySet()) text = text.replace("\"" + v.getKey() + "\"", JSON.writeValueAsString(v.getValue()));
        if (text.contains("\"$")) throw new IllegalStateException("unfilled placeholder in " + text + " (the case needs an earlier job)");
        return JSON.readValue(text, Map.class);
    }

    /** One writer job at a time: wait until the app has none active, so each case starts clean. */
    private static void awaitNoActiveJob(McpDriver client) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (Instant.now().isBefore(deadline)) {
            JsonNode jobs = McpEndToEndIT.envelope(client.call("list_jobs", Map.of())).path("data").path("jobs");
            boolean active = false;
            for (Iterator<JsonNode> it = jobs.iterator(); it.hasNext(); ) {
                String state = it.next().path("state").asString();
                active |= state.equals("QUEUED") || state.equals("RUNNING");
            }
            if (!active) return;
            Thread.sleep(250);
        }
        fail("a job stayed active for 3 minutes");
    }

    /** AA's real closes for 2000 (fBasics::DowJones30, from the store) as a Yahoo-style CSV named AACOPY. */
    private Path realCsv() throws Exception {
        Path csv = home.resolve("import/AACOPY.csv");
        if (Files.exists(csv)) return csv;
        Files.createDirectories(csv.getParent());
        StringBuilder out = new StringBuilder("Date,Open,High,Low,Close,Adj Close,Volume\n");
        try (McpDriver client = new McpDriver(home, Map.of())) {
            JsonNode rows = McpEndToEndIT.envelope(client.call("get_close_price",
                    Map.of("symbol", "AA", "start", "2000-10-02", "end", "2000-12-29"))).path("data").path("rows");
            for (JsonNode r : rows) {
                double c = r.path("close").asDouble();
                out.append(r.path("date").asString()).append(',').append(c).append(',').append(c).append(',').append(c)
                        .append(',').append(c).append(',').append(r.path("adj_close").asDouble()).append(",0\n");
            }
        }
        Files.writeString(csv, out);
        return csv;
    }
}
