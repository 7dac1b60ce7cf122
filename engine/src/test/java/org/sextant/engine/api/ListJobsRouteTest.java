package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/** list_jobs on the local API: the newest jobs up to limit, without results (attack 17, M2: one scan made it 3.8 MB). */
class ListJobsRouteTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String json) throws Exception {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall("list_jobs", Json.MAPPER.readTree(json))));
    }

    @Test
    void theNewestJobsAreListedWithoutTheirResults() throws Exception {
        for (int i = 0; i < 2; i++) {
            engine.jobs().await(engine.jobs().submit("backtest", List.of("s" + i), false, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> Map.of("rows", List.of(1, 2, 3))).id(), Duration.ofSeconds(60));
        }
        JsonNode l = call("{\"limit\": 1}");
        assertEquals(2, l.path("count").asInt(), l.toString());
        assertEquals(1, l.path("jobs").size());
        assertEquals(engine.jobs().list().get(0).id(), l.path("jobs").get(0).path("id").asString());
        assertFalse(l.path("jobs").get(0).has("result"), l.toString());
        assertEquals(50, call("{}").path("limit").asInt());
    }

    @Test
    void aLimitOutOfBoundsIsRefusedNamingIt() {
        for (String json : new String[] {"{\"limit\": 0}", "{\"limit\": 501}"}) {
            SextantException e = assertThrows(SextantException.class, () -> call(json));
            assertEquals("limit", e.field(), e.getMessage());
        }
    }
}
