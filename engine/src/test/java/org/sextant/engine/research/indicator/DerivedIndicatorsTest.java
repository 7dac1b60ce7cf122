package org.sextant.engine.research.indicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Returns, rolling volatility and z-score: hand-checked values on short series. */
class DerivedIndicatorsTest {
    @Test
    void returnsAreSimpleAndLogOneBarChanges() {
        double[] p = {100, 110, 99};
        double[] s = Returns.simple(p);
        assertTrue(Double.isNaN(s[0]));
        assertEquals(0.10, s[1], 1e-15);
        assertEquals(-0.10, s[2], 1e-15);
        assertEquals(Math.log(0.9), Returns.log(p)[2], 1e-15);
        assertEquals(-0.01, Returns.over(p, 2)[2], 1e-15);
    }

    @Test
    void zScoreUsesSampleStandardDeviationOfTheWindow() {
        double[] x = {1, 2, 3, 4, 10};
        double[] z = RollingStats.zScore(x, 3);
        assertTrue(Double.isNaN(z[1]));
        assertEquals(1.0, z[2], 1e-12);           // mean 2, sd 1
        // window {3,4,10}: mean 17/3, sample sd sqrt(((3-17/3)^2+(4-17/3)^2+(10-17/3)^2)/2)
        double m = 17.0 / 3, sd = Math.sqrt((Math.pow(3 - m, 2) + Math.pow(4 - m, 2) + Math.pow(10 - m, 2)) / 2);
        assertEquals((10 - m) / sd, z[4], 1e-12);
    }

    @Test
    void volatilityIsAnnualisedSampleSdOfLogReturns() {
        double[] p = {100, 101, 100, 102, 101};
        double[] v = RollingStats.volatility(p, 4, 252);
        double[] r = Returns.log(p);
        double m = (r[1] + r[2] + r[3] + r[4]) / 4, ss = 0;
        for (int i = 1; i <= 4; i++) ss += (r[i] - m) * (r[i] - m);
        assertTrue(Double.isNaN(v[3]));
        assertEquals(Math.sqrt(ss / 3) * Math.sqrt(252), v[4], 1e-12);
    }

    @Test
    void badWindowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> MovingAverage.sma(new double[]{1, 2}, 0));
        assertThrows(IllegalArgumentException.class, () -> Macd.of(new double[]{1, 2}, 26, 12, 9, false));
    }
}
