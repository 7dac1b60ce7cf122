package org.sextant.engine.api;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.util.List;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import tools.jackson.databind.JsonNode;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalApiServerTest {
    private static final String TOKEN = "t0ken";
    @TempSextant(dowRows = true) private Sextant engine;
    private LocalApiServer api;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start() throws Exception {
        api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state");
    }

    @AfterAll
    void stop() {
        api.close();
        engine.close();
    }

    private HttpResponse<String> post(String method, String body, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/" + method))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) b.header("Authorization", "Bearer " + token);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The data of a call that must answer 200. */
    private JsonNode data(String method, String body) throws Exception {
        HttpResponse<String> r = post(method, body, TOKEN);
        assertEquals(200, r.statusCode(), r.body());
        return Json.MAPPER.readTree(r.body()).get("data");
    }

    @Test
    void servesCloses() throws Exception {
        JsonNode data = data("get_close_price", "{\"symbol\":\"aa\",\"start\":\"2000-12-29\"}");
        assertEquals("AA", data.get("symbol").asString());
        assertEquals(2, data.get("count").asInt());
        assertEquals("2000-12-29", data.get("rows").get(0).get("date").asString());
        assertEquals(33.11, data.get("rows").get(0).get("close").asDouble(), 0);
    }

    /** What the caller sent comes back on the wire escaped: a symbol in the body, a method in the path (%1B is ESC once decoded). */
    @Test
    void echoesWhatWasSentEscaped() throws Exception {
        JsonNode symbol = Json.MAPPER.readTree(post("get_close_price", "{\"symbol\":\"AB\\u001b[31m\\u202eC\"}", TOKEN).body());
        assertEquals("unknown symbol 'AB\\u001b[31m\\u202eC'", symbol.get("error").asString());
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/get%1B%5B2J%E2%80%AE"))
                .header("Authorization", "Bearer " + TOKEN).build();
        HttpResponse<String> path = http.send(get, HttpResponse.BodyHandlers.ofString());
        assertEquals(405, path.statusCode());
        assertEquals("use POST for /api/v1/get\\u001b[2J\\u202e", Json.MAPPER.readTree(path.body()).get("error").asString());
    }

    @Test
    void refusesWrongOrMissingToken() throws Exception {
        assertEquals(401, post("list_symbols", "{}", "nope").statusCode());
        assertEquals(401, post("list_symbols", "{}", null).statusCode());
        assertEquals(401, post("list_symbols", "{}", TOKEN + "x").statusCode());
    }

    @Test
    void refusesBrowserOriginAndForeignHost() throws Exception {
        HttpRequest withOrigin = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/health"))
                .header("Authorization", "Bearer " + TOKEN).header("Origin", "http://localhost:3000").build();
        assertEquals(403, http.send(withOrigin, HttpResponse.BodyHandlers.ofString()).statusCode());
        // HttpClient will not let us forge Host, so speak HTTP by hand, as a DNS-rebinding page would
        try (Socket s = new Socket("127.0.0.1", api.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET /api/v1/health HTTP/1.1\r\nHost: attacker.example:" + api.port() + "\r\nAuthorization: Bearer " + TOKEN
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String status = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
            assertTrue(status.contains(" 403 "), status);
        }
    }

    /** run_select's two-at-once share is per client: sextant-mcp names itself in a header, other callers are told apart by connection. */
    @Test
    void theClientIsTheHeaderItSendsOrElseItsConnection() throws Exception {
        assertEquals("client sextant-mcp-12/3f-a", LocalApiServer.client("sextant-mcp-12/3f-a"));
        assertEquals("callers without X-Sextant-Client", LocalApiServer.client(null), "one client, however many connections (attack 16 M2)");
        HttpRequest.Builder named = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/run_select"))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString("{\"sql\":\"SELECT 1 AS one\"}"));
        assertEquals(200, http.send(named.copy().header(LocalApiServer.CLIENT_HEADER, "agent-1").build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        HttpResponse<String> bad = http.send(named.copy().header(LocalApiServer.CLIENT_HEADER, "x".repeat(101)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, bad.statusCode(), bad.body());
        JsonNode body = Json.MAPPER.readTree(bad.body());
        assertEquals("invalid_input", body.get("fail_reason").asString());
        assertEquals(LocalApiServer.CLIENT_HEADER, body.get("field").asString());
        assertFalse(body.get("error").asString().contains("xxxx"), "the header is not echoed: " + body);
    }

    @Test
    void badInputNamesTheFieldAndTheFix() throws Exception {
        HttpResponse<String> r = post("get_close_price", "{\"symbol\":\"AA\",\"start\":\"29/12/2000\"}", TOKEN);
        assertEquals(400, r.statusCode());
        JsonNode body = Json.MAPPER.readTree(r.body());
        assertFalse(body.get("ok").asBoolean());
        assertEquals("invalid_input", body.get("fail_reason").asString());
        assertEquals("start", body.get("field").asString());
        assertTrue(body.get("fix").asString().contains("yyyy-MM-dd"));

        HttpResponse<String> unknown = post("get_close_price", "{\"symbol\":\"ZZZZ\"}", TOKEN);
        assertEquals(404, unknown.statusCode());
        assertEquals("symbol", Json.MAPPER.readTree(unknown.body()).get("field").asString());

        HttpResponse<String> notJson = post("list_symbols", "{oops", TOKEN);
        assertEquals(400, notJson.statusCode());
        assertEquals("invalid_input", Json.MAPPER.readTree(notJson.body()).get("fail_reason").asString());

        HttpResponse<String> noSuchMethod = post("drop_everything", "{}", TOKEN);
        assertEquals(404, noSuchMethod.statusCode());

        HttpResponse<String> noSuchJob = post("job_status", "{\"job_id\":\"../../etc/passwd\"}", TOKEN); // attack 16 M3: was 500
        assertEquals(404, noSuchJob.statusCode(), noSuchJob.body());
        assertEquals("job_unknown", Json.MAPPER.readTree(noSuchJob.body()).get("fail_reason").asString());
        assertEquals("job_id", Json.MAPPER.readTree(noSuchJob.body()).get("field").asString());
    }

    @Test
    void compareToHistoryThroughTheApiEqualsTheFacadeCall() throws Exception {
        String args = "{\"horizon\": 5, \"top_k\": 50, \"as_of\": \"1998-10-08\", \"include_analogue_dates\": true}";
        JsonNode viaApi = data("compare_to_history", args);
        // the same serialization path as the wire: bytes, then a tree (node types then compare equal)
        JsonNode viaFacade = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(engine.compareToHistory(
                org.sextant.engine.analogue.AnalogueRequest.jsonArgs(args))));
        assertEquals(viaFacade, viaApi);
        assertEquals(50, viaApi.get("sample_size").asInt());

        HttpResponse<String> bad = post("compare_to_history", "{\"top_k\": 9999}", TOKEN);
        assertEquals(400, bad.statusCode());
        assertEquals("top_k", Json.MAPPER.readTree(bad.body()).get("field").asString());
    }

    @Test
    void aBadStrategySpecIsRefusedBeforeAnyJobWithTheNodeNamed() throws Exception {
        String spec = "{\"version\":1,\"nodes\":{\"x\":{\"type\":\"crosover\"}}}";
        HttpResponse<String> composed = post("compose_graph", "{\"spec\":" + spec + "}", TOKEN);
        assertEquals(200, composed.statusCode(), composed.body());
        assertTrue(composed.body().contains("nodes.x.type"), composed.body());
        int jobsBefore = engine.jobs().list().size();
        HttpResponse<String> start = post("start_backtest", "{\"spec\":" + spec + ",\"symbols\":[\"AA\"]}", TOKEN);
        assertEquals(400, start.statusCode(), start.body());
        assertEquals(jobsBefore, engine.jobs().list().size(), "no job for a spec that cannot run");
    }

    /** A spec sent as text (the CLI sends SPEC.json so) with a node copied and not renamed: refused on spec, never run as another graph. */
    @Test
    void aSpecTextNamingANodeTwiceIsRefusedOnSpec() throws Exception {
        String sma = "{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":[%d]}}";
        String text = "{\"version\":1,\"nodes\":{\n\"close\":{\"type\":\"price\"},\n\"fast\":" + sma.formatted(5) + ",\n\"slow\":" + sma.formatted(20)
                + ",\n\"slow\":" + sma.formatted(7) + ",\n\"cross\":{\"type\":\"crossover\",\"inputs\":{\"fast\":\"fast\",\"slow\":\"slow\"}},"
                + "\n\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"cross\"}},\n\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
                + "\n\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}}}";
        String spec = Json.MAPPER.writeValueAsString(text);
        JsonNode composed = Json.MAPPER.readTree(post("compose_graph", "{\"spec\":" + spec + "}", TOKEN).body()).get("data");
        assertFalse(composed.get("ok").asBoolean(), composed.toString());
        assertEquals("spec", composed.get("errors").get(0).get("field").asString());
        assertEquals("nodes.slow is given twice (line 5): which one counts would be a guess", composed.get("errors").get(0).get("message").asString());
        int jobsBefore = engine.jobs().list().size();
        for (String method : List.of("backtest", "start_backtest")) {
            HttpResponse<String> refused = post(method, "{\"spec\":" + spec + ",\"symbols\":[\"AA\"]}", TOKEN);
            assertEquals(400, refused.statusCode(), refused.body());
            JsonNode body = Json.MAPPER.readTree(refused.body());
            assertEquals("spec", body.get("field").asString(), refused.body());
            assertTrue(body.get("error").asString().contains("nodes.slow is given twice (line 5)"), refused.body());
        }
        assertEquals(jobsBefore, engine.jobs().list().size(), "no job for a spec that names a node twice");
    }

    @Test
    void forecastAndChartDataComeFromTheSameEngine() throws Exception {
        JsonNode data = data("get_chart_data", "{\"symbol\":\"KO\",\"days\":250,\"horizon\":10}");
        assertEquals(250, data.get("closes").get("dates").size());
        assertEquals(250, data.get("closes").get("close").size());
        assertEquals("2001-01-02", data.get("closes").get("dates").get(249).asString());
        JsonNode f = data.get("forecast");
        assertEquals(10, f.get("target_dates").size());
        assertEquals("2001-01-03", f.get("target_dates").get(0).asString(), "the next business day after the last close");
        assertEquals(3, f.get("bands").size());
        assertEquals(10, f.get("median").size());

        HttpResponse<String> bad = post("get_forecast", "{\"symbol\":\"KO\",\"levels\":[1.5]}", TOKEN);
        assertEquals(400, bad.statusCode(), bad.body());
        HttpResponse<String> unknownModel = post("get_forecast", "{\"symbol\":\"KO\",\"model\":\"prophet\"}", TOKEN);
        assertEquals(400, unknownModel.statusCode());
        assertEquals("model", Json.MAPPER.readTree(unknownModel.body()).get("field").asString());
    }

    /**
     * A number no double holds is refused naming its argument, where it stood and the number as sent, before any
     * route runs: 1e400 was "the number is too large" (read as Infinity, the number gone) and 1e-400 read as 0.
     */
    @ParameterizedTest(name = "{1}")
    @MethodSource("unheldNumbers")
    void aNumberNoDoubleHoldsIsRefusedNamingTheArgumentAndTheNumber(String method, String args, String field, String error) throws Exception {
        HttpResponse<String> r = post(method, args, TOKEN);
        assertEquals(400, r.statusCode(), r.body());
        JsonNode body = Json.MAPPER.readTree(r.body());
        assertEquals("invalid_input", body.get("fail_reason").asString(), r.body());
        assertEquals(field, body.get("field").asString(), r.body());
        assertEquals(error, body.get("error").asString());
        assertTrue(body.get("fix").asString().startsWith("pass " + field + " as: "), r.body());
    }

    /** A strategy spec whose cost no double holds. */
    private static final String COSTLY = "{\"version\": 1, \"nodes\": {\"fast\": {\"type\": \"sma\", \"params\": {\"length\": {\"from\": 5, \"to\": 50, \"step\": 5}}},"
            + " \"run\": {\"type\": \"execution\", \"params\": {\"cost_bps\": 1e400}}}}";

    /** Top-level and inside a list, past the largest double either way and below the smallest. */
    private static Stream<Arguments> unheldNumbers() {
        String large = " is a number too large (a double holds at most 1.8e308 in size)";
        String small = " is a number too small (a double holds none between 0 and 4.9e-324 in size: it would read as 0)";
        return Stream.of(
                Arguments.of("get_close_price", "{\"symbol\":\"AA\",\"limit\":1e400}", "limit", "get_close_price: limit 1e400" + large),
                Arguments.of("get_close_price", "{\"symbol\":\"AA\",\"limit\":-1e400}", "limit", "get_close_price: limit -1e400" + large),
                Arguments.of("get_close_price", "{\"symbol\":\"AA\",\"limit\":1e-400}", "limit", "get_close_price: limit 1e-400" + small),
                Arguments.of("get_forecast", "{\"symbol\":\"KO\",\"levels\":[0.8,1e400]}", "levels", "get_forecast: levels at levels[1], 1e400" + large),
                Arguments.of("get_forecast", "{\"symbol\":\"KO\",\"levels\":[0.8,-1e400]}", "levels", "get_forecast: levels at levels[1], -1e400" + large),
                Arguments.of("get_forecast", "{\"symbol\":\"KO\",\"levels\":[0.8,1e-400]}", "levels", "get_forecast: levels at levels[1], 1e-400" + small),
                // a spec sent as JSON text is refused as the same spec sent as an object (read as doubles, 1e400 was Infinity)
                Arguments.of("compose_graph", "{\"spec\":" + COSTLY + "}", "spec", "compose_graph: spec at spec.nodes.run.params.cost_bps, 1e400" + large),
                Arguments.of("compose_graph", "{\"spec\":" + Json.MAPPER.writeValueAsString(COSTLY) + "}", "spec",
                        "compose_graph: spec at spec.nodes.run.params.cost_bps, 1e400" + large),
                Arguments.of("compose_graph", "{\"spec\":" + Json.MAPPER.writeValueAsString(COSTLY.replace("1e400", "0.5").replace("\"step\": 5", "\"step\": 1e-400"))
                        + "}", "spec", "compose_graph: spec at spec.nodes.fast.params.length.step, 1e-400" + small),
                // no exact reading holds it either (its exponent is no int): refused as it is read
                Arguments.of("get_forecast", "{\"symbol\":\"KO\",\"levels\":[0.8,-1E2147483648]}", "levels", "levels at levels[1], -1E2147483648"
                        + " has an exponent past \u00b12147483647: no double holds it (1.8e308 at most in size, 4.9e-324 at least)"));
    }

    /** Numbers a double holds reach the routes as the doubles they were: 1e3 and 1000.0 are the integer 1000, a fraction answers as before. */
    @Test
    void heldNumbersAnswerAsBefore() throws Exception {
        JsonNode thousand = data("get_close_price", "{\"symbol\":\"AA\",\"limit\":1000}");
        assertEquals(thousand, data("get_close_price", "{\"symbol\":\"AA\",\"limit\":1e3}"));
        assertEquals(thousand, data("get_close_price", "{\"symbol\":\"AA\",\"limit\":1000.0}"));
        JsonNode two = data("get_close_price", "{\"symbol\":\"AA\",\"limit\":2E0}");
        assertEquals(2, two.get("count").asInt(), two.toString());
        assertTrue(two.get("truncated").asBoolean(), two.toString());

        String args = "{\"horizon\": 5, \"top_k\": 50, \"as_of\": \"1998-10-08\", \"backfill_weight\": 0.250, \"recency_half_life_days\": 1.26e2}";
        JsonNode viaFacade = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(engine.compareToHistory(
                org.sextant.engine.analogue.AnalogueRequest.jsonArgs(args)))); // read as doubles, as the API read every number before
        assertEquals(viaFacade, data("compare_to_history", args));
        String outOfRange = "{\"as_of\": \"1998-10-08\", \"signals_dict\": {\"ret_1d\": 1.5e16}}"; // its refusal echoes the value as the route got it
        org.sextant.engine.SextantException refused = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class,
                () -> engine.compareToHistory(org.sextant.engine.analogue.AnalogueRequest.jsonArgs(outOfRange)));
        assertEquals(refused.getMessage(), Json.MAPPER.readTree(post("compare_to_history", outOfRange, TOKEN).body()).get("error").asString());
        JsonNode forecast = data("get_forecast", "{\"symbol\":\"KO\",\"horizon\":5,\"levels\":[0.80,0.95]}");
        assertEquals(Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(engine.getForecast("KO", null, 5, new double[] {0.8, 0.95}, null))),
                ((tools.jackson.databind.node.ObjectNode) forecast).without(List.of("interval_note", "data_warning")));
    }

    @Test
    void resolveForecastStartAndScanAnswerInTheShapesTheLauncherUses() throws Exception {
        JsonNode start = data("resolve_forecast_start", "{\"symbol\":\"ko\",\"as_of\":\"2000-06-21\"}");
        assertEquals("KO", start.get("symbol").asString());
        assertEquals("2000-06-21", start.get("as_of").asString());
        assertEquals("2000-06-16", start.get("start_date").asString(), "the Friday of the last completed week");
        assertTrue(start.get("rule").asString().contains("completed week"));
        HttpResponse<String> bad = post("resolve_forecast_start", "{\"symbol\":\"KO\",\"as_of\":\"21/06/2000\"}", TOKEN);
        assertEquals("as_of", Json.MAPPER.readTree(bad.body()).get("field").asString());

        JsonNode scan = data("scan_forecasts", "{\"symbols\":[\"KO\",\"GE\",\"JNJ\"],\"model\":\"naive\",\"horizon\":10,"
                + "\"level\":99,\"top\":2}");
        assertEquals("naive", scan.get("model").asString());
        assertEquals(10, scan.get("horizon").asInt());
        assertEquals(2, scan.get("rows").size());
        JsonNode row = scan.get("rows").get(0);
        for (String k : List.of("symbol", "last_close", "last_date", "median_return", "reward_risk_80", "reward_risk_95", "reward_risk_99", "coverage_99")) {
            assertTrue(row.has(k), k + " in " + row);
        }
        assertTrue(row.get("reward_risk_99").asDouble() >= scan.get("rows").get(1).get("reward_risk_99").asDouble(), "ranked at 99%");
        HttpResponse<String> badLevel = post("scan_forecasts", "{\"level\":90}", TOKEN);
        assertEquals(400, badLevel.statusCode());
        assertEquals("level", Json.MAPPER.readTree(badLevel.body()).get("field").asString());
    }

    @Test
    void healthReportsVersionContractAndData() throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://localhost:" + api.port() + "/api/v1/health"))
                .header("Authorization", "Bearer " + TOKEN).build();
        JsonNode data = Json.MAPPER.readTree(http.send(req, HttpResponse.BodyHandlers.ofString()).body()).get("data");
        assertEquals(1, data.get("contract").asInt());
        assertEquals(ProcessHandle.current().pid(), data.get("pid").asLong());
        assertTrue(data.get("data").get("price_rows").asLong() >= 5);
    }

    /** A bug answers internal_error with a mark to find it in the log, never the exception's words (attack 17 M5: a file name came back in them). */
    @Test
    void aBugAnswersWithAnIncidentMarkNotTheExceptionsWords() throws Exception {
        java.util.function.Function<ApiCall, Object> buggy = call -> {
            throw new IllegalStateException("Text '/home/someone/secret.csv' could not be parsed");
        };
        try (LocalApiServer bugged = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", java.util.Map.of(org.sextant.contract.Capabilities.RENDER_CHART, buggy))) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bugged.port() + "/api/v1/render_chart"))
                    .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString("{\"symbol\":\"AA\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(500, r.statusCode());
            JsonNode body = Json.MAPPER.readTree(r.body());
            assertEquals("internal_error", body.get("fail_reason").asString());
            assertFalse(r.body().contains("secret") || r.body().contains("IllegalStateException") || r.body().contains("parsed"), r.body());
            assertTrue(body.get("error").asString().matches("the app failed \\(a bug; logged as incident [0-9a-f]{8} in SEXTANT_HOME/logs/sextant\\.log\\)"), r.body());
        }
    }
}
