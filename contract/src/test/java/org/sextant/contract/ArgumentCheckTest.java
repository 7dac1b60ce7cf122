package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ArgumentCheckTest {
    private static List<ArgumentCheck.Problem> check(Capability c, String json) {
        return ArgumentCheck.problems(c, JsonMapper.shared().readTree(json));
    }

    @Test
    void argumentsWithinTheirBoundsPass() {
        assertEquals(List.of(), check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":20,\"levels\":[0.8,0.95]}"));
        assertEquals(List.of(), check(Capabilities.LIST_JOBS, "{}"));
    }

    @Test
    void aBoundPastItsLimitIsRefusedNamingTheField() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":" + (Bounds.MAX_HORIZON + 1) + "}");
        assertEquals(1, p.size(), p.toString());
        assertEquals("horizon", p.get(0).field());
        assertEquals("must be in 1.." + Bounds.MAX_HORIZON + " (got " + (Bounds.MAX_HORIZON + 1) + ")", p.get(0).message());
        assertTrue(p.get(0).expected().contains("business days"), p.get(0).expected());
    }

    @Test
    void aMissingRequiredArgumentAndAnUnknownOneAreNamed() {
        List<ArgumentCheck.Problem> missing = check(Capabilities.GET_CLOSE_PRICE, "{}");
        assertEquals("symbol", missing.get(0).field(), missing.toString());
        List<ArgumentCheck.Problem> unknown = check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"ticker\":\"IBM\"}");
        assertEquals("ticker", unknown.get(0).field(), unknown.toString());
    }

    @Test
    void wrongTypesAndOversizedListsAreRefused() {
        assertEquals("limit", check(Capabilities.RUN_SELECT, "{\"sql\":\"SELECT 1\",\"limit\":\"lots\"}").get(0).field());
        StringBuilder paths = new StringBuilder("[");
        for (int i = 0; i <= Bounds.MAX_IMPORT_FILES; i++) paths.append(i == 0 ? "" : ",").append("\"/x").append(i).append(".csv\"");
        assertEquals("paths", check(Capabilities.START_IMPORT, "{\"paths\":" + paths + "]}").get(0).field());
    }

    @Test
    void everyCapabilityHasOneNameAndAnEffectLine() {
        assertEquals(Capabilities.ALL.size(), Capabilities.ALL.stream().map(Capability::name).distinct().count());
        for (Capability c : Capabilities.ALL) {
            assertEquals(c, Capabilities.named(c.name()).orElseThrow());
            assertTrue(c.effect().length() <= 160, c.name() + ": effect line too long");
        }
    }
}
