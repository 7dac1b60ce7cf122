package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.tools.ToolHarness.data;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.FakeApp;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.tables.LargeResult;

/** list_runs, get_run and export_report against the fake app: arguments passed, large parts shrunk, the write gated. */
class RunToolsTest {
    @TempDir
    Path home;
    FakeApp app;

    @BeforeEach
    void start() throws Exception {
        app = new FakeApp(home).start();
    }

    @AfterEach
    void stop() {
        app.close();
    }

    @Test
    void listRunsPassesTheFilterAndLimit() {
        Map<String, Object> d = data(ToolHarness.dispatcher(home, null).dispatch("list_runs", Map.of("session_id", "s1", "limit", 3)));
        assertEquals(1, d.get("count"));
        assertEquals(Map.of("session_id", "s1", "limit", 3), app.lastArgs("list_runs"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void getRunFlattensConfigurationsIntoScatterRowsAndShrinksLongParts() {
        ToolDispatcher tools = ToolHarness.dispatcher(home, null);
        Map<String, Object> lean = data(tools.dispatch("get_run", Map.of("run_id", FakeApp.RUN_ID)));
        assertEquals(List.of(), lean.get("configurations"), "no lists unless asked for");
        assertEquals(Map.of("run_id", FakeApp.RUN_ID), app.lastArgs("get_run"));

        Map<String, Object> full = data(tools.dispatch("get_run", Map.of("run_id", FakeApp.RUN_ID,
                "include_configurations", true, "include_equity", true)));
        // 240 configurations exceed the inline limit: preview + resource, the rows flattened for a scatter.
        assertEquals(false, full.get("rows_returned"));
        assertTrue(((String) full.get("resource_uri")).startsWith("sextant://table/"));
        Map<String, Object> first = ((List<Map<String, Object>>) ((Map<String, Object>) full.get("preview")).get("first")).get(0);
        assertEquals(List.copyOf(first.keySet()), GetRun.CONFIGURATION_COLUMNS);
        assertEquals(0.0, ((Number) first.get("is_sharpe")).doubleValue());
        Map<String, Object> curve = ((List<Map<String, Object>>) full.get("equity")).get(0);
        assertEquals("best", curve.get("role"));
        assertEquals(FakeApp.FIRST.plusDays(200).toString(), curve.get("oos_start"));
        assertEquals(0.25, ((Number) curve.get("max_drawdown")).doubleValue(), 1e-12);
        assertEquals(1.299, ((Number) curve.get("final_equity")).doubleValue(), 1e-12);
        assertEquals(300, ((Map<String, Object>) curve.get("summary")).get("count"));
        assertFalse(curve.containsKey("rows"), "300 rows > " + LargeResult.ROW_LIMIT + " go to a resource");

        Envelope unknown = tools.dispatch("get_run", Map.of("run_id", "nope"));
        assertEquals("not_found", unknown.failReason());
    }

    @Test
    void exportReportIsAGatedWriteAndPdfIsRefusedNamingTheFormat() {
        Envelope refused = ToolHarness.dispatcher(home, null).dispatch("export_report", Map.of("run_id", FakeApp.RUN_ID));
        assertEquals("runs_disabled", refused.failReason());
        assertEquals(0, app.calls("export_report"));

        ToolDispatcher allowed = ToolHarness.dispatcher(home, "1");
        Map<String, Object> d = data(allowed.dispatch("export_report", Map.of("run_id", FakeApp.RUN_ID, "path", "mine.html")));
        assertTrue(((String) d.get("path")).endsWith(".html"));
        assertEquals(Map.of("run_id", FakeApp.RUN_ID, "path", "mine.html"), app.lastArgs("export_report"));
        Envelope pdf = allowed.dispatch("export_report", Map.of("run_id", FakeApp.RUN_ID, "format", "pdf"));
        assertEquals("invalid_input", pdf.failReason());
        assertTrue(pdf.error().contains("html"), pdf.toString());
        ToolHarness.assertInvalid(allowed.dispatch("export_report", Map.of()), "run_id");
    }
}
