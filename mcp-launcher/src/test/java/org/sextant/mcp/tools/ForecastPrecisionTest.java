package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForecastPrecisionTest {
    @Test
    void pricesKeepTheLastClosesDecimalsAndEverythingElseOneMillionth() {
        Map<String, Object> f = Map.of("symbol", "IBM", "last_close", 84.69,
                "forecast", Map.of("median", List.of(84.71234567891234), "bands",
                        List.of(Map.of("level", 0.8, "lower", List.of(80.123456789), "upper", List.of(90.987654321)))),
                "reward_risk", List.of(Map.of("level", 0.8, "step", 20, "upside", 0.07434567891234, "ratio", 1.2345678912345)),
                "coverage", List.of(Map.of("level", 0.8, "empirical", 0.81234567, "origins", 40)));
        Map<String, Object> r = ForecastPrecision.round(f);
        assertEquals(84.69, r.get("last_close"));
        assertEquals(Map.of("median", List.of(84.71), "bands", List.of(Map.of("level", 0.8, "lower", List.of(80.12), "upper", List.of(90.99)))),
                r.get("forecast"));
        assertEquals(List.of(Map.of("level", 0.8, "step", 20, "upside", 0.074346, "ratio", 1.234568)), r.get("reward_risk"));
        assertEquals(List.of(Map.of("level", 0.8, "empirical", 0.812346, "origins", 40)), r.get("coverage"));
        assertEquals("IBM", r.get("symbol"));
    }

    @Test
    void aComputedLastCloseKeepsSixDecimalsAndAWholeOneTwo() {
        assertEquals(6, ForecastPrecision.decimals(31.123456789));
        assertEquals(2, ForecastPrecision.decimals(100));
        assertEquals(4, ForecastPrecision.decimals(1.2345));
    }
}
