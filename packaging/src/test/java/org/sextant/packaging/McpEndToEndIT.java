package org.sextant.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The walking skeleton end to end, as a user's agent sees it: the headless app on a fresh
 * SEXTANT_HOME (which loads the real sample universe), sextant-mcp started by real MCP clients
 * (the MCP Inspector CLI; the official TypeScript SDK), real Dow Jones closes back; then the app
 * stops (app_not_running) and comes back on another port, and the same launcher session follows.
 *
 * Expected closes are from fBasics::DowJones30 (shared/data/prices/dowjones30_daily_close.csv).
 */
class McpEndToEndIT {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> SKELETON_TOOLS =
            List.of("get_server_info", "list_symbols", "get_close_price", "get_db_schema", "run_select");

    @TempDir Path home;

    @Test
    void realClientsGetRealPricesAndFollowTheAppAcrossRestarts() throws Exception {
        HeadlessApp app = HeadlessApp.start(home);
        int firstPort = app.port();

        JsonNode listed = InspectorCli.run(home, "--method", "tools/list");
        List<String> names = new ArrayList<>();
        listed.path("tools").forEach(t -> names.add(t.path("name").asString()));
        assertTrue(names.containsAll(SKELETON_TOOLS), "tools/list via the Inspector: " + names);
        // The Inspector CLI itself refuses to call a tool tools/list did not name (tool_not_found, exit 5):
        // an agent behind such a client reaches the rest through focus_category or show_all_tools.
        assertTrue(names.size() <= 12 && !names.contains("health_check"), "a new session lists the starter set: " + names);

        JsonNode aa = envelope(InspectorCli.run(home, "--method", "tools/call", "--tool-name", "get_close_price",
                "--tool-arg", "symbol=AA", "--tool-arg", "start=2000-12-29", "--tool-arg", "end=2000-12-29"));
        assertTrue(aa.path("ok").asBoolean(), aa.toString());
        assertEquals(33.11, firstRow(aa).path("close").asDouble(), 1e-9, "AA close on 2000-12-29");

        try (McpDriver client = new McpDriver(home, Map.of())) {
            JsonNode health = envelope(client.call("health_check", Map.of()));
            assertTrue(health.path("ok").asBoolean(), "a tool not listed is callable by name: " + health);

            JsonNode symbols = envelope(client.call("list_symbols", Map.of()));
            assertTrue(symbols.path("ok").asBoolean(), symbols.toString());
            String listing = symbols.path("data").toString();
            for (String s : List.of("\"AA\"", "\"MSFT\"", "\"NYSE\"", "\"SPI\"")) assertTrue(listing.contains(s), "list_symbols lacks " + s);

            JsonNode msft = envelope(client.call("get_close_price", Map.of("symbol", "MSFT", "start", "1995-06-01", "end", "1995-06-01")));
            assertEquals(10.52, firstRow(msft).path("close").asDouble(), 1e-9, "MSFT close on 1995-06-01");

            JsonNode sql = envelope(client.call("run_select", Map.of("sql",
                    "SELECT symbol, round(avg(close), 4) AS mean_close FROM prices WHERE symbol = 'IBM' AND date BETWEEN DATE '2000-12-29' AND DATE '2001-01-02' GROUP BY symbol")));
            assertTrue(sql.path("ok").asBoolean(), sql.toString());
            assertEquals(84.595, sql.path("data").path("rows").get(0).get(1).asDouble(), 1e-9, "mean of IBM 84.69 and 84.5");

            JsonNode hostile = envelope(client.call("run_select", Map.of("sql", "SELECT * FROM read_csv('/etc/passwd')")));
            assertFalse(hostile.path("ok").asBoolean(), "read_csv of a host file must be refused: " + hostile);

            app.close();
            JsonNode absent = envelope(client.call("get_close_price", Map.of("symbol", "MSFT")));
            assertFalse(absent.path("ok").asBoolean());
            assertEquals("app_not_running", absent.path("fail_reason").asString(), absent.toString());
            assertFalse(absent.path("client_hint").asString("").isBlank(), "an agent needs a next step");

            try (HeadlessApp again = HeadlessApp.start(home)) {
                JsonNode back = envelope(client.call("get_close_price", Map.of("symbol", "AA", "start", "2001-01-02", "end", "2001-01-02")));
                assertTrue(back.path("ok").asBoolean(), "same launcher session after the app restarted on port "
                        + again.port() + " (was " + firstPort + "): " + back);
                assertEquals(31.88, firstRow(back).path("close").asDouble(), 1e-9, "AA close on 2001-01-02");
            }
        } finally {
            app.close();
        }
    }

    /**
     * --http as Cursor or VS Code use it: the official SDK client with the Authorization header from
     * the token file is served; without the header, or with another token, it cannot connect.
     */
    @Test
    void overHttpOnlyAClientWithTheTokenIsServed() throws Exception {
        try (HeadlessApp app = HeadlessApp.start(home)) {
            ProcessBuilder pb = new ProcessBuilder(List.of(Repo.root().resolve("bin/sextant-mcp").toString(), "--http"))
                    .redirectError(ProcessBuilder.Redirect.appendTo(home.resolve("mcp-http.log").toFile()));
            pb.environment().put("SEXTANT_HOME", home.toString());
            Process launcher = pb.start();
            try {
                java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(
                        launcher.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
                String started = out.readLine();
                java.util.regex.Matcher url = java.util.regex.Pattern.compile("http://127\\.0\\.0\\.1:\\d+/mcp").matcher(String.valueOf(started));
                assertTrue(url.find(), "the launcher prints its URL: " + started);
                String token = java.nio.file.Files.readString(home.resolve("run/mcp-http.token")).strip();

                try (McpDriver client = McpDriver.overHttp(home, url.group(), "Bearer " + token)) {
                    JsonNode aa = envelope(client.call("get_close_price", Map.of("symbol", "AA", "start", "2000-12-29", "end", "2000-12-29")));
                    assertEquals(33.11, firstRow(aa).path("close").asDouble(), 1e-9, "AA close on 2000-12-29");
                }
                for (String authorization : java.util.Arrays.asList(null, "Bearer " + "0".repeat(64))) {
                    IllegalStateException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                            () -> McpDriver.overHttp(home, url.group(), authorization).close());
                    assertTrue(refused.getMessage().contains("Unauthorized") && refused.getMessage().contains("-32001"),
                            authorization + ": " + refused.getMessage());
                    assertFalse(refused.getMessage().contains(token), refused.getMessage());
                }
            } finally {
                launcher.destroy();
                if (!launcher.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) launcher.destroyForcibly();
            }
        }
    }

    /** The Sextant envelope from a tools/call result: structuredContent, else the JSON text content. */
    static JsonNode envelope(JsonNode toolResult) {
        JsonNode structured = toolResult.path("structuredContent");
        if (structured.isObject() && structured.has("ok")) return structured;
        for (JsonNode c : toolResult.path("content")) {
            if ("text".equals(c.path("type").asString())) return JSON.readTree(c.path("text").asString());
        }
        throw new AssertionError("no envelope in " + toolResult);
    }

    private static JsonNode firstRow(JsonNode envelope) {
        JsonNode rows = envelope.path("data").path("rows");
        if (!rows.isArray() || rows.isEmpty()) rows = envelope.path("data").path("preview");
        assertTrue(rows.isArray() && !rows.isEmpty(), "no rows in " + envelope);
        return rows.get(0);
    }
}
