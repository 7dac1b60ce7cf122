package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A write that fails by a bug answers internal_error naming an incident (the log has the rest), through the facade and
 * through the local API (500), never the exception's words, and writes nothing: before, it was db_error "store write
 * failed: " and the exception's text (a NullPointerException's reached a user in session 46).
 */
class WriteBugAnswerTest {
    private static final String TOKEN = "t0ken";
    private static final String INCIDENT = "the app failed \\(a bug; logged as incident [0-9a-f]{8} in SEXTANT_HOME/logs/sextant\\.log\\)";
    private final HttpClient http = HttpClient.newHttpClient();
    @TempDir Path dir;

    /**
     * A store that lacks a table the session change counts in, after it has written the new session (a store a hand
     * edited; the same path as any statement of ours DuckDB cannot run): the facade's write meets a bug halfway.
     */
    @Test
    void aWriteThatMeetsABugHalfwayAnswersAnIncidentAndLeavesTheStoreAsItWas() throws Exception {
        SextantHome home = SampleStoreCopy.into(new SextantHome(dir.resolve("home")));
        try (Store store = Store.open(home.database(), home.stagingDir())) {
            store.inTransaction(c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("DROP TABLE forecast_backtests");
                }
            });
        }
        try (Sextant engine = Sextant.open(home); LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state")) {
            List<List<Object>> before = engine.runSelect("SELECT symbol, session FROM symbol_sessions ORDER BY symbol", null).rows();
            SextantException e = assertThrows(SextantException.class, () -> engine.setTradingSession("AA", "lse"));
            assertEquals("internal_error", e.failReason());
            assertTrue(e.getMessage().matches(INCIDENT), e.getMessage());
            assertFalse(e.getMessage().contains("forecast_backtests") || e.getMessage().contains("Catalog"), e.getMessage());

            HttpResponse<String> r = post(api, Capabilities.SET_TRADING_SESSION.name(), "{\"symbol\":\"AA\",\"session\":\"lse\"}");
            assertEquals(500, r.statusCode(), r.body());
            JsonNode body = Json.MAPPER.readTree(r.body());
            assertEquals("internal_error", body.get("fail_reason").asString());
            assertTrue(body.get("error").asString().matches(INCIDENT), r.body());
            assertFalse(r.body().contains("forecast_backtests") || r.body().contains("Catalog"), r.body());
            assertEquals(before, engine.runSelect("SELECT symbol, session FROM symbol_sessions ORDER BY symbol", null).rows(), "rolled back");
        }
    }

    /** A NullPointerException inside a store write, reached through a route: 500 internal_error, its text nowhere in the answer. */
    @Test
    void aNullPointerInAStoreWriteAnswersTheLocalApiWithAnIncident(@TempSextant Sextant engine, @TempSextant Store store) throws Exception {
        // the only route a host may add is a read (render_chart), whose thread refuses writes: the write runs on a thread of its own
        java.util.function.Function<ApiCall, Object> buggy = call -> outsideTheRead(() -> store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO symbols (symbol) VALUES ('BUGGY')");
            }
            String missing = null;
            return missing.length(); // the JDK's helpful message names the variable: it must stay in the log
        }));
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(Capabilities.RENDER_CHART, buggy))) {
            HttpResponse<String> r = post(api, Capabilities.RENDER_CHART.name(), "{\"symbol\":\"AA\"}");
            assertEquals(500, r.statusCode(), r.body());
            JsonNode body = Json.MAPPER.readTree(r.body());
            assertEquals("internal_error", body.get("fail_reason").asString());
            assertTrue(body.get("error").asString().matches(INCIDENT), r.body());
            assertTrue(body.get("fix").asString().contains("SEXTANT_HOME/logs/sextant.log"), r.body());
            assertFalse(r.body().contains("missing") || r.body().contains("NullPointer") || r.body().contains("store write failed"), r.body());
        }
        assertEquals(0L, (long) store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM symbols WHERE symbol = 'BUGGY'")) {
                rs.next();
                return rs.getLong(1);
            }
        }), "nothing written");
    }

    /** {@code write} run on another thread, what it throws thrown here as it was. */
    private static Object outsideTheRead(java.util.function.Supplier<Object> write) {
        Object[] result = new Object[1];
        RuntimeException[] thrown = new RuntimeException[1];
        Thread t = new Thread(() -> {
            try {
                result[0] = write.get();
            } catch (RuntimeException e) {
                thrown[0] = e;
            }
        });
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        if (thrown[0] != null) throw thrown[0];
        return result[0];
    }

    private HttpResponse<String> post(LocalApiServer api, String method, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
