package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * start_scan takes time_limit_minutes as start_backtest does (1..1440; before, it was refused as unknown and a whole-store
 * scan always ran for the default 120 min). The store's write is held, so the first scan waits at its commit: the second,
 * same request joins it and is told the limit the first was started with, which shows the route passed it on.
 */
class StartScanTimeLimitTest {
    private static final String SCAN = "{\"symbols\":[\"IBM\"],\"model\":\"naive\",\"horizon\":5";

    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    @Test
    void startScanRunsUnderTheTimeLimitItNames() throws Exception {
        for (int minutes : new int[] {0, 1441}) {
            SextantException e = assertThrows(SextantException.class, () -> call("start_scan", SCAN + ",\"time_limit_minutes\":" + minutes + "}"));
            assertEquals("time_limit_minutes", e.field(), e.getMessage());
        }
        String id;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            JsonNode first = call("start_scan", SCAN + ",\"time_limit_minutes\":7}");
            id = first.get("id").asString();
            JsonNode joined = call("start_scan", SCAN + "}");
            assertTrue(joined.get("coalesced").asBoolean(), joined.toString());
            assertEquals(id, joined.get("id").asString());
            assertTrue(joined.get("note").asString().contains("it keeps its own time limit of 7 min"), joined.get("note").asString());
        }
        assertEquals(JobState.SUCCEEDED, engine.jobs().await(id, Duration.ofMinutes(5)).state());
    }
}
