package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/** The price and chart routes with an interval: without one they answer as before; list_symbols names each symbol's intervals. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntervalRoutesTest {
    @TempDir static Path dir;
    private SampleRoutes routes;

    @BeforeAll
    void open() {
        routes = new SampleRoutes(dir);
    }

    @AfterAll
    void close() {
        routes.close();
    }

    private JsonNode call(String method, String json) {
        return routes.call(method, json);
    }

    @Test
    void withoutAnIntervalTheAnswerIsTheDailyOne() {
        String args = "{\"symbol\":\"AA\",\"start\":\"2000-12-29\",\"end\":\"2000-12-29\"}";
        JsonNode before = call("get_close_price", args);
        assertEquals(before, call("get_close_price", args.replace("}", ",\"interval\":\"1d\"}")));
        assertEquals("[\"date\",\"close\",\"adj_close\"]", Json.MAPPER.valueToTree(before.get("rows").get(0).propertyNames()).toString());
        assertEquals(call("get_chart_data", "{\"symbol\":\"IBM\",\"days\":30}").get("closes"),
                call("get_chart_data", "{\"symbol\":\"IBM\",\"days\":30,\"interval\":\"1d\"}").get("closes"));
    }

    @Test
    void barsOfAnyIntervalResampledAlongTheSession() {
        JsonNode hourly = call("get_close_price", "{\"symbol\":\"USDCHF\",\"start\":\"2001-03-30\",\"end\":\"2001-03-30\",\"interval\":\"1h\"}");
        assertEquals("1h", hourly.get("interval").asString());
        assertEquals("30m", hourly.get("resampled_from").asString());
        assertEquals("fx", hourly.get("session").asString());
        assertEquals(24, hourly.get("count").asInt(), "a trading day of fx: 17:00 to 17:00 New York");
        assertEquals("2001-03-29T22:00Z", hourly.get("rows").get(0).get("ts").asString());
        JsonNode daily = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1d\"}");
        assertEquals(260.0, daily.get("bars_per_year").asDouble());
        JsonNode weekly = call("get_chart_data", "{\"symbol\":\"IBM\",\"interval\":\"1w\",\"days\":20}");
        assertEquals(20, weekly.get("bars").get("close").size());
        assertTrue(weekly.get("forecast").isNull());
        SextantException finer = assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"interval\":\"30m\"}"));
        assertTrue(finer.getMessage().contains("stored: 1d"), finer.getMessage());
        assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"interval\":\"2h\"}"));
    }

    @Test
    void theContractListsTheIntervalsTheEngineHolds() {
        assertEquals(org.sextant.contract.Capabilities.INTERVALS, org.sextant.engine.data.BarInterval.labels());
    }

    @Test
    void listSymbolsNamesEachSymbolsIntervals() {
        JsonNode usd = call("list_symbols", "{\"query\":\"usdchf\"}");
        assertEquals(1, usd.get("count").asInt());
        JsonNode s = usd.get("symbols").get(0);
        assertEquals(List.of("30m"), Json.MAPPER.convertValue(s.get("intervals"), List.class));
        assertEquals(List.of("30m", "1h", "4h", "1d", "1w", "1mo"), Json.MAPPER.convertValue(s.get("readable_intervals"), List.class));
        assertEquals(62496, s.get("rows").asLong());
        JsonNode ibm = call("list_symbols", "{\"query\":\"IBM\"}").get("symbols").get(0);
        assertEquals(List.of("1d"), Json.MAPPER.convertValue(ibm.get("intervals"), List.class));
        assertEquals("IBM", ibm.get("symbol").asString());
        assertNull(ibm.get("no_such_field"));
    }
}
