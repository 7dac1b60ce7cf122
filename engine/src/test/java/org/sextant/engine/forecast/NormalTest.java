package org.sextant.engine.forecast;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NormalTest {
    @Test
    void quantilesMatchRQnorm() {
        // R 4.2.2: qnorm(c(0.9, 0.975, 0.995, 0.001))
        assertEquals(1.2815515655446, Normal.quantile(0.9), 1e-8);
        assertEquals(1.95996398454005, Normal.quantile(0.975), 1e-8);
        assertEquals(2.5758293035489, Normal.quantile(0.995), 1e-8);
        assertEquals(-3.09023230616781, Normal.quantile(0.001), 1e-8);
        assertEquals(0.0, Normal.quantile(0.5), 1e-12);
    }

    @Test
    void cdfAndQuantileMatchSciPyToFullPrecision() {
        // SciPy 1.17 (scipy.stats.norm), also in the far tail
        assertEquals(0.9750021048517795, Normal.cdf(1.96), 1e-15);
        assertEquals(1.959963984540054, Normal.quantile(0.975), 1e-13);
        assertEquals(6.22096057427174e-16, Normal.cdf(-8), 1e-28);
        assertEquals(-6.361340902404056, Normal.quantile(1e-10), 1e-10);
        assertEquals(0.0, Normal.quantile(0.5), 1e-15);
    }

    @Test
    void cdfInvertsQuantile() {
        for (double p : new double[] {0.01, 0.1, 0.5, 0.8, 0.99}) assertEquals(p, Normal.cdf(Normal.quantile(p)), 2e-7);
    }
}
