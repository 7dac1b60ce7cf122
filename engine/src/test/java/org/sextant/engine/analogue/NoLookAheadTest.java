package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;

/** An analogue qualifies only when its forward window closed before the as-of date plus the embargo. */
class NoLookAheadTest {

    @Test
    void theAnswerAsOfADateIsTheSameWithOrWithoutTheDaysAfterIt() {
        // 1987-10-16, the Friday before the crash: the future must not leak in through the
        // indicators, the standardisation, the outcomes or the weights.
        DailySignals full = SampleData.signals();
        LocalDate asOf = LocalDate.of(1987, 10, 16);
        int row = full.rowOf(asOf);
        DailySignals truncated = SampleData.compute(SampleData.head(SampleData.nyse(), row + 1), SampleData.dow());
        for (String mode : List.of("soft", "hard", "tag", "hybrid")) {
            Map<String, Object> args = Map.of("mode", mode, "horizon", 5, "as_of", asOf.toString(), "include_analogue_dates", true);
            // The conformal bands of the default mode too (ConformalBandsTest covers them further).
            boolean calibrated = mode.equals("soft");
            String withFuture = Json.write(new AnalogueMatcher(full, false, calibrated).match(args));
            String withoutFuture = Json.write(new AnalogueMatcher(truncated, false, calibrated).match(args));
            assertEquals(withoutFuture, withFuture, mode);
        }
    }

    @Test
    void everyAnalogueEndsBeforeTheAsOfDateAndAnaloguesDoNotOverlap() {
        DailySignals s = SampleData.signals();
        AnalogueMatcher m = new AnalogueMatcher(s);
        for (String asOf : List.of("1974-10-03", "1987-10-20", "1998-10-08", "2002-12-31")) {
            AnalogueResponse r = m.match(Map.of("as_of", asOf, "top_k", 500, "include_analogue_dates", true, "recency_half_life_days", 0));
            int asOfRow = s.rowOf(LocalDate.parse(asOf));
            List<Integer> rows = r.analogueDates().stream().map(a -> s.rowOf(a.date())).sorted().toList();
            for (int row : rows) {
                assertTrue(row + AnalogueDefaults.MAX_HORIZON + AnalogueDefaults.EMBARGO_DAYS < asOfRow, asOf + ": analogue " + s.date(row));
            }
            for (int i = 1; i < rows.size(); i++) {
                assertTrue(rows.get(i) - rows.get(i - 1) >= AnalogueDefaults.MIN_SEPARATION_DAYS, "overlapping analogues " + s.date(rows.get(i)));
            }
            assertEquals(asOfRow - AnalogueDefaults.MAX_HORIZON - AnalogueDefaults.EMBARGO_DAYS, r.eligibleHistoryDays());
        }
    }

    @Test
    void thinningKeepsTheNearestDayOfAnEpisodeInsteadOfItsNeighbours() {
        DailySignals s = SampleData.signals();
        // Querying with a past row's own values finds that row first (distance 0), and none of its
        // four neighbours on either side, which look almost the same.
        LocalDate day = LocalDate.of(1990, 8, 23);
        int row = s.rowOf(day);
        Map<String, Object> q = new java.util.LinkedHashMap<>();
        for (SignalDefinition d : s.registry().numeric()) {
            double v = s.value(row, s.registry().column(d.name()));
            if (!Double.isNaN(v)) q.put(d.name(), v);
        }
        AnalogueResponse r = new AnalogueMatcher(s).match(Map.of("signals_dict", q, "include_analogue_dates", true, "top_k", 50));
        assertEquals(day, r.analogueDates().get(0).date());
        assertEquals(0.0, r.analogueDates().get(0).distance(), 1e-12);
        for (AnalogueDate a : r.analogueDates().subList(1, r.analogueDates().size())) {
            assertTrue(Math.abs(s.rowOf(a.date()) - row) >= AnalogueDefaults.MIN_SEPARATION_DAYS, a.date().toString());
        }
    }
}
