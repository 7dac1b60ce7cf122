package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Bounds;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * get_run's configurations come a page at a time (attack pass 11: 44,850 configurations answered 40 MB in one
 * answer, and a sweep may hold a million): at most {@link Bounds#MAX_RUN_CONFIGURATIONS} per answer, best
 * in-sample Sharpe first, with the total and the offset that reads on; the pages cover every configuration once.
 */
class RunConfigurationsPageTest {
    @TempSextant private Sextant engine;

    // SMA crossovers on KO, fast 2..120 below slow 3..121: 7,140 configurations
    private static final String SWEEP = "{\"session_id\":\"pages\",\"symbols\":[\"KO\"],\"spec\":" + org.sextant.engine.testing.WideSweep.SPEC + "}";

    @Test
    void aLargeRunsConfigurationsArePagedAndThePagesCoverEachOnce() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of);
        String runId = answer(routes, "backtest", SWEEP).path("run_id").asString();
        int total = org.sextant.engine.testing.WideSweep.CONFIGURATIONS;

        JsonNode first = answer(routes, "get_run", "{\"run_id\":\"" + runId + "\",\"include_configurations\":true}");
        assertEquals(Bounds.MAX_RUN_CONFIGURATIONS, first.path("configurations").size(), "one answer holds at most the bound");
        assertEquals(total, first.path("configurations_total").asInt());
        assertEquals(Bounds.MAX_RUN_CONFIGURATIONS, first.path("next_configurations_offset").asInt());
        assertTrue(Json.write(first).length() < Bounds.MAX_RUN_CONFIGURATIONS * 1000L, "the answer's size follows the bound: " + Json.write(first).length());
        assertEquals(first.path("chosen_configuration").asInt(), first.path("configurations").get(0).path("configuration").asInt(), "the chosen one leads");

        Set<Integer> seen = new HashSet<>();
        double previous = Double.POSITIVE_INFINITY;
        boolean undefined = false;
        int pages = 0;
        Integer offset = 0;
        while (offset != null) {
            JsonNode page = answer(routes, "get_run", "{\"run_id\":\"" + runId + "\",\"include_configurations\":true,"
                    + "\"configurations_offset\":" + offset + ",\"configurations_limit\":1000}");
            pages++;
            assertEquals(offset.intValue(), page.path("configurations_offset").asInt());
            for (JsonNode c : page.path("configurations")) {
                assertTrue(seen.add(c.path("configuration").asInt()), "configuration " + c.path("configuration") + " twice");
                JsonNode sharpe = c.path("in_sample").path("sharpe");
                if (!sharpe.isNumber()) undefined = true;
                else {
                    assertFalse(undefined, "an undefined Sharpe ranks last");
                    assertTrue(sharpe.asDouble() <= previous, "best in-sample Sharpe first");
                    previous = sharpe.asDouble();
                }
            }
            offset = page.has("next_configurations_offset") ? page.path("next_configurations_offset").asInt() : null;
        }
        assertEquals(8, pages);
        assertEquals(total, seen.size(), "every configuration once");

        SextantException tooMany = assertThrows(SextantException.class, () -> answer(routes, "get_run", "{\"run_id\":\"" + runId
                + "\",\"include_configurations\":true,\"configurations_limit\":" + (Bounds.MAX_RUN_CONFIGURATIONS + 1) + "}"));
        assertEquals("configurations_limit", tooMany.field());
        SextantException notAsked = assertThrows(SextantException.class, () -> answer(routes, "get_run", "{\"run_id\":\"" + runId
                + "\",\"configurations_offset\":5000}"));
        assertEquals("configurations_offset", notAsked.field());
        assertFalse(answer(routes, "get_run", "{\"run_id\":\"" + runId + "\"}").has("configurations_total"), "no page without configurations");
    }

    private static JsonNode answer(ApiRoutes routes, String method, String args) {
        return Json.MAPPER.readTree(Json.write(routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(args)))));
    }
}
