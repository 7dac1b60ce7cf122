package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SharpeSpreadTest {
    @Test
    void runsCombineToTheVarianceOfAllTheirRatios() {
        double[] first = {0.5, -0.2, 1.1}, second = {0.3, 0.9}, all = {0.5, -0.2, 1.1, 0.3, 0.9};
        SharpeSpread combined = SharpeSpread.of(first).plus(SharpeSpread.of(second));
        double mean = 0.52, var = 0;
        for (double x : all) var += (x - mean) * (x - mean);
        assertEquals(5, combined.count());
        assertEquals(mean, combined.mean(), 1e-15);
        assertEquals(var / 4, combined.variance(), 1e-15);
    }

    @Test
    void ratiosMissingAreLeftOutAndOneRatioHasNoVariance() {
        assertEquals(2, SharpeSpread.of(new double[]{Double.NaN, 1, 2}).count());
        assertTrue(Double.isNaN(SharpeSpread.of(new double[]{1.5}).variance()), "one ratio: unknown, not 0");
    }
}
