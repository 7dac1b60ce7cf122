package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;

/** The bounded-heap path gives exactly the answer of sorting every candidate. */
class NearestSelectionTest {

    /** Random-walk-like signals with ties (values rounded) and gaps (NaN), 16 dimensions. */
    static DailySignals synthetic(int n, int dims, long seed, double roundTo) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<SignalDefinition> defs = new ArrayList<>();
        for (int c = 0; c < dims; c++) defs.add(SignalDefinition.numeric("s" + c, 1.0, "synthetic", -1, 0, 1));
        defs.add(SignalDefinition.categorical(SignalRegistry.REGIME, "tag", RegimeRules.REGIME_LEVELS.toArray(String[]::new)));
        SignalRegistry reg = new SignalRegistry(defs);
        LocalDate[] dates = new LocalDate[n];
        LocalDate d = LocalDate.of(1900, 1, 1);
        for (int i = 0; i < n; i++) dates[i] = d = d.plusDays(1);
        double[][] cols = new double[dims][n];
        for (int c = 0; c < dims; c++) {
            double x = 0;
            for (int i = 0; i < n; i++) {
                x = 0.98 * x + rnd.nextGaussian() * 0.3;
                double v = roundTo > 0 ? Math.rint(x / roundTo) * roundTo : x;
                cols[c][i] = rnd.nextInt(200) == 0 ? Double.NaN : v;
            }
        }
        int[] tag = new int[n];
        for (int i = 0; i < n; i++) tag[i] = cols[0][i] > 0.3 ? 0 : cols[0][i] > 0 ? 1 : cols[0][i] > -0.3 ? 2 : 3;
        double[][] fwd = new double[3][n];
        for (int h = 0; h < 3; h++) for (int i = 0; i < n; i++) fwd[h][i] = rnd.nextGaussian() * 0.01 * (h + 1);
        boolean[] backfill = new boolean[n];
        for (int i = 0; i < n / 3; i++) backfill[i] = true;
        return DailySignals.of("SYN", reg, dates, cols, new int[][]{tag}, fwd[0], fwd[1], fwd[2], backfill);
    }

    @Test
    void heapSelectionEqualsFullSortIncludingTiesAndThinning() {
        for (double roundTo : new double[]{0, 0.5}) {
            DailySignals s = synthetic(20_000, 16, 7, roundTo);
            AnalogueMatcher heap = new AnalogueMatcher(s, false, false);
            AnalogueMatcher sort = new AnalogueMatcher(s, true);
            for (int topK : new int[]{1, 7, 100, 500}) {
                for (String mode : List.of("soft", "hard", "hybrid")) {
                    Map<String, Object> args = Map.of("top_k", topK, "mode", mode, "include_analogue_dates", true, "as_of", s.date(15_000 + topK).toString());
                    assertEquals(Json.write(sort.match(args)), Json.write(heap.match(args)), mode + " top_k=" + topK + " round=" + roundTo);
                }
            }
        }
    }

    @Test
    void backfillRowsAreCountedAndWeighted() {
        DailySignals s = synthetic(6_000, 4, 3, 0);
        AnalogueMatcher m = new AnalogueMatcher(s, false, false);
        AnalogueResponse half = m.match(Map.of("top_k", 500, "recency_half_life_days", 0, "include_analogue_dates", true));
        assertEquals(half.sampleSize(), half.liveCount() + half.backfillCount());
        org.junit.jupiter.api.Assertions.assertTrue(half.backfillCount() > 0);
        for (AnalogueDate a : half.analogueDates()) assertEquals(a.backfill() ? 0.5 : 1.0, a.weight(), 1e-12);
        AnalogueResponse none = m.match(Map.of("top_k", 500, "backfill_weight", 0, "include_analogue_dates", true));
        assertEquals(0, none.backfillCount());
        org.junit.jupiter.api.Assertions.assertTrue(none.analogueDates().stream().noneMatch(AnalogueDate::backfill));
    }
}
