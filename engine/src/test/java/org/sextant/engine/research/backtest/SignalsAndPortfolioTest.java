package org.sextant.engine.research.backtest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SignalsAndPortfolioTest {
    private static final double N = Double.NaN;

    @Test
    void crossoverIsFlatDuringWarmUp() {
        assertArrayEquals(new double[]{0, 1, 0, -1},
                Signals.crossover(new double[]{N, 2, 1, 1}, new double[]{N, 1, 1, 2}, true));
    }

    @Test
    void thresholdKeepsItsStateBetweenTheLevels() {
        double[] rsi = {N, 50, 25, 40, 60, 75, 50, 20};
        assertArrayEquals(new double[]{0, 0, 1, 1, 1, 0, 0, 1}, Signals.threshold(rsi, 30, 70));
    }

    @Test
    void bandBreakAndLogic() {
        double[] s = Signals.bandBreak(new double[]{5, 11, 0, 5}, new double[]{N, 1, 1, 1}, new double[]{N, 10, 10, 10}, false);
        assertArrayEquals(new double[]{0, 1, -1, 0}, s);
        double[] a = {1, 1, 0, 0}, b = {1, 0, 1, 0};
        assertArrayEquals(new double[]{1, 0, 0, 0}, Signals.and(a, b));
        assertArrayEquals(new double[]{1, 1, 1, 0}, Signals.or(a, b));
        assertArrayEquals(new double[]{0, 0, 1, 1}, Signals.not(a));
    }

    @Test
    void sizingScalesBySizeOrByVolatility() {
        assertArrayEquals(new double[]{0.5, 0}, Sizing.fixedFraction(new double[]{1, 0}, 0.5));
        double[] close = {100, 101, 100, 101, 100, 101};
        double[] p = Sizing.volatilityTarget(new double[]{1, 1, 1, 1, 1, 1}, close, 0.10, 3, 2, 252);
        assertEquals(0, p[2]);                                  // no estimate yet
        assertEquals(0.10 / org.sextant.engine.research.indicator.RollingStats.volatility(close, 3, 252)[5], p[5], 1e-12);
    }

    @Test
    void topNPicksTheHighestScoresEachBar() {
        double[][] score = {{3, 1, N}, {2, 2, 1}, {1, 3, 2}};
        double[][] w = Portfolio.topN(score, 2);
        assertArrayEquals(new double[]{0.5, 0, 0}, w[0]);
        assertArrayEquals(new double[]{0.5, 0.5, 0.5}, w[1]);
        assertArrayEquals(new double[]{0, 0.5, 0.5}, w[2]);
    }

    @Test
    void equalWeightPortfolioAddsAssetReturnsAndTradesBackToEqualWeights() {
        double[][] close = {{10, 10, 11, 11}, {20, 20, 20, 22}};
        double[][] w = Portfolio.equalWeight(new double[][]{{1, 1, 1, 1}, {1, 1, 1, 1}});
        double[] exposure = new double[4], traded = new double[4];
        double[] r = Portfolio.returns(w, null, close, Execution.NEXT_CLOSE, Costs.NONE, exposure, traded);
        assertEquals(0.5 * 0.1, r[2], 1e-15);
        assertEquals(0.5 * 0.1, r[3], 1e-15);
        assertArrayEquals(new double[]{0, 0, 1, 1}, exposure, 1e-15);
        // over bar 2 asset 0 rose 10%, the book 5%: its half drifted to 0.55/1.05 and the other's to 0.5/1.05, each traded 1/42 back to half
        assertArrayEquals(new double[]{0, 1, 1.0 / 21, 1.0 / 21}, traded, 1e-15);
    }
}
