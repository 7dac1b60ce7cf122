package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A forecast horizon counts the days the series itself trades (Saturday and Sunday for a weekend series, every day for crypto),
 * and every schema said "business days": each forecast horizon now says what it counts in the one phrase {@link Bounds#HORIZON_UNIT}.
 */
class HorizonWordingTest {
    @Test
    void everyForecastHorizonSaysItCountsTheSeriesOwnWeek() {
        List<String> said = new ArrayList<>();
        for (Capability c : Capabilities.ALL) said.addAll(horizons(c.name(), c.schema()));
        PilotCommands.ARGUMENTS.forEach((name, schema) -> said.addAll(horizons(name, schema)));
        assertTrue(said.size() >= 8, "the forecast tools and the window's start_forecast: " + said);
        List<String> wrong = said.stream().filter(s -> !s.contains(Bounds.HORIZON_UNIT) || s.contains("business days ahead")).toList();
        assertEquals(List.of(), wrong, "each says: " + Bounds.HORIZON_UNIT);
    }

    /** A bar forecast's answer keeps the field horizon_days but holds bars ("30m bars of the fx session"): get_forecast's schema says so. */
    @Test
    void getForecastSaysItsHorizonDaysNamesBarsAtAnInterval() {
        Object interval = ((Map<?, ?>) Capabilities.GET_FORECAST.schema().get("properties")).get("interval");
        String said = String.valueOf(((Map<?, ?>) interval).get("description"));
        assertTrue(said.contains("horizon_days then names the bars the horizon counts (e.g. \"30m bars of the fx session\"), not days"), said);
    }

    /** "tool.horizon: description" of a forecast horizon (1..MAX_HORIZON), not the analogues' 1, 3, 5 or 20. */
    private static List<String> horizons(String tool, Map<String, Object> schema) {
        Object props = schema.get("properties");
        if (!(props instanceof Map<?, ?> p) || !(p.get("horizon") instanceof Map<?, ?> h)) return List.of();
        if (!Integer.valueOf(Bounds.MAX_HORIZON).equals(h.get("maximum"))) return List.of();
        return List.of(tool + ".horizon: " + h.get("description"));
    }
}
