package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WeightedStatsTest {

    @Test
    void equalWeightQuantilesAreRType5() {
        // R: quantile(1:10, c(.05,.25,.3,.5,.95), type = 5) gives 1.0 3.0 3.5 5.5 10.0
        double[] x = {7, 3, 1, 10, 2, 9, 4, 8, 5, 6};
        double[] w = new double[10];
        Arrays.fill(w, 2.5);
        assertArrayEquals(new double[]{1.0, 3.0, 3.5, 5.5, 10.0}, WeightedStats.quantiles(x, w, 0.05, 0.25, 0.3, 0.5, 0.95), 1e-12);
    }

    @Test
    void weightsMoveTheMeanMedianAndEffectiveCount() {
        double[] x = {-0.02, 0.01, 0.03};
        ForwardStats equal = WeightedStats.of(5, x, new double[]{1, 1, 1}, 1);
        assertEquals(3.0, equal.effectiveCount(), 1e-12);
        assertEquals(0.02 / 3, equal.mean(), 1e-15);
        assertEquals(0.01, equal.median(), 1e-15);
        assertEquals(100.0 * 2 / 3, equal.positivePct(), 1e-12);
        assertEquals(-0.02, equal.worst());
        assertEquals(0.03, equal.best());
        ForwardStats skewed = WeightedStats.of(5, x, new double[]{1, 1, 8}, 1);
        assertEquals((-0.02 + 0.01 + 0.24) / 10, skewed.mean(), 1e-15);
        assertEquals(100.0 / 66, skewed.effectiveCount(), 1e-12);
        assertTrue(skewed.median() > equal.median());
        assertEquals(new ForwardStats(5, 0, null, null, null, null, null, null, null, null, null, null, null, equal.ci95()).count(), 0);
    }

    @Test
    void blockBootstrapIsSeededReproducibleAndBracketsTheMean() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(11);
        double[] x = new double[200];
        double[] w = new double[200];
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.001 + 0.02 * r.nextGaussian();
            w[i] = 0.5 + r.nextDouble();
        }
        double[] a = WeightedStats.bootstrapMean(x, w, 1000, 0.95, 42);
        double[] b = WeightedStats.bootstrapMean(x, w, 1000, 0.95, 42);
        double[] c = WeightedStats.bootstrapMean(x, w, 1000, 0.95, 43);
        assertArrayEquals(a, b);
        assertNotEquals(a[0], c[0]);
        ForwardStats s = WeightedStats.of(5, x, w, 42);
        assertTrue(a[0] < s.mean() && s.mean() < a[1]);
        // Roughly the normal-theory width 2*1.96*sd/sqrt(n_eff) for independent draws.
        double normal = 2 * 1.96 * s.stdev() / Math.sqrt(s.effectiveCount());
        double width = a[1] - a[0];
        assertTrue(width > 0.6 * normal && width < 1.4 * normal, width + " vs " + normal);
        assertEquals(6, WeightedStats.blockLength(200));
    }
}
