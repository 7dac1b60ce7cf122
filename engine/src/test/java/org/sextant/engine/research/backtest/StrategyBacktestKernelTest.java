package org.sextant.engine.research.backtest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StrategyBacktestKernelTest {
    private static final double[] OPEN = {10, 11, 12, 11, 13};
    private static final double[] CLOSE = {10, 12, 11, 12, 14};

    @Test
    void nextCloseHoldsFromTheBarAfterTheFill() {
        // Signal goes long at bar 1's close; filled at bar 2's close; earns bar 3 and bar 4.
        double[] target = {0, 1, 1, 1, 1};
        double[] held = new double[5], traded = new double[5];
        double[] r = StrategyBacktestKernel.returns(target, null, CLOSE, Execution.NEXT_CLOSE, new Costs(10, 5), held, traded);
        assertArrayEquals(new double[]{0, 0, 0, 1, 1}, held);
        assertArrayEquals(new double[]{0, 0, 1, 0, 0}, traded);
        assertEquals(0, r[1]);
        assertEquals(-0.0015, r[2], 1e-15);              // 15 bps paid at the fill
        assertEquals(12.0 / 11 - 1, r[3], 1e-15);
        assertEquals(14.0 / 12 - 1, r[4], 1e-15);
    }

    @Test
    void nextOpenKeepsTheGapForTheOldPosition() {
        double[] target = {1, 0, 0, 0, 0};               // long decided at bar 0; exit decided at bar 1
        double[] r = StrategyBacktestKernel.returns(target, OPEN, CLOSE, Execution.NEXT_OPEN, Costs.NONE, null, null);
        assertEquals(12.0 / 11 - 1, r[1], 1e-15);        // filled at open 1 (11): earns 11 -> 12 only
        assertEquals(12.0 / 12 - 1, r[2], 1e-15);        // gap 12 -> 12 held, then flat at open 2
        assertEquals(0, r[3]);
    }

    @Test
    void aSignalThatSeesItsOwnBarCannotProfitFromIt() {
        // target[t] = 1 exactly when bar t rose: perfect hindsight. Filled a bar later, it earns
        // about what a coin would on a random walk, nowhere near the sum of all up moves.
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        int n = 2000;
        double[] close = new double[n], open = new double[n], target = new double[n];
        close[0] = open[0] = 100;
        double upMoves = 0;
        for (int t = 1; t < n; t++) {
            open[t] = close[t - 1] * (1 + 0.005 * (rnd.nextDouble() - 0.5));
            close[t] = open[t] * (1 + 0.02 * (rnd.nextDouble() - 0.5));
            target[t] = close[t] > close[t - 1] ? 1 : 0;
            upMoves += Math.max(0, close[t] / close[t - 1] - 1);
        }
        for (Execution ex : Execution.values()) {
            double earned = 0;
            for (double v : StrategyBacktestKernel.returns(target, open, close, ex, Costs.NONE, null, null)) earned += v;
            assertTrue(Math.abs(earned) < 0.1 * upMoves, ex + " earned " + earned + " of " + upMoves);
        }
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Costs(-1, 0));
        assertThrows(IllegalArgumentException.class,
                () -> StrategyBacktestKernel.returns(new double[5], null, CLOSE, Execution.NEXT_OPEN, Costs.NONE, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> StrategyBacktestKernel.returns(new double[4], null, CLOSE, Execution.NEXT_CLOSE, Costs.NONE, null, null));
    }
}
