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

    /** The kernel says where and why equity was ruined, so a run ruined by its trade's costs is told from one ruined by a fall. */
    @Test
    void theKernelReportsTheBarAndCauseOfARuin() {
        double[][] close = {{10, 10, 10, 8.9, 9}}, open = {{10, 10, 10, 9.5, 9}};
        // 10,000 bps (cost and slippage) of the weight traded: buying 1 times the equity on bar 2's close costs all of it
        StrategyBacktestKernel.Result costly = StrategyBacktestKernel.run(new double[][]{{0, 1, 1, 1, 1}}, null, close, Execution.NEXT_CLOSE,
                new Costs(6_000, 4_000), 0, null, null, null);
        assertEquals(new Ruined(2, Ruined.Cause.COSTS, 1), costly.ruined());
        assertEquals(-1, costly.returns()[2]);
        StrategyBacktestKernel.Result costlyAtOpen = StrategyBacktestKernel.run(new double[][]{{0, 0, 2, 2, 2}}, open, close, Execution.NEXT_OPEN,
                new Costs(5_000, 0), 0, null, null, null);
        assertEquals(new Ruined(3, Ruined.Cause.COSTS, 2), costlyAtOpen.ruined());
        // 10 times the equity held into bar 3's 11% fall: the prices took it, the trade there was nothing
        StrategyBacktestKernel.Result levered = StrategyBacktestKernel.run(new double[][]{{10, 10, 10, 10, 10}}, null, close, Execution.NEXT_CLOSE,
                new Costs(10, 0), 0, null, null, null);
        assertEquals(new Ruined(3, Ruined.Cause.PRICES, 0), levered.ruined());
        assertEquals(org.sextant.engine.research.backtest.Ruin.bar(levered.returns(), 0, 5), levered.ruined().bar());
        // short 1 from bar 3's open at 5, which closes at 10.5: a rise after the fill is the prices' too
        StrategyBacktestKernel.Result shortRise = StrategyBacktestKernel.run(new double[][]{{0, 0, -1, -1, -1}}, new double[][]{{10, 10, 10, 5, 9}},
                new double[][]{{10, 10, 10, 10.5, 9}}, Execution.NEXT_OPEN, Costs.NONE, 0, null, null, null);
        assertEquals(new Ruined(3, Ruined.Cause.PRICES, 1), shortRise.ruined());
        assertEquals(null, StrategyBacktestKernel.run(new double[][]{{0, 1, 1, 1, 1}}, null, close, Execution.NEXT_CLOSE, new Costs(10, 5), 0,
                null, null, null).ruined());
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
