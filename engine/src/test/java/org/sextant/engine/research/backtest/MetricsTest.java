package org.sextant.engine.research.backtest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MetricsTest {
    @Test
    void hand_checked_figures() {
        double[] r = {0.10, -0.05, 0.02, -0.10};
        double[] exposure = {1, 1, 0, 1};
        double[] traded = {1, 0, 1, 1};
        // periodsPerYear 4: the four bars are one year.
        Metrics m = Metrics.of(r, exposure, traded, 0, 4, 4);
        double equity = 1.10 * 0.95 * 1.02 * 0.90;
        assertEquals(equity - 1, m.cagr(), 1e-12);
        double mean = (0.10 - 0.05 + 0.02 - 0.10) / 4;
        double sd = Math.sqrt((Math.pow(0.10 - mean, 2) + Math.pow(-0.05 - mean, 2) + Math.pow(0.02 - mean, 2) + Math.pow(-0.10 - mean, 2)) / 3);
        assertEquals(sd * 2, m.volatility(), 1e-12);
        assertEquals(mean / sd * 2, m.sharpe(), 1e-12);
        assertEquals(mean / Math.sqrt((0.05 * 0.05 + 0.10 * 0.10) / 4) * 2, m.sortino(), 1e-12);
        assertEquals(1 - (1.10 * 0.95 * 1.02 * 0.90) / 1.10, m.maxDrawdown(), 1e-12);   // peak after bar 0
        assertEquals(3, m.turnover(), 1e-12);
        assertEquals(0.75, m.exposure(), 1e-12);
        assertEquals(1.0 / 3, m.hitRate(), 1e-12);                                         // 1 of 3 exposed bars up
        assertEquals(4, m.bars());
    }

    @Test
    void aWindowOfTheSeriesIsMeasuredAlone() {
        double[] r = {-0.5, 0.01, 0.01, 0.01};
        Metrics oos = Metrics.of(r, null, null, 1, 4, 252);
        assertEquals(0, oos.maxDrawdown(), 1e-15);
        assertEquals(3, oos.bars());
    }
}
