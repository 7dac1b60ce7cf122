package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;

/**
 * The combination check: every value of a query inside its past range, yet the combination never
 * seen (high volatility with a strong up-trend, when every high-volatility day fell), is noted.
 */
class AnalogueNoveltyTest {
    private static final int ROWS = 2_000;

    /** vol a slow AR(1); trend = -vol plus a little noise: high volatility always came with a down-trend. */
    static DailySignals volAgainstTrend(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        SignalRegistry reg = new SignalRegistry(List.of(
                SignalDefinition.numeric("vol", 1.0, "synthetic volatility", 0),
                SignalDefinition.numeric("trend", 1.0, "synthetic trend", 0)));
        LocalDate[] dates = new LocalDate[n];
        LocalDate d = LocalDate.of(1950, 1, 1);
        for (int i = 0; i < n; i++) dates[i] = d = d.plusDays(1);
        double[] vol = new double[n], trend = new double[n], fwd = new double[n];
        double x = 0;
        for (int i = 0; i < n; i++) {
            x = 0.97 * x + rnd.nextGaussian() * 0.25;
            vol[i] = x;
            trend[i] = -x + rnd.nextGaussian() * 0.1;
            fwd[i] = rnd.nextGaussian() * 0.01;
        }
        return DailySignals.of("SYN", reg, dates, new double[][]{vol, trend}, new int[0][], fwd, fwd, fwd, null);
    }

    private static double quantile(DailySignals s, int col, double q) {
        double[] v = new double[s.size()];
        for (int i = 0; i < v.length; i++) v[i] = s.value(i, col);
        java.util.Arrays.sort(v);
        return v[(int) (q * (v.length - 1))];
    }

    @Test
    void aCombinationNeverSeenIsNotedThoughEachValueIsInsideItsRange() {
        DailySignals s = volAgainstTrend(ROWS, 11);
        AnalogueMatcher m = new AnalogueMatcher(s, false, false);
        double highVol = quantile(s, 0, 0.9), strongUp = quantile(s, 1, 0.9);
        AnalogueResponse r = m.match(Map.of("signals_dict", Map.of("vol", highVol, "trend", strongUp), "top_k", 20));
        assertTrue(r.notes().stream().noneMatch(n -> n.contains("outside the range")), "each value is inside its range: " + r.notes());
        AnalogueNovelty v = r.novelty();
        assertNotNull(v);
        assertTrue(v.novel(), v.toString());
        assertTrue(v.nearestDistance() > v.referenceP99Distance(), v.toString());
        assertEquals(100.0, v.fartherThanPct(), 1e-9, v.toString());
        assertEquals(r.distanceMin(), v.nearestDistance(), 1e-12, "the matcher's own distance");
        String note = r.notes().stream().filter(n -> n.startsWith("no close analogue")).findFirst().orElseThrow(() -> new AssertionError(r.notes()));
        assertTrue(note.contains("farther than 100.0% of 500 sampled past days"), note);
        assertTrue(AnalogueText.render(r, 0).contains("note: no close analogue"), "the CLI prints it");
        tools.jackson.databind.JsonNode json = Json.MAPPER.valueToTree(r).get("novelty");
        assertTrue(json.get("novel").asBoolean(), json.toString());
        assertEquals(v.referenceP99Distance(), json.get("reference_p99_distance").asDouble(), 0, json.toString());
    }

    @Test
    void aCombinationSeenBeforeIsNotNoted() {
        DailySignals s = volAgainstTrend(ROWS, 11);
        AnalogueMatcher m = new AnalogueMatcher(s, false, false);
        double highVol = quantile(s, 0, 0.9);
        for (AnalogueResponse r : List.of(m.match(Map.of("signals_dict", Map.of("vol", highVol, "trend", -highVol), "top_k", 20)),
                m.match(Map.of("top_k", 20)))) {
            AnalogueNovelty v = r.novelty();
            assertNotNull(v);
            assertFalse(v.novel(), v.toString());
            assertTrue(v.fartherThanPct() < 99, v.toString());
            assertEquals(r.distanceMin(), v.nearestDistance(), 1e-12);
            assertTrue(r.notes().stream().noneMatch(n -> n.startsWith("no close analogue")), r.notes().toString());
        }
    }

    /** However long the history, at most 500 reference days against 10,000 searched ones: bounded work. */
    @Test
    void aLongHistoryIsSearchedOnAnEvenStride() {
        DailySignals s = volAgainstTrend(25_000, 5);
        AnalogueNovelty v = new AnalogueMatcher(s, false, false).match(Map.of("top_k", 5)).novelty();
        assertEquals(Novelty.REFERENCE_DAYS, v.referenceDays());
        assertEquals(Novelty.SEARCHED_DAYS, v.searchedDays());
        assertFalse(v.novel(), v.toString());
    }

    /** Too few eligible days for a 99th percentile: no check, no note. */
    @Test
    void aShortHistoryHasNoCheck() {
        DailySignals s = volAgainstTrend(90, 3);
        AnalogueResponse r = new AnalogueMatcher(s, false, false).match(Map.of("signals_dict", Map.of("vol", 0.5, "trend", 0.5)));
        assertNull(r.novelty());
        assertTrue(r.notes().stream().noneMatch(n -> n.startsWith("no close analogue")), r.notes().toString());
    }
}
