package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reference values from SciPy 1.17 (scipy.stats.norm / scipy.stats.t). */
class DistributionsTest {
    @Test
    void normalCdfAndQuantile() {
        assertEquals(0.9750021048517795, Normal.cdf(1.96), 1e-15);
        assertEquals(1.959963984540054, Normal.quantile(0.975), 1e-13);
        assertEquals(6.22096057427174e-16, Normal.cdf(-8), 1e-28);
        assertEquals(-6.361340902404056, Normal.quantile(1e-10), 1e-10);
        assertEquals(0.0, Normal.quantile(0.5), 1e-15);
    }

    @Test
    void studentTCdfAndQuantile() {
        assertEquals(0.9490302605850708, StudentT.cdf(2.0, 5), 1e-13);
        assertEquals(0.09805668417524915, StudentT.cdf(-1.3, 119), 1e-13);
        assertEquals(0.6213409635352818, StudentT.cdf(0.5, 0.5), 1e-12);
        assertEquals(3.16927267261695, StudentT.quantile(0.995, 10), 1e-11);
    }
}
