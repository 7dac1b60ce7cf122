package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.tools.ToolHarness.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.StrategySpecs;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.tables.LargeResult;

/** list_runs, get_run and export_report against the app on a stored 240-configuration run: arguments passed, large parts shrunk, the write gated. */
class RunToolsTest extends AgainstTheApp {
    /** A run of {@link StrategySpecs#SWEEP_240} on AA and IBM in session s1, stored once for the class. */
    static String runId;

    @BeforeAll
    static void storeARun(@TempDir Path elsewhere) throws Exception {
        try (TappedApp once = TappedApp.start(engine, elsewhere)) {
            runId = (String) once.data("backtest", Map.of("spec", StrategySpecs.SWEEP_240,
                    "symbols", List.of("AA", "IBM"), "session_id", "s1")).get("run_id");
        }
    }

    @Test
    void listRunsPassesTheFilterAndLimit() {
        Map<String, Object> d = data(ToolHarness.dispatcher(home, null).dispatch("list_runs", Map.of("session_id", "s1", "limit", 3)));
        assertEquals(1, d.get("count"));
        assertEquals(Map.of("session_id", "s1", "limit", 3), app.lastArgs("list_runs"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void getRunFlattensConfigurationsIntoScatterRowsAndShrinksLongParts() throws Exception {
        ToolDispatcher tools = ToolHarness.dispatcher(home, null);
        Map<String, Object> lean = data(tools.dispatch("get_run", Map.of("run_id", runId)));
        assertEquals(List.of(), lean.get("configurations"), "no lists unless asked for");
        assertEquals(Map.of("run_id", runId), app.lastArgs("get_run"));

        Map<String, Object> full = data(tools.dispatch("get_run", Map.of("run_id", runId,
                "include_configurations", true, "include_equity", true)));
        Map<String, Object> stored = app.data("get_run", Map.of("run_id", runId, "include_configurations", true, "include_equity", true));
        // 240 configurations exceed the inline limit: preview + resource, the rows flattened for a scatter.
        assertEquals(240, ((List<?>) stored.get("configurations")).size());
        assertEquals(false, full.get("rows_returned"));
        assertTrue(((String) full.get("resource_uri")).startsWith("sextant://table/"));
        Map<String, Object> first = ((List<Map<String, Object>>) ((Map<String, Object>) full.get("preview")).get("first")).get(0);
        assertEquals(List.copyOf(first.keySet()), GetRun.CONFIGURATION_COLUMNS);
        Map<String, Object> storedFirst = ((List<Map<String, Object>>) stored.get("configurations")).get(0);
        assertEquals(((Map<String, Object>) storedFirst.get("in_sample")).get("sharpe"), first.get("is_sharpe"));
        assertEquals(((Map<String, Object>) storedFirst.get("out_of_sample")).get("sharpe"), first.get("oos_sharpe"));
        assertEquals(storedFirst.get("p_value"), first.get("p_value"), "the configuration's single-test p-value");
        assertTrue(first.get("p_value") instanceof Number p && p.doubleValue() > 0 && p.doubleValue() <= 1, first.toString());
        assertEquals(storedFirst.get("log10_p_value"), first.get("log10_p_value"), "its log, exact where the p-value underflows");
        Map<String, Object> curve = ((List<Map<String, Object>>) full.get("equity")).get(0);
        Map<String, Object> storedCurve = ((List<Map<String, Object>>) stored.get("equity")).get(0);
        List<?> dates = (List<?>) storedCurve.get("dates");
        List<Number> equity = (List<Number>) storedCurve.get("equity");
        assertEquals("best", curve.get("role"));
        assertEquals(dates.get(((Number) storedCurve.get("oos_index")).intValue()), curve.get("oos_start"));
        double worst = ((List<Number>) storedCurve.get("drawdown")).stream().mapToDouble(Number::doubleValue).min().orElseThrow();
        assertTrue(worst < 0, "the sample's AA and IBM had drawdowns: " + worst);
        assertEquals(-worst, ((Number) curve.get("max_drawdown")).doubleValue(), 1e-12);
        assertEquals(equity.get(equity.size() - 1).doubleValue(), ((Number) curve.get("final_equity")).doubleValue(), 1e-12);
        assertEquals(dates.size(), ((Map<String, Object>) curve.get("summary")).get("count"));
        assertTrue(dates.size() > LargeResult.ROW_LIMIT, "a curve of " + dates.size() + " days");
        assertFalse(curve.containsKey("rows"), dates.size() + " rows > " + LargeResult.ROW_LIMIT + " go to a resource");

        Envelope unknown = tools.dispatch("get_run", Map.of("run_id", "nope"));
        assertEquals("not_found", unknown.failReason());
    }

    @Test
    void exportReportIsAGatedWriteAndPdfIsRefusedNamingTheFormat() {
        Envelope refused = ToolHarness.dispatcher(home, null).dispatch("export_report", Map.of("run_id", runId));
        assertEquals("runs_disabled", refused.failReason());
        assertEquals(0, app.calls("export_report"));

        ToolDispatcher allowed = ToolHarness.dispatcher(home, "1");
        Map<String, Object> d = data(allowed.dispatch("export_report", Map.of("run_id", runId, "path", "mine.html")));
        assertTrue(((String) d.get("path")).endsWith(".html"));
        assertTrue(Files.isRegularFile(Path.of((String) d.get("path"))), "the app wrote the report it names");
        assertEquals(Map.of("run_id", runId, "path", "mine.html"), app.lastArgs("export_report"));
        Envelope pdf = allowed.dispatch("export_report", Map.of("run_id", runId, "format", "pdf"));
        assertEquals("invalid_input", pdf.failReason());
        assertTrue(pdf.error().contains("html"), pdf.toString());
        ToolHarness.assertInvalid(allowed.dispatch("export_report", Map.of()), "run_id");
    }
}
