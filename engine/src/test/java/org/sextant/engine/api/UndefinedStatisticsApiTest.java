package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A backtest whose strategy never holds a position (its entry level is below every price) has
 * returns that never vary and so no Sharpe ratio to test: its PSR, DSR and track record are
 * undefined, and the answers say null (a typed client read "NaN", a string, where a number belongs).
 */
class UndefinedStatisticsApiTest {
    private static final String TOKEN = "t0ken";
    @TempSextant private Sextant engine;
    private final HttpClient http = HttpClient.newHttpClient();
    /** Enters long below a close of 0.001, which no price reaches: no position, no trade, returns of 0. */
    static final String NEVER_ENTERS = """
            {"version": 1, "name": "never enters", "nodes": {
              "close": {"type": "price"},
              "low": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": 0.001, "exit_above": 1000000}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "low"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}}}}""";

    @Test
    void undefinedStatisticsAreNullInTheBacktestAndTheRunList() throws Exception {
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state")) {
            String backtest = body(api, "backtest", "{\"spec\":" + NEVER_ENTERS + ",\"symbols\":[\"KO\"],\"session_id\":\"flat\"}");
            JsonNode summary = Json.MAPPER.readTree(backtest).get("data");
            for (String k : List.of("psr", "psr_out_of_sample", "dsr", "min_track_record_years")) {
                assertTrue(summary.has(k) && summary.get(k).isNull(), k + " in " + summary);
            }
            assertNoTextNumbers(backtest);
            String runs = body(api, "list_runs", "{\"session_id\":\"flat\"}");
            JsonNode run = Json.MAPPER.readTree(runs).get("data").get("runs").get(0);
            assertTrue(run.get("dsr").isNull(), run.toString());
            assertNoTextNumbers(runs);
            assertNoTextNumbers(body(api, "get_run", "{\"run_id\":\"" + summary.get("run_id").asString() + "\"}"));
        }
    }

    private static void assertNoTextNumbers(String body) {
        for (String s : List.of("\"NaN\"", "\"Infinity\"", "\"-Infinity\"")) assertFalse(body.contains(s), s + " in " + body);
    }

    private String body(LocalApiServer api, String method, String json) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }
}
