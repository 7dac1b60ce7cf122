package org.sextant.engine.research.sweep;

/**
 * The trades of a weighted book filled at the next close, for the hand-written sweep kernels: each
 * asset's weight drifts with its bar's move and is traded back to its target (StrategyBacktestKernel),
 * so the kernels charge what the engine's book charges.
 */
final class BookTrades {
    private BookTrades() {}

    /**
     * Charges the trades into {@code ret} (holding the book's returns before costs) and adds them to
     * {@code traded}. {@code target[a][t]}: asset a's weight decided at bar t, held over bar t+2.
     */
    static void charge(double[][] target, double[][] barReturn, double cost, double[] ret, double[] traded) {
        for (int t = 1; t < ret.length; t++) {
            double book = ret[t], dq = 0;
            for (int a = 0; a < target.length; a++) {
                double before = t >= 2 ? target[a][t - 2] : 0, after = target[a][t - 1], r = barReturn[a][t];
                dq += Math.abs(before * (1 + r) - after * (1 + book)) / (1 + book);
            }
            ret[t] = book - cost * dq;
            traded[t] += dq;
        }
    }
}
