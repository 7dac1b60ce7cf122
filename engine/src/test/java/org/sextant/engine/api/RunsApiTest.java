package org.sextant.engine.api;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import tools.jackson.databind.JsonNode;

/** list_runs, get_run and export_report over HTTP, after a backtest on the shipped sample universe. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunsApiTest {
    private static final String TOKEN = "t0ken";
    private static final String SPEC = "{\"version\":1,\"name\":\"ema cross\",\"nodes\":{"
            + "\"close\":{\"type\":\"price\"},"
            + "\"fast\":{\"type\":\"ema\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":[10,20,30]}},"
            + "\"slow\":{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":[100,200]}},"
            + "\"cross\":{\"type\":\"crossover\",\"inputs\":{\"fast\":\"fast\",\"slow\":\"slow\"}},"
            + "\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"cross\"}},"
            + "\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
            + "\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}}}";
    private Path dir;
    @TempSextant private Sextant engine;
    private LocalApiServer api;
    private final HttpClient http = HttpClient.newHttpClient();
    private String runId;

    @BeforeAll
    void start() throws Exception {
        dir = engine.home().root();
        api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state");
        JsonNode summary = ok(post("backtest", "{\"spec\":" + SPEC + ",\"symbols\":[\"AA\",\"KO\"],\"session_id\":\"api\",\"selected_configuration\":1}"));
        runId = summary.get("run_id").asString();
    }

    @AfterAll
    void stop() {
        api.close();
        engine.close();
    }

    private HttpResponse<String> post(String method, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode ok(HttpResponse<String> r) {
        assertEquals(200, r.statusCode(), r.body());
        return Json.MAPPER.readTree(r.body()).get("data");
    }

    private static String field(HttpResponse<String> r, int status) {
        assertEquals(status, r.statusCode(), r.body());
        return Json.MAPPER.readTree(r.body()).get("field").asString();
    }

    @Test
    void listsAndReadsTheRunWithItsScatterAndCurves() throws Exception {
        JsonNode list = ok(post("list_runs", "{\"session_id\":\"api\",\"limit\":5}"));
        assertEquals(1, list.get("count").asInt());
        JsonNode info = list.get("runs").get(0);
        assertEquals(runId, info.get("run_id").asString());
        assertEquals("ema cross", info.get("name").asString());
        assertEquals(6, info.get("configurations").asInt());

        JsonNode lean = ok(post("get_run", "{\"run_id\":\"" + runId + "\"}"));
        assertEquals(0, lean.get("configurations").size());
        assertEquals(0, lean.get("equity").size());
        assertEquals(1, lean.get("selected_configuration").asInt());
        assertTrue(lean.get("statistics").has("dsr") && lean.get("statistics").has("placebo_pvalue"), lean.get("statistics").toString());

        JsonNode full = ok(post("get_run", "{\"run_id\":\"" + runId + "\",\"include_configurations\":true,\"include_equity\":true}"));
        assertEquals(6, full.get("configurations").size());
        JsonNode c0 = full.get("configurations").get(0);
        assertTrue(c0.get("in_sample").has("sharpe") && c0.get("out_of_sample").has("sharpe"));
        // each configuration's single-test p-value, the one Holm and BHY adjust, and its log (exact where the p-value underflows)
        for (JsonNode c : full.get("configurations")) {
            double p = c.get("p_value").asDouble();
            assertTrue(p > 0 && p <= 1, c.toString());
            assertEquals(Math.log10(p), c.get("log10_p_value").asDouble(), 1e-9, c.toString());
        }
        assertEquals(3, full.get("equity").size(), "best, selected and the benchmark's");
        JsonNode best = full.get("equity").get(0);
        assertEquals("best", best.get("role").asString());
        assertEquals(best.get("dates").size(), best.get("equity").size());
        assertEquals("selected", full.get("equity").get(1).get("role").asString());
        assertEquals(1, full.get("equity").get(1).get("configuration").asInt());
        assertEquals("benchmark", full.get("equity").get(2).get("role").asString());
        assertEquals(best.get("dates"), full.get("equity").get(2).get("dates"), "on the run's dates");
        JsonNode benchmark = full.get("benchmark");
        assertTrue(benchmark.get("holds").asString().contains("held at 1/"), benchmark.toString());
        assertTrue(benchmark.get("out_of_sample").has("sharpe") && benchmark.has("sharpe_difference_out_of_sample"), benchmark.toString());
        assertTrue(lean.has("benchmark") && lean.get("benchmark").has("in_sample"), "without equity too: " + lean);
    }

    @Test
    void exportsTheReportAndRefusesBadFieldsByName() throws Exception {
        JsonNode w = ok(post("export_report", "{\"run_id\":\"" + runId + "\"}"));
        Path path = Path.of(w.get("path").asString());
        assertTrue(path.startsWith(dir.toAbsolutePath().normalize().resolve("reports")), path.toString());
        assertTrue(Files.readString(path).contains("ema cross"));
        assertEquals("format", field(post("export_report", "{\"run_id\":\"" + runId + "\",\"format\":\"pdf\"}"), 400));
        assertEquals("path", field(post("export_report", "{\"run_id\":\"" + runId + "\",\"path\":\"/tmp/x.html\"}"), 400));
        assertEquals("run_id", field(post("get_run", "{}"), 400));
        assertEquals("run_id", field(post("get_run", "{\"run_id\":\"missing\"}"), 404));
        assertEquals("limit", field(post("list_runs", "{\"limit\":0}"), 400));
        assertEquals("include_equity", field(post("get_run", "{\"run_id\":\"" + runId + "\",\"include_equity\":\"maybe\"}"), 400));
    }
}
