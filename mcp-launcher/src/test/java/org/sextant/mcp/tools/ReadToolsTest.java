package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.tools.ToolHarness.assertInvalid;
import static org.sextant.mcp.tools.ToolHarness.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.StrategySpecs;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.envelope.Json;

/** The read tools against the app's real local API on the sample universe and a temporary home: answers, refusals, and no file written. */
class ReadToolsTest extends AgainstTheApp {
    /** Sample symbols: AA and IBM have 2,500 daily closes (1991-2001), NYSE over 9,000 (1966-2002). */
    static final String AA = "AA", IBM = "IBM", NYSE = "NYSE";

    /** A stored run ({@link StrategySpecs#EMA_CROSS} on AA) for get_run. */
    static String runId;
    ToolDispatcher tools;

    /** One valid call per read tool (the job id is filled in once a job exists). */
    static Map<String, Map<String, Object>> valid(String jobId) {
        Map<String, Map<String, Object>> m = new LinkedHashMap<>();
        m.put("get_server_info", Map.of());
        m.put("negotiate_contract", Map.of("contract", LauncherInfo.TOOLS_CONTRACT));
        m.put("health_check", Map.of());
        m.put("get_tool_manifest", Map.of());
        m.put("focus_category", Map.of("category", "jobs"));
        m.put("show_all_tools", Map.of());
        m.put("list_symbols", Map.of());
        m.put("get_close_price", Map.of("symbol", IBM));
        m.put("get_db_schema", Map.of());
        m.put("run_select", Map.of("sql", "select 1"));
        m.put("list_jobs", Map.of());
        m.put("refresh_job_status", Map.of("job_id", jobId));
        m.put("backtest_status", Map.of("job_id", jobId));
        m.put("list_node_catalogue", Map.of());
        m.put("compose_graph", Map.of("spec", Json.readObject(StrategySpecs.EMA_CROSS)));
        m.put("get_session_registry", Map.of("session_id", "s1"));
        m.put("list_runs", Map.of("limit", 5));
        m.put("list_deleted_prices", Map.of("limit", 5));
        m.put("get_run", Map.of("run_id", runId));
        m.put("compare_to_history", Map.of("horizon", 5, "mode", "soft"));
        m.put("list_signals", Map.of());
        m.put("read_app_state", Map.of());
        m.put("read_app_log", Map.of("lines", 2));
        m.put("read_command_queue", Map.of());
        m.put("get_forecast", Map.of("symbol", IBM, "horizon", 5, "levels", List.of(0.5, 0.9)));
        m.put("get_reward_risk", Map.of("symbol", AA));
        m.put("get_backtest_error", Map.of("symbol", AA, "origins", "monthly", "eval_fraction", 0.5));
        m.put("get_chart_data", Map.of("symbol", AA, "days", 300));
        m.put("plot_chart", Map.of("symbol", IBM));
        m.put("render_chart", Map.of("symbol", IBM, "width", 400, "height", 300));
        m.put("list_forecast_models", Map.of());
        m.put("scan_forecasts", Map.of("symbols", List.of(IBM, AA), "min_reward_risk", 1.0, "top", 5));
        m.put("resolve_forecast_start", Map.of("symbol", AA, "as_of", "2000-06-30"));
        m.put("analogue_calibration", Map.of("horizon", 5, "step_days", 250, "warmup_days", 8000)); // a few replayed origins
        return m;
    }

    /** One invalid call per read tool that takes arguments; the others get an unknown argument. */
    static final Map<String, Map<String, Object>> INVALID = Map.ofEntries(
            Map.entry("negotiate_contract", Map.of("contract", "two")),
            Map.entry("focus_category", Map.of("category", "everything")),
            Map.entry("get_close_price", Map.of()),
            Map.entry("run_select", Map.of("sql", "select 1", "limit", 0)),
            Map.entry("refresh_job_status", Map.of()),
            Map.entry("backtest_status", Map.of("job_id", 7)),
            Map.entry("compose_graph", Map.of("spec", List.of())),
            Map.entry("get_session_registry", Map.of("session_id", 3)),
            Map.entry("list_runs", Map.of("limit", 0)),
            Map.entry("list_deleted_prices", Map.of("limit", 0)),
            Map.entry("get_run", Map.of("run_id", "run-1", "include_equity", "yes")),
            Map.entry("list_signals", Map.of("benchmark", true)),
            Map.entry("read_app_log", Map.of("lines", 5000)),
            Map.entry("list_symbols", Map.of("query", 1)),
            Map.entry("get_forecast", Map.of("symbol", IBM, "levels", List.of(0.8, 1.0))),
            Map.entry("get_reward_risk", Map.of("symbol", IBM, "horizon", 261)),
            Map.entry("get_backtest_error", Map.of("symbol", IBM, "eval_fraction", 0)),
            Map.entry("get_chart_data", Map.of("symbol", IBM, "days", 19)),
            Map.entry("plot_chart", Map.of("days", 100)),
            Map.entry("render_chart", Map.of("symbol", IBM, "width", 5000)),
            Map.entry("scan_forecasts", Map.of("min_reward_risk", -1)),
            Map.entry("resolve_forecast_start", Map.of("symbol", IBM, "as_of", "2024-02-30")),
            Map.entry("analogue_calibration", Map.of("step_dayz", 40)));

    @BeforeAll
    static void storeARun(@TempDir Path elsewhere) throws Exception {
        try (TappedApp once = TappedApp.start(engine, elsewhere)) {
            runId = (String) once.data("backtest", Map.of("spec", StrategySpecs.EMA_CROSS, "symbols", List.of(AA))).get("run_id");
        }
    }

    @BeforeEach
    void start() throws Exception {
        tools = ToolHarness.dispatcher(home, null);
        writeState(Instant.now().minusSeconds(30));
    }

    /** Starts a gather behind the runs gate as an agent would, held RUNNING by the provider until released. */
    String heldGather(String symbol) throws Exception {
        provider.hold();
        String id = (String) data(ToolHarness.dispatcher(home, "1").dispatch("gather_tickers", Map.of("symbols", List.of(symbol))))
                .get("job_id");
        assertTrue(provider.awaitHeldRequest(), "the gather asked the provider");
        return id;
    }

    void writeState(Instant updatedAt) throws Exception {
        Files.writeString(home.resolve("state.json"), Json.write(Map.of("version", "0.1.0", "active_view", "chart",
                "symbol_on_screen", "AAPL", "updated_at", updatedAt.toString())));
    }

    @Test
    void everyReadToolAnswersAValidCallAndRefusesAnInvalidOneWithoutWritingAFile() throws Exception {
        Files.createDirectories(home.resolve("commands/pending"));
        Files.writeString(home.resolve("commands/pending/cmd-1.json"), "{\"id\": \"cmd-1\", \"command\": \"open_chart\"}");
        String jobId = heldGather("MSFT.US"); // a job to ask about
        Map<String, Map<String, Object>> valid = valid(jobId);
        for (LauncherTool t : ToolCatalog.ALL) {
            if (t.toolClass() == ToolClass.READ) assertTrue(valid.containsKey(t.name()), "no valid call for " + t.name());
        }
        Map<Path, FileTime> before = snapshot(home);
        for (Map.Entry<String, Map<String, Object>> call : valid.entrySet()) {
            Envelope e = tools.dispatch(call.getKey(), call.getValue());
            assertTrue(e.ok(), () -> call.getKey() + ": " + e);
            Map<String, Object> bad = INVALID.getOrDefault(call.getKey(), Map.of("no_such_argument", 1));
            Envelope refused = tools.dispatch(call.getKey(), bad);
            assertEquals("invalid_input", refused.failReason(), () -> call.getKey() + ": " + refused);
            assertNull(refused.data());
        }
        assertEquals(before, snapshot(home), "read tools must not create, change or delete a file");
    }

    static Map<Path, FileTime> snapshot(Path root) throws Exception {
        Map<Path, FileTime> m = new LinkedHashMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted().toList()) m.put(p, Files.getLastModifiedTime(p));
        }
        return m;
    }

    @Test
    @SuppressWarnings("unchecked")
    void appStateComesFromDiskWithItsAgeAndNamesTheAbsenceOfTheApp() throws Exception {
        Map<String, Object> d = data(tools.dispatch("read_app_state", Map.of()));
        assertEquals("chart", ((Map<String, Object>) d.get("state")).get("active_view"));
        long age = ((Number) d.get("age_seconds")).longValue();
        assertTrue(age >= 30 && age < 3600, "age " + age);
        assertEquals(true, d.get("app_running"));
        assertNull(d.get("absence"));

        app.close();
        Files.delete(home.resolve("run/app.json"));
        Envelope closed = tools.dispatch("read_app_state", Map.of());
        assertEquals(false, data(closed).get("app_running"));
        assertEquals("app_not_running", data(closed).get("absence"));
        assertEquals("chart", ((Map<String, Object>) data(closed).get("state")).get("active_view"), "the last state it wrote");
        assertTrue(closed.clientHint().contains("not running"), closed.clientHint());

        Files.delete(home.resolve("state.json"));
        Envelope none = tools.dispatch("read_app_state", Map.of());
        assertEquals("app_not_running", none.failReason());
        assertTrue(none.clientHint().contains("start the Sextant app"), none.clientHint());
    }

    /** A 200 MB state.json (sparse: nothing that size is written) is refused naming its size, never read. */
    @Test
    void anOversizedStateFileIsRefusedUnread() throws Exception {
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(home.resolve("state.json").toFile(), "rw")) {
            f.setLength(200L << 20);
        }
        Envelope e = tools.dispatch("read_app_state", Map.of());
        assertEquals("app_error", e.failReason());
        assertTrue(e.error().endsWith("state.json: it is " + (200L << 20) + " bytes, more than the " + ReadAppState.MAX_BYTES
                + " bytes a state file may hold; not read"), e.error());
    }

    /** Attack 22, H5 and M1: read_app_state passes no gate, so a link or a FIFO in state.json's place is refused unopened. */
    @Test
    void aLinkOrAFifoInTheStateFilesPlaceIsRefusedUnread() throws Exception {
        Path state = home.resolve("state.json");
        Path secret = Files.writeString(home.resolve("elsewhere-creds.json"), "{\"active_view\": \"SECRET-CREDS-9\"}");
        Files.delete(state);
        Files.createSymbolicLink(state, secret);
        Envelope link = tools.dispatch("read_app_state", Map.of());
        assertEquals("app_error", link.failReason());
        assertEquals(state + " is a symbolic link, not read: the app writes state.json as a regular file", link.error());
        assertFalse(Json.write(link).contains("SECRET"), Json.write(link));

        Files.delete(state);
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", state.toString()).start().waitFor() == 0, "mkfifo is needed");
        // held open read-write (which does not block on Linux): a reader that opened the FIFO would get an empty file, not hang
        try (java.io.RandomAccessFile held = new java.io.RandomAccessFile(state.toFile(), "rw")) {
            Envelope fifo = tools.dispatch("read_app_state", Map.of());
            assertEquals(state + " is not a regular file (a pipe, socket or device), not read: the app writes state.json as a regular file",
                    fifo.error());
        }
    }

    /** Attack 22, H5: only the fields the app writes come back, and a provider's key written in clear is masked. */
    @Test
    @SuppressWarnings("unchecked")
    void theStateShowsOnlyTheFieldsTheAppWritesWithKeysMasked() throws Exception {
        Files.writeString(home.resolve("state.json"), "{\"version\": \"0.1.0\", \"zz_unknown\": \"SECRET-1\", \"active_view\": \"chart\","
                + " \"jobs\": {\"running\": 1, \"SECRET-2\": 3}, \"data\": {\"symbols\": 2, \"raw\": \"SECRET-3\"},"
                + " \"settings\": {\"default_provider\": \"p\", \"token\": \"SECRET-4\", \"providers\": {\"p\": {\"api_key\": \"SECRET-5\","
                + " \"url_template\": \"https://x.example/d?s={symbol}&apikey=SECRET-6\", \"extra\": \"SECRET-7\"}}},"
                + " \"mode\": {\"nested\": \"SECRET-8\"}, \"updated_at\": \"" + Instant.now() + "\"}");
        Map<String, Object> d = data(tools.dispatch("read_app_state", Map.of()));
        assertFalse(Json.write(d).contains("SECRET"), Json.write(d));
        Map<String, Object> state = (Map<String, Object>) d.get("state");
        assertEquals(List.of("version", "active_view", "jobs", "data", "settings", "updated_at"), List.copyOf(state.keySet()));
        assertEquals(Map.of("running", 1), state.get("jobs"));
        assertEquals(Map.of("api_key", "***", "url_template", "https://x.example/d?s={symbol}&apikey=***"),
                ((Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) state.get("settings")).get("providers")).get("p")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theCommandQueueListsPendingAndDoneNewestFirst() throws Exception {
        assertEquals(Map.of("pending", List.of(), "done", List.of()), data(tools.dispatch("read_command_queue", Map.of())));
        Files.createDirectories(home.resolve("commands/done"));
        Files.writeString(home.resolve("commands/done/cmd-1.json"), "{\"id\": \"cmd-1\", \"result\": {\"ok\": true}}");
        Files.writeString(home.resolve("commands/done/cmd-2.json"), "{\"id\": \"cmd-2\", \"result\": {\"ok\": false}}");
        Files.writeString(home.resolve("commands/done/notes.txt"), "ignored");
        List<Map<String, Object>> done = (List<Map<String, Object>>) data(tools.dispatch("read_command_queue", Map.of())).get("done");
        assertEquals(List.of("cmd-2.json", "cmd-1.json"), done.stream().map(m -> m.get("file")).toList());
        assertEquals(Map.of("ok", false), ((Map<String, Object>) done.get(0).get("command")).get("result"));
    }

    /** Attack pass 6, F4: the row bound of get_close_price reaches the app, whose answer says where to read on. */
    @Test
    void closePricesPassTheirLimitAndSayWhereToReadOn() {
        Map<String, Object> data = data(tools.dispatch("get_close_price", Map.of("symbol", IBM, "limit", 5)));
        assertEquals(Map.of("symbol", IBM, "limit", 5), app.lastArgs("get_close_price"));
        assertEquals(true, data.get("truncated"));
        assertEquals(5, data.get("count"));
        assertTrue(String.valueOf(data.get("note")).contains("ask again with start " + data.get("next_start")), String.valueOf(data.get("note")));
        Map<String, Object> moved = data(tools.dispatch("get_close_price", Map.of("symbol", "USDCHF", "interval", "30m", "limit", 1000)));
        String note = String.valueOf(moved.get("note"));
        assertTrue(moved.containsKey("resource_uri") && note.contains("ask again with start " + moved.get("next_start")), "the app's note survives the move: " + note);
        assertTrue(note.contains("MB of JSON"), note);
    }

    /**
     * attack 6 F3 and F12: read_command_queue passes no gate, so it shows only a record's known fields,
     * follows no link, and opens no FIFO (opening one waits for a writer: the call would hang).
     */
    @Test
    @SuppressWarnings("unchecked")
    void theCommandQueueShowsOnlyKnownFieldsAndFollowsNoLink() throws Exception {
        Path pending = Files.createDirectories(home.resolve("commands/pending"));
        Path done = Files.createDirectories(home.resolve("commands/done"));
        Path secret = Files.writeString(home.resolve("elsewhere-app.json"), "{\"token\": \"SECRET-TOKEN-7f3a\", \"port\": 1}");
        Files.createSymbolicLink(pending.resolve("cmd-link.json"), secret);
        Files.createSymbolicLink(done.resolve("cmd-link.json"), secret);
        // a done record as the app before this fix wrote it: the linked file's keys merged with the outcome
        Files.writeString(done.resolve("cmd-old.json"), "{\"token\": \"SECRET-TOKEN-7f3a\", \"id\": \"cmd-old\", \"command\": \"open_chart\","
                + " \"args\": {\"symbol\": \"AA\", \"note\": \"SECRET-ARG\"}, \"raw\": \"root:x:0:0\", \"state\": \"failed\", \"ok\": false}");
        boolean fifo = new ProcessBuilder("mkfifo", pending.resolve("cmd-fifo.json").toString()).start().waitFor() == 0;

        Map<String, Object> queue = data(tools.dispatch("read_command_queue", Map.of()));
        String shown = Json.write(queue);
        assertFalse(shown.contains("SECRET") || shown.contains("root:x"), shown);
        List<Map<String, Object>> doneList = (List<Map<String, Object>>) queue.get("done");
        Map<String, Object> old = doneList.stream().filter(m -> m.get("file").equals("cmd-old.json")).findFirst().orElseThrow();
        assertEquals(Map.of("id", "cmd-old", "command", "open_chart", "args", Map.of("symbol", "AA"), "state", "failed", "ok", false),
                old.get("command"));
        Map<String, Object> link = doneList.stream().filter(m -> m.get("file").equals("cmd-link.json")).findFirst().orElseThrow();
        assertEquals("a symbolic link, not read", link.get("error"));
        if (fifo) {
            List<Map<String, Object>> pendingList = (List<Map<String, Object>>) queue.get("pending");
            assertTrue(pendingList.contains(Map.of("file", "cmd-fifo.json", "error", "not a regular file, not read")), pendingList.toString());
        }
    }

    @Test
    void compareToHistoryPassesItsArgumentsUntouchedAndRefusesAnUnknownName() {
        Map<String, Object> args = Map.of("horizon", 5, "top_k", 20, "as_of", "2000-03-01", "recency_half_life_days", 0,
                "backfill_weight", 0.25, "dim_trust", Map.of("ret_1d", 2), "include_analogue_dates", true);
        data(tools.dispatch("compare_to_history", args));
        assertEquals(args, app.lastArgs("compare_to_history"), "values go to the app as given: it owns their bounds");
        Envelope unknown = tools.dispatch("compare_to_history", Map.of("horizonn", 5));
        assertInvalid(unknown, "horizonn");
        assertEquals(1, app.calls("compare_to_history"), "a misspelt name is refused before the app, which would ignore it");
    }

    @Test
    void statusToolsHintWhileTheJobRunsAndNameAnUnknownJob() throws Exception {
        String id = heldGather("IBM.US");
        Envelope running = tools.dispatch("refresh_job_status", Map.of("job_id", id));
        assertEquals("RUNNING", data(running).get("state"));
        assertTrue(running.clientHint().contains("refresh_job_status"), running.clientHint());
        provider.release();
        engine.jobs().await(id, java.time.Duration.ofMinutes(2));
        Envelope done = tools.dispatch("refresh_job_status", Map.of("job_id", id));
        assertEquals("SUCCEEDED", data(done).get("state"));
        assertNull(done.clientHint());
        assertEquals("job_unknown", tools.dispatch("refresh_job_status", Map.of("job_id", "gather-nope")).failReason());
        List<?> listed = (List<?>) data(tools.dispatch("list_jobs", Map.of())).get("jobs");
        assertEquals(app.data("list_jobs", Map.of()).get("jobs"), listed, "the app's jobs, as it lists them");
        assertTrue(listed.stream().anyMatch(j -> id.equals(((Map<?, ?>) j).get("id"))), listed::toString);
    }

    @Test
    @SuppressWarnings("unchecked")
    void negotiationAndManifestDescribeTheSurface() {
        Envelope other = tools.dispatch("negotiate_contract", Map.of("contract", LauncherInfo.TOOLS_CONTRACT + 1));
        assertEquals(false, data(other).get("compatible"));
        assertTrue(other.clientHint().contains("get_tool_manifest"), other.clientHint());
        assertEquals(true, data(tools.dispatch("negotiate_contract", Map.of("contract", LauncherInfo.TOOLS_CONTRACT)))
                .get("compatible"));

        List<Object> pagedNames = new java.util.ArrayList<>();
        Object offset = 0;
        int pages = 0;
        while (offset != null) {
            Map<String, Object> page = data(tools.dispatch("get_tool_manifest", Map.of("offset", offset)));
            assertEquals(ToolCatalog.ALL.size(), page.get("total"));
            List<Map<String, Object>> ts = (List<Map<String, Object>>) page.get("tools");
            assertTrue(ts.size() <= 10, "a page holds the default limit");
            ts.forEach(t -> pagedNames.add(t.get("name")));
            offset = page.get("next_offset");
            pages++;
        }
        assertEquals(ToolCatalog.ALL.stream().map(LauncherTool::name).toList(), pagedNames, "the pages cover the catalog once, in order");
        assertTrue(pages > 1);

        List<Map<String, Object>> appTools = (List<Map<String, Object>>) data(tools.dispatch("get_tool_manifest",
                Map.of("category", "app", "limit", 50))).get("tools");
        assertEquals(ToolCatalog.ALL.stream().filter(t -> t.category().equals("app")).map(LauncherTool::name).toList(),
                appTools.stream().map(m -> m.get("name")).toList());
        Map<String, Object> drive = appTools.stream().filter(m -> m.get("name").equals("drive_app")).findFirst().orElseThrow();
        assertEquals("runs + pilot", drive.get("gate"));
        assertEquals("write", drive.get("class"));
        assertEquals(false, drive.get("listed"), "not in the starter set");
        assertTrue(((Map<String, Object>) drive.get("input_schema")).containsKey("properties"));
        List<Map<String, Object>> one = (List<Map<String, Object>>) data(tools.dispatch("get_tool_manifest",
                Map.of("name", "scan_forecasts"))).get("tools");
        assertEquals(List.of("scan_forecasts"), one.stream().map(m -> m.get("name")).toList());
        assertInvalid(tools.dispatch("get_tool_manifest", Map.of("category", "everything")), "category");
        assertInvalid(tools.dispatch("get_tool_manifest", Map.of("name", "get_symbols_v2")), "name");
    }

    @Test
    void theSchemaComesOnceAsMarkdownByDefaultOrAsJsonOnRequest() {
        Map<String, Object> markdown = data(tools.dispatch("get_db_schema", Map.of()));
        assertEquals(java.util.Set.of("markdown"), markdown.keySet(), "not the same schema twice");
        Map<String, Object> json = data(tools.dispatch("get_db_schema", Map.of("format", "json")));
        assertEquals(java.util.Set.of("tables"), json.keySet());
        assertInvalid(tools.dispatch("get_db_schema", Map.of("format", "yaml")), "format");
    }

    @Test
    @SuppressWarnings("unchecked")
    void focusNarrowsTheListedToolsAndTellsTheServerOnce() {
        assertEquals(Categories.STARTER.stream().sorted().toList(), tools.tools().stream().filter(tools.context().focus()::listed)
                .map(LauncherTool::name).sorted().toList(), "a new session lists the starter set");
        int[] changes = {0};
        tools.context().focus().onChange(() -> changes[0]++);
        Map<String, Object> d = data(tools.dispatch("focus_category", Map.of("category", "jobs")));
        List<String> listed = (List<String>) d.get("listed");
        assertTrue(listed.containsAll(List.of("list_jobs", "cancel_job", "get_server_info", "show_all_tools")), listed.toString());
        assertFalse(listed.contains("run_select"));
        assertEquals(1, changes[0]);
        data(tools.dispatch("focus_category", Map.of("category", "jobs")));
        assertEquals(1, changes[0], "the same focus again changes nothing");
        assertTrue(tools.dispatch("run_select", Map.of("sql", "select 1")).ok(), "hidden tools stay callable");
        List<String> all = (List<String>) data(tools.dispatch("show_all_tools", Map.of())).get("listed");
        assertEquals(ToolCatalog.ALL.size(), all.size());
        assertEquals(2, changes[0]);
    }

    @Test
    void readToolsNeedNoRunsAndCallTheRightAppMethods() {
        data(tools.dispatch("read_app_log", Map.of("lines", 2)));
        assertEquals(Map.of("lines", 2), app.lastArgs("read_log"));
        data(tools.dispatch("compose_graph", Map.of("spec", "{\"nodes\": []}")));
        assertEquals(Map.of("spec", "{\"nodes\": []}"), app.lastArgs("compose_graph"));
        data(tools.dispatch("list_node_catalogue", Map.of()));
        data(tools.dispatch("list_signals", Map.of("benchmark", "NYSE")));
        assertEquals(Map.of("benchmark", "NYSE"), app.lastArgs("list_signals"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void forecastToolsPassTheirArgumentsAndRewardRiskKeepsOnlyItsPart() throws Exception {
        Map<String, Object> f = data(tools.dispatch("get_forecast", Map.of("symbol", IBM, "model", "naive",
                "horizon", 5, "levels", List.of(0.5, 0.9))));
        assertEquals(Map.of("symbol", IBM, "model", "naive", "horizon", 5, "levels", List.of(0.5, 0.9)),
                app.lastArgs("get_forecast"));
        assertEquals(2, ((List<?>) f.get("reward_risk")).size());

        Map<String, Object> rr = data(tools.dispatch("get_reward_risk", Map.of("symbol", AA, "horizon", 10)));
        assertEquals(List.of("symbol", "model", "origin", "last_close", "reward_risk"), List.copyOf(rr.keySet()));
        assertEquals(Map.of("symbol", AA, "horizon", 10), app.lastArgs("get_forecast"), "default levels: the app's 80/95/99");
        double[] closes = engine.getClosePrice(AA, null, null).close();
        assertEquals(closes[closes.length - 1], rr.get("last_close"));
        assertEquals(List.of(0.8, 0.95, 0.99), ((List<Map<String, Object>>) rr.get("reward_risk")).stream().map(m -> m.get("level")).toList());

        Envelope every = tools.dispatch("get_backtest_error", Map.of("symbol", AA, "every", 10, "eval_fraction", 0.5));
        assertInvalid(every, "every");
        assertTrue(every.error().contains("renamed 'origins'") && every.clientHint().contains("origins"), every::toString);
        assertEquals(null, app.lastArgs("get_backtest_error"), "refused before the app");
        data(tools.dispatch("get_backtest_error", Map.of("symbol", AA, "origins", "10", "eval_fraction", 0.5)));
        assertEquals(Map.of("symbol", AA, "origins", "10", "eval_fraction", 0.5), app.lastArgs("get_backtest_error"));
        data(tools.dispatch("get_backtest_error", Map.of("symbol", AA, "origins", "weekly")));
        assertEquals(Map.of("symbol", AA, "origins", "weekly"), app.lastArgs("get_backtest_error"));
        data(tools.dispatch("get_backtest_error", Map.of("symbol", AA, "origins", "60", "levels", List.of(0.5))));
        assertEquals(Map.of("symbol", AA, "origins", "60", "levels", List.of(0.5)), app.lastArgs("get_backtest_error"),
                "the levels asked for reach the app (they were dropped)");
        // of bars: the forecast of the bars, the ratios from the last bar's close
        Map<String, Object> bars = data(tools.dispatch("get_reward_risk", Map.of("symbol", "USDCHF", "interval", "4h", "horizon", 3)));
        assertEquals(List.of("symbol", "model", "origin", "last_close", "reward_risk", "interval", "origin_ts"), List.copyOf(bars.keySet()));
        assertEquals(Map.of("symbol", "USDCHF", "interval", "4h", "horizon", 3), app.lastArgs("get_forecast"));
        assertEquals("4h", bars.get("interval"));
        assertEquals(3, ((List<?>) bars.get("reward_risk")).size());
        // no interval: a symbol with bars only at its finest, as its chart; the answer says so
        Map<String, Object> finest = data(tools.dispatch("get_reward_risk", Map.of("symbol", "USDCHF", "model", "naive", "horizon", 2, "calibration", "model")));
        assertEquals("30m", finest.get("interval"));
        assertTrue(String.valueOf(finest.get("interval_note")).contains("its finest stored bars (30m) were used"), finest::toString);
        data(tools.dispatch("get_reward_risk", Map.of("symbol", AA, "calibration", "model")));
        assertEquals(Map.of("symbol", AA, "calibration", "model"), app.lastArgs("get_forecast"), "reward/risk of the bands asked for");

        data(tools.dispatch("get_forecast", Map.of("symbol", IBM, "calibration", "Adaptive")));
        assertEquals(Map.of("symbol", IBM, "calibration", "adaptive"), app.lastArgs("get_forecast"), "the bands asked for reach the app");
        Envelope refused = tools.dispatch("get_forecast", Map.of("symbol", IBM, "calibration", "bayesian"));
        assertEquals("invalid_input", refused.failReason(), refused::toString);
        assertTrue(refused.error().contains("calibration") && refused.clientHint().contains("conformal"), refused::toString);

        // an interval's case is its unit: "1M" (a month in pandas) once reached the app as 1m, a minute
        int closeCalls = app.calls("get_close_price");
        for (String tool : List.of("get_close_price", "get_forecast", "get_reward_risk")) {
            Envelope month = tools.dispatch(tool, Map.of("symbol", IBM, "interval", "1M"));
            assertInvalid(month, "interval");
            assertTrue(month.error().contains("\"1M\" is not one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo (letter case counts here)"), month::toString);
            assertTrue(month.clientHint().contains("1m is a minute, 1mo a month"), month::toString);
        }
        assertEquals(closeCalls, app.calls("get_close_price"), "refused before the app");
        data(tools.dispatch("get_forecast", Map.of("symbol", IBM, "interval", " 1mo ")));
        assertEquals(Map.of("symbol", IBM, "interval", "1mo"), app.lastArgs("get_forecast"), "spaces around a listed interval are still read");

        Envelope unknown = tools.dispatch("get_reward_risk", Map.of("symbol", "NOPE"));
        assertEquals("not_found", unknown.failReason(), unknown::toString);
        assertTrue(unknown.error().contains("symbol"), unknown.error());
        assertInvalid(tools.dispatch("get_forecast", Map.of("symbol", IBM, "levels", "0.9")), "levels");
        assertInvalid(tools.dispatch("get_forecast", Map.of("symbol", IBM, "levels", List.of())), "levels");
        assertInvalid(tools.dispatch("get_backtest_error", Map.of("symbol", IBM, "eval_fraction", "half")), "eval_fraction");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aChartArrivesAsColumnsAndAWindowOverTheAnswerBudgetAsAPreviewPlusTheWholeAnswer() {
        Map<String, Object> year = data(tools.dispatch("get_chart_data", Map.of("symbol", AA)));
        Map<String, Object> closes = (Map<String, Object>) year.get("closes");
        assertEquals(250, ((List<?>) closes.get("dates")).size(), "the default window is one answer");
        assertEquals(250, ((List<?>) closes.get("close")).size());
        assertTrue(year.containsKey("forecast") && year.containsKey("plot_hints"));

        Map<String, Object> same = data(tools.dispatch("plot_chart", Map.of("symbol", AA, "days", 250)));
        assertEquals(year, same, "plot_chart is get_chart_data under another name");
        data(tools.dispatch("get_chart_data", Map.of("symbol", AA, "overlays", true)));
        assertEquals(true, ((Map<String, Object>) app.lastArgs("get_chart_data")).get("overlays"), "overlays reach the app");

        Map<String, Object> long_ = data(tools.dispatch("get_chart_data", Map.of("symbol", NYSE, "days", 3000)));
        assertEquals(true, long_.get("truncated"));
        assertFalse(long_.containsKey("closes"));
        Map<String, Object> preview = (Map<String, Object>) long_.get("preview");
        Map<String, Object> dates = (Map<String, Object>) ((Map<String, Object>) preview.get("closes")).get("dates");
        assertEquals(3000, dates.get("count"), "the preview says how long each cut list is");
        String uri = (String) long_.get("resource_uri");
        List<?> rows = tools.context().tables().get(uri.substring(uri.lastIndexOf('/') + 1)).orElseThrow().rows();
        Map<String, Object> whole = (Map<String, Object>) rows.get(0);
        assertEquals(3000, ((List<?>) ((Map<String, Object>) whole.get("closes")).get("dates")).size(), "nothing is lost");
    }

    @Test
    @SuppressWarnings("unchecked")
    void forecastScanAndStartPassTheirArgumentsAndTheirBoundsAreCheckedFirst() throws Exception {
        Map<String, Object> scan = data(tools.dispatch("scan_forecasts", Map.of("symbols", List.of(IBM, AA),
                "model", "naive", "horizon", 10, "level", 0.95, "min_reward_risk", 1.0, "top", 3)));
        assertEquals(Map.of("symbols", List.of(IBM, AA), "model", "naive", "horizon", 10, "level", 0.95,
                "min_reward_risk", 1.0, "top", 3), app.lastArgs("scan_forecasts"));
        Map<String, Object> appScan = app.data("scan_forecasts", Map.of("symbols", List.of(IBM, AA),
                "model", "naive", "horizon", 10, "level", 0.95, "min_reward_risk", 1.0, "top", 3));
        assertEquals(appScan.get("rows"), scan.get("rows"), "the app's ranking, as it answers it");
        assertTrue(((List<Map<String, Object>>) scan.get("rows")).stream()
                .allMatch(r -> ((Number) r.get("reward_risk_95")).doubleValue() >= 1.0), scan::toString);
        int before = app.calls("scan_forecasts");
        assertInvalid(tools.dispatch("scan_forecasts", Map.of("top", 1001)), "top");
        assertInvalid(tools.dispatch("scan_forecasts", Map.of("level", 0.9)), "level");
        assertInvalid(tools.dispatch("scan_forecasts", Map.of("calibration", "best")), "calibration");
        assertInvalid(tools.dispatch("scan_forecasts", Map.of("symbols", java.util.Collections.nCopies(1001, "X"))), "symbols");
        assertEquals(before, app.calls("scan_forecasts"), "refused in the launcher, nothing sent");
        data(tools.dispatch("scan_forecasts", Map.of("symbols", List.of(IBM), "level", 99, "calibration", "adaptive",
                "as_of", "2000-06-30", "min_history", 100)));
        assertEquals(Map.of("symbols", List.of(IBM), "level", 99.0, "calibration", "adaptive", "as_of", "2000-06-30", "min_history", 100),
                app.lastArgs("scan_forecasts"), "a level in percent is passed as the app accepts it");

        Map<String, Object> start = data(tools.dispatch("resolve_forecast_start", Map.of("symbol", IBM)));
        assertEquals(Map.of("symbol", IBM), app.lastArgs("resolve_forecast_start"));
        assertEquals(app.data("resolve_forecast_start", Map.of("symbol", IBM)).get("start_date"), start.get("start_date"));
        assertInvalid(tools.dispatch("resolve_forecast_start", Map.of()), "symbol");
        assertEquals("not_found", tools.dispatch("resolve_forecast_start", Map.of("symbol", "NOPE")).failReason());

        Map<String, Object> models = data(tools.dispatch("list_forecast_models", Map.of()));
        assertEquals("theta", models.get("default"));
        // the read tools' home has no trained global model: the models that need one say so
        assertEquals(List.of("comb_global", "global"), models.get("needs_training"));
        Map<String, Object> calibration = Map.of("horizon", 3, "warmup_days", 8000, "step_days", 250, "include_points", false);
        data(tools.dispatch("analogue_calibration", calibration));
        assertEquals(calibration, app.lastArgs("analogue_calibration"), "the matcher's knobs reach the app untouched");
    }

    @Test
    void renderChartSendsThePictureAsImageContentBesideAShortEnvelope() {
        Envelope e = tools.dispatch("render_chart", Map.of("symbol", AA, "days", 250, "width", 800, "height", 450));
        Map<String, Object> d = data(e);
        assertEquals(Map.of("symbol", AA, "days", 250, "width", 800, "height", 450), app.lastArgs("render_chart"));
        assertFalse(d.containsKey("png_base64"), "no base64 in the envelope's JSON");
        assertEquals(List.of(new Envelope.Image("image/png", TappedApp.PNG_1X1)), e.images());
        assertTrue(String.valueOf(d.get("image")).contains("800x450"), d.toString());
        assertInvalid(tools.dispatch("render_chart", Map.of("symbol", AA, "height", 100)), "height");
        assertEquals(List.of(), tools.dispatch("render_chart", Map.of("symbol", "NOPE")).images());
    }
}
