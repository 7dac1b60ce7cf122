package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.research.QueuedBacktestRecheckTest;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A backtest over closes holding an unadjusted split (attack 12, M2: out-of-sample CAGR +99.5% where the adjusted closes
 * give -2.5%) carries the symbol's data_warning, word for word as get_forecast's, in its warnings, and its verdict cites
 * it with its date and window; the stored run (get_run, list_runs' verdict, the report) keeps both. At an interval too.
 */
class BacktestDataWarningRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    private static String backtest(String symbol, String interval) {
        return "{\"spec\":" + Json.MAPPER.valueToTree(QueuedBacktestRecheckTest.SPEC) + ",\"symbols\":[\"" + symbol + "\"],\"session_id\":\"m2\""
                + (interval == null ? "" : ",\"interval\":\"" + interval + "\"") + "}";
    }

    @Test
    void aBacktestOverAnUnadjustedSplitWarnsAndItsVerdictCitesIt(@TempDir Path dir) throws Exception {
        LocalDate day = SplitWarningRoutesTest.splitx(dir.resolve("SPLITX.csv")); // a 10:1 split 20 closes before the end: out of sample
        engine.importPrices(List.of(dir.resolve("SPLITX.csv")));
        String w = call("get_forecast", "{\"symbol\":\"SPLITX\",\"horizon\":5}").get("data_warning").asString();
        assertTrue(w.startsWith("SPLITX: probable unadjusted split(s): on " + day + " the close fell to x") && w.contains("a 10:1 split. "), w);

        JsonNode run = call("backtest", backtest("SPLITX", null));
        assertTrue(strings(run.get("warnings")).contains(w), run.get("warnings").toString());
        String cited = "the closes hold SPLITX a 10:1 split on " + day + " (out of sample), each read as a real move";
        assertTrue(run.get("verdict_text").asString().contains(cited), run.get("verdict_text").asString());
        assertTrue(strings(run.get("reasons")).stream().anyMatch(r -> r.startsWith(cited)), run.get("reasons").toString());

        String id = run.get("run_id").asString();
        JsonNode stored = call("get_run", "{\"run_id\":\"" + id + "\"}");
        assertTrue(strings(stored.get("warnings")).contains(w), stored.get("warnings").toString());
        assertTrue(stored.get("info").get("verdict_text").asString().contains(cited), stored.toString());
        JsonNode rows = call("list_runs", "{\"session_id\":\"m2\"}");
        assertTrue(rows.toString().contains(cited), rows.toString());
        JsonNode report = call("export_report", "{\"run_id\":\"" + id + "\"}");
        String html = Files.readString(Path.of(report.get("path").asString()));
        assertTrue(html.contains("SPLITX: probable unadjusted split(s): on " + day), report.toString());
    }

    /** Hourly bars x1.5 from the 200th on (in sample): the run names the bar by its open time, as a bar forecast does. */
    @Test
    void aBarRunNamesTheBarOfTheSplitAsABarForecastDoes(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(SplitWarningRoutesTest.hourly(dir.resolve("STEPH.csv"), 0)));
        String w = call("get_forecast", "{\"symbol\":\"STEPH\",\"horizon\":5,\"interval\":\"1h\"}").get("data_warning").asString();
        assertTrue(w.startsWith("STEPH: probable unadjusted split(s): on 2010-") && w.contains("Z the close rose") && w.contains("a 2:3 reverse split. "), w);

        JsonNode run = call("backtest", backtest("STEPH", "1h"));
        assertTrue(strings(run.get("warnings")).contains(w), run.get("warnings").toString());
        String bar = w.substring(w.indexOf(" on ") + 4, w.indexOf(" the close"));
        assertTrue(run.get("verdict_text").asString().contains("STEPH a 2:3 reverse split on " + bar + " (in sample)"), run.get("verdict_text").asString());
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }
}
