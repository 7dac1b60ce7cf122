package org.sextant.engine.research.sweep;

import org.sextant.engine.research.backtest.Ruined;
import org.sextant.engine.research.backtest.StrategyBacktestKernel;

/**
 * The trades of a weighted book filled at the next close, for the hand-written sweep kernels: each
 * asset's weight drifts with its bar's move and is traded back to its target (StrategyBacktestKernel),
 * so the kernels charge what the engine's book charges. A kernel first adds the book's returns
 * before costs, then each asset's {@link #off} into traded, then {@link #charge}s them.
 */
final class BookTrades {
    private BookTrades() {}

    /** The weight traded at a bar's close: {@code before} drifted by the asset's move r and the book's, back to {@code after}. */
    static double off(double before, double after, double r, double book) {
        return Math.abs(before * (1 + r) - after * (1 + book)) / (1 + book);
    }

    /**
     * Charges the trades summed in {@code traded} into {@code ret}, which holds the book's returns before costs, on the equity
     * at the close; where the equity was first ruined, as the engine's kernel says it (null: never).
     */
    static Ruined charge(double[] ret, double[] traded, double cost) {
        Ruined ruined = null;
        for (int t = 1; t < ret.length; t++) {
            double before = ret[t];
            ret[t] = StrategyBacktestKernel.afterFill(before, cost * traded[t], 0);
            if (ruined == null && ret[t] <= -1) ruined = new Ruined(t, Ruined.Cause.of(before, cost * traded[t]), traded[t]);
        }
        return ruined;
    }
}
