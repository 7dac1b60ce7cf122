package org.sextant.engine.research.backtest;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Buy-and-hold of a run's symbols, what its strategy is measured against: every symbol at 1/K of
 * equity from the first bar to the last, traded back to 1/K as the prices move the weights (as a
 * weighted book is, within the strategy's rebalancing band), filled and charged as the strategy's
 * execution fills and charges (so one symbol pays its entry only, several their rebalancing too),
 * stopped at ruin as a strategy is.
 *
 * @param holds   the benchmark in words
 * @param returns one return per bar, 0 on the first
 */
public record Holding(String holds, double[] returns, double[] exposure, double[] traded) {
    /** Symbols named one by one up to this many; more are counted. */
    private static final int NAMED = 8;

    public static Holding of(List<String> symbols, double[][] open, double[][] close, Execution execution, Costs costs) {
        return of(symbols, open, close, execution, costs, 0);
    }

    /** {@code band}: the strategy's rebalancing band, which the benchmark's 1/K weights are traded back with too. */
    public static Holding of(List<String> symbols, double[][] open, double[][] close, Execution execution, Costs costs, double band) {
        int k = close.length, bars = close[0].length;
        double[] each = new double[bars];                // one row of 1/K shared by every asset: no K x bars copy of the prices' size
        Arrays.fill(each, 1.0 / k);
        double[][] weights = new double[k][];
        Arrays.fill(weights, each);
        double[] exposure = new double[bars], traded = new double[bars];
        double[] r = StrategyBacktestKernel.returns(weights, open, close, execution, costs, band, null, exposure, traded);
        Ruin.stop(r, exposure, traded);
        String who = symbols.size() <= NAMED ? String.join(", ", symbols) : "the " + symbols.size() + " symbols";
        String rebalanced = k == 1 ? "" : band == 0 ? ", rebalanced every bar" : ", rebalanced when a weight drifts more than " + bps(band) + " from it";
        // one symbol read "MSFT held at 1/1 of equity each": it holds all of it
        String share = k == 1 ? "with all of equity" : "at 1/" + k + " of equity each";
        String holds = String.format(Locale.ROOT, "%s held %s from the first bar%s, filled at the %s, costs %s bps of value traded",
                who, share, rebalanced, execution == Execution.NEXT_OPEN ? "next open" : "next close", bps(costs.commissionBps() + costs.slippageBps()));
        return new Holding(holds, r, exposure, traded);
    }

    private static String bps(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
