package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Adjusting for more tests than the p-values at hand, as R's p.adjust(p, method, n). */
class MultipleTestingSessionTest {
    @Test
    void theOtherTestsCountAsPValuesOfOne() {
        double[] p = {0.01, 0.04, 0.03};
        // R: p.adjust(c(0.01, 0.04, 0.03), "holm", n = 10) -> 0.10 0.32 0.27
        assertArrayEquals(new double[]{0.10, 0.32, 0.27}, MultipleTesting.holm(p, 10), 1e-12);
        // R: p.adjust(c(0.01, 0.04, 0.03), "BY", n = 10) -> 0.2928968 0.3905291 0.3905291
        assertArrayEquals(new double[]{0.2928968, 0.3905291, 0.3905291}, MultipleTesting.bhy(p, 10), 1e-7);
        assertArrayEquals(new double[]{0.1, 0.4, 0.3}, MultipleTesting.bonferroni(p, 10), 1e-12);
        // padding the p-values with ones gives the same adjusted values
        double[] padded = {0.01, 0.04, 0.03, 1, 1, 1, 1, 1, 1, 1};
        assertArrayEquals(java.util.Arrays.copyOf(MultipleTesting.holm(padded), 3), MultipleTesting.holm(p, 10), 1e-12);
        assertArrayEquals(java.util.Arrays.copyOf(MultipleTesting.bhy(padded), 3), MultipleTesting.bhy(p, 10), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> MultipleTesting.holm(p, 2));
    }

    @Test
    void theHarmonicNumberOfAMillionTestsAndBeyond() {
        assertEquals(14.392726722865723, MultipleTesting.harmonic(1_000_000), 1e-9);
        assertEquals(Math.log(1e7) + SharpeStatistics.EULER_GAMMA + 1 / 2e7, MultipleTesting.harmonic(10_000_000), 1e-12);
    }

    /**
     * The session's earlier p-values adjust with the run's own, as p.adjust over all of them. Oracle: R's p.adjust
     * formulas as its help page and source give them (Holm: cummax((n - i + 1) p_(i)); BY: cummin(q n / i p_(i)) from
     * the largest, q = sum(1/(1:n))), over c(0.01, 0.03, 0.3, 0.9, 0.001, 0.02, 0.04, 0.5):
     * holm -> 0.07 0.15 0.90 1 0.008 0.12 0.16 1; BY -> 0.1087143 0.1630714 1 1 0.02174286 0.1449524 0.1739429 1;
     * with n = 10, holm -> 0.09 0.21 ...; BY -> 0.1464484 0.2196726 ...
     */
    @Test
    void earlierPValuesAdjustWithTheRunsOwnAsPAdjustOverAllOfThem() {
        double[] own = {0.01, 0.03, 0.3, 0.9};
        EarlierPValues earlier = EarlierPValues.of(0.001, 0.02, 0.04, 0.5);
        assertArrayEquals(new double[]{0.07, 0.1087143}, MultipleTesting.holmAndBhy(own, 0, earlier, 8), 1e-7);
        assertArrayEquals(new double[]{0.15, 0.1630714}, MultipleTesting.holmAndBhy(own, 1, earlier, 8), 1e-7);
        assertArrayEquals(new double[]{0.9, 1}, MultipleTesting.holmAndBhy(own, 2, earlier, 8), 1e-12);
        assertArrayEquals(new double[]{0.09, 0.1464484}, MultipleTesting.holmAndBhy(own, 0, earlier, 10), 1e-7);
        assertArrayEquals(new double[]{0.21, 0.2196726}, MultipleTesting.holmAndBhy(own, 1, earlier, 10), 1e-7);
        // the earlier ones at p = 1, as before they were kept: R's p.adjust(own, n = 8) -> holm 0.08, BY 0.2174286
        assertArrayEquals(new double[]{0.08, 0.2174286}, MultipleTesting.holmAndBhy(own, 0, EarlierPValues.NONE, 8), 1e-7);
        assertThrows(IllegalArgumentException.class, () -> MultipleTesting.holmAndBhy(own, 0, earlier, 7));
    }

    /** Any split of any p-values, ties included, adjusts each one as holm/bhy over all of them do. */
    @Test
    void everySplitOfThePValuesGivesTheAdjustmentOverAll() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rnd.nextInt(30), own = 1 + rnd.nextInt(n), extra = rnd.nextInt(5);
            double[] all = new double[n];
            for (int i = 0; i < n; i++) all[i] = Math.round(rnd.nextDouble() * (rnd.nextBoolean() ? 20 : 0.2) * 100) / 100.0 / 10; // ties, some above 1
            double[] mine = java.util.Arrays.copyOf(all, own);
            EarlierPValues earlier = EarlierPValues.of(java.util.Arrays.copyOfRange(all, own, n));
            double[] holm = MultipleTesting.holm(all, n + extra), bhy = MultipleTesting.bhy(all, n + extra);
            for (int k = 0; k < own; k++) {
                double[] got = MultipleTesting.holmAndBhy(mine, k, earlier, n + extra);
                assertEquals(holm[k], got[0], 1e-12, "holm " + java.util.Arrays.toString(all) + " at " + k);
                assertEquals(bhy[k], got[1], 1e-12, "bhy " + java.util.Arrays.toString(all) + " at " + k);
            }
        }
    }

    /** A session of a million earlier p-values is read only as far as the adjustment needs. */
    @Test
    void theEarlierPValuesAreReadOnlyAsFarAsTheyMatter() {
        long[] read = {0};
        EarlierPValues million = new EarlierPValues() {
            @Override public long known() { return 1_000_000; }
            @Override public void ascending(Visit visit) {
                for (int i = 1; i <= 1_000_000; i++) { read[0]++; if (!visit.take(i / 1e6, 1)) return; }
            }
        };
        double[] got = MultipleTesting.holmAndBhy(new double[]{1e-9, 0.2}, 0, million, 1_000_002);
        assertEquals(1_000_002 * 1e-9, got[0], 1e-15);
        // Holm stops above 1e-9, BHY once q v passes its value q N 1e-9 (q ~ 14.4): at v ~ 1e-3, the thousandth
        assertTrue(read[0] <= 1001, "read " + read[0] + " earlier p-values");
    }
}
