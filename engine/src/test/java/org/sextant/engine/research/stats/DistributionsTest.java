package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reference values from SciPy 1.17 (scipy.stats.t); the normal's are in forecast.NormalTest. */
class DistributionsTest {
    @Test
    void studentTCdfAndQuantile() {
        assertEquals(0.9490302605850708, Haircut.studentT(5).cumulativeProbability(2.0), 1e-13);
        assertEquals(0.09805668417524915, Haircut.studentT(119).cumulativeProbability(-1.3), 1e-13);
        assertEquals(0.6213409635352818, Haircut.studentT(0.5).cumulativeProbability(0.5), 1e-12);
        assertEquals(3.16927267261695, Haircut.studentT(10).inverseCumulativeProbability(0.995), 1e-11);
    }
}
