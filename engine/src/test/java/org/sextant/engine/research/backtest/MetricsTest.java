package org.sextant.engine.research.backtest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void aRuinedSeriesLosesEverythingAndIsMeasuredUpToItsRuin() {
        // 10x leverage on a 12% fall: -120% on bar 2; compounding on would make later losses gains
        double[] r = {0, 0.10, -1.2, -0.5, 0.3, -0.2};
        double[] exposure = {10, 10, 10, 10, 10, 10}, traded = {10, 0, 0, 0, 0, 0};
        assertEquals(2, Ruin.stop(r, exposure, traded));
        assertArrayEquals(new double[]{0, 0.10, -1, 0, 0, 0}, r, 0);
        assertArrayEquals(new double[]{10, 10, 10, 0, 0, 0}, exposure, 0);

        Metrics whole = Metrics.of(r, exposure, traded, 1, 6, 252);
        assertEquals(-1, whole.cagr(), 0, "everything lost: CAGR -100%");
        assertEquals(1, whole.maxDrawdown(), 0, "drawdown 100%");
        double mean = (0.10 - 1) / 2, sd = Math.sqrt(Math.pow(0.10 - mean, 2) + Math.pow(-1 - mean, 2));
        assertEquals(mean / sd * Math.sqrt(252), whole.sharpe(), 1e-12, "Sharpe over the bars up to the ruin, not the zeros after it");
        assertTrue(whole.sharpe() < 0);

        Metrics after = Metrics.of(r, exposure, traded, 3, 6, 252);
        assertEquals(-1, after.cagr(), 0, "a window after the ruin has no equity to grow");
        assertEquals(1, after.maxDrawdown(), 0);
        assertTrue(Double.isNaN(after.sharpe()) && Double.isNaN(after.volatility()), "no returns, no Sharpe");
        assertEquals(0, after.exposure(), 0);
    }

    @Test
    void aSeriesThatNeverLosesEverythingIsLeftAsItIs() {
        double[] r = {0, -0.99, 0.5};
        assertEquals(-1, Ruin.stop(r, null, null));
        assertArrayEquals(new double[]{0, -0.99, 0.5}, r, 0);
    }

    /** No return below 0 has no downside deviation: Sortino is undefined (was 0.0, "no reward for the risk"). */
    @Test
    void noDownsideHasNoSortinoAndNoVariationNoSharpe() {
        Metrics up = Metrics.of(new double[]{0, 0.01, 0, 0.02, 0}, null, null, 0, 5, 252);
        org.junit.jupiter.api.Assertions.assertTrue(up.sharpe() > 0 && Double.isNaN(up.sortino()), up.toString());
        Metrics flat = Metrics.of(new double[5], null, null, 0, 5, 252);
        org.junit.jupiter.api.Assertions.assertTrue(Double.isNaN(flat.sharpe()) && Double.isNaN(flat.sortino()) && flat.volatility() == 0, flat.toString());
        // equal non-zero returns: their sd may round to a tiny non-zero, and still no Sharpe (not 1e15)
        Metrics same = Metrics.of(new double[]{0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001}, null, null, 0, 7, 252);
        org.junit.jupiter.api.Assertions.assertTrue(Double.isNaN(same.sharpe()) && same.volatility() == 0, same.toString());
    }
}
