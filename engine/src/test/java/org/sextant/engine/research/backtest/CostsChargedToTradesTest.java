package org.sextant.engine.research.backtest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A fill's costs are paid from cash by the positions it trades: a position it leaves alone keeps its value (docs/research.md). */
class CostsChargedToTradesTest {
    // A is flat throughout; B is flat, then rises 10% over bar 3 (open 20, close 22)
    private static final double[][] CLOSE = {{10, 10, 10, 10}, {20, 20, 20, 22}};
    private static final double[][] OPEN = {{10, 10, 10, 10}, {20, 20, 20, 20}};
    // A's weight cut from 0.5 to 0.3 after bar 1; B held at 0.5; a band of 0.05 leaves B untraded at bar 2's fill
    private static final double[][] TARGET = {{0.5, 0.3, 0.3, 0.3}, {0.5, 0.5, 0.5, 0.5}};

    /**
     * By hand, 100 bps of value traded, equity 1: the entry buys 0.5 of each and pays 0.01 (equity 0.99, A and B
     * 0.495 each). Selling 0.2 x 0.99 = 0.198 of A pays 0.00198 from cash: equity 0.98802, B still 0.495. B's 10%
     * then earns 0.0495: equity 1.03752. Paid from every position in proportion, B would have lost 0.2% of its
     * value to A's sale and earned 0.049401 (equity 1.037421).
     */
    @Test
    void aRebalanceThatTradesOnlyOnePositionLeavesTheOtherAtItsValue() {
        for (Execution execution : Execution.values()) {
            double[][] held = new double[2][4];
            double[] traded = new double[4];
            double[] r = StrategyBacktestKernel.returns(TARGET, OPEN, CLOSE, execution, new Costs(60, 40), 0.05, held, null, traded);
            assertArrayEquals(new double[]{0, 1, 0.2, 0}, traded, 1e-15, execution + " traded");
            double equity = 1;
            for (int t = 1; t < 3; t++) equity *= 1 + r[t];
            assertEquals(0.98802, equity, 1e-14, execution + ": the entry's 0.01 and A's sale's 0.00198 are all that was paid");
            assertEquals(0.495, held[1][3] * equity, 1e-14, execution + ": B's value after A's sale, which did not trade it");
            assertEquals(0.3, held[0][3], 1e-15, execution + ": A at its target of the equity after costs");
            assertEquals(1.03752, equity * (1 + r[3]), 1e-14, execution + ": B's 10% earned on its whole 0.495");
        }
    }
}
