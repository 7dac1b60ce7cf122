package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
