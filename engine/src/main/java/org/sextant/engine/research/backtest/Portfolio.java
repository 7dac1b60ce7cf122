package org.sextant.engine.research.backtest;

import java.util.Arrays;

/**
 * Weights over a universe, weights[asset][t] decided at bar t's close (then filled by the
 * kernel one bar later), and the portfolio return of per-asset strategy returns.
 */
public final class Portfolio {
    private Portfolio() {}

    /** Each asset's signal scaled by 1/K, so the portfolio never exceeds full investment. */
    public static double[][] equalWeight(double[][] signals) {
        int k = signals.length;
        double[][] w = new double[k][];
        for (int a = 0; a < k; a++) {
            w[a] = new double[signals[a].length];
            for (int t = 0; t < w[a].length; t++) w[a][t] = signals[a][t] / k;
        }
        return w;
    }

    /** 1/N in the N assets with the highest score at each bar (NaN scores never chosen). */
    public static double[][] topN(double[][] score, int n) {
        int k = score.length;
        if (n < 1 || n > k) throw new IllegalArgumentException("top-N needs 1 <= N <= " + k + ", got " + n);
        int len = score[0].length;
        double[][] w = new double[k][len];
        Integer[] idx = new Integer[k];
        for (int t = 0; t < len; t++) {
            final int bar = t;
            for (int a = 0; a < k; a++) idx[a] = a;
            Arrays.sort(idx, (x, y) -> Double.compare(key(score[y][bar]), key(score[x][bar])));
            int valid = 0;
            for (int a = 0; a < k; a++) if (!Double.isNaN(score[a][t])) valid++;
            int chosen = Math.min(n, valid);
            for (int j = 0; j < chosen; j++) w[idx[j]][t] = 1.0 / n;
        }
        return w;
    }

    private static double key(double v) {
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }

    /**
     * The book's returns with its weights as fractions of the whole portfolio, traded back to them
     * whenever the bars' moves make them drift (and charged for it): see {@link StrategyBacktestKernel}.
     *
     * @param exposure if not null, receives the gross exposure per bar
     * @param traded   if not null, receives the total position traded per bar, rebalancing included
     */
    public static double[] returns(double[][] weights, double[][] open, double[][] close, Execution execution, Costs costs,
                                   double[] exposure, double[] traded) {
        return StrategyBacktestKernel.returns(weights, open, close, execution, costs, 0, null, exposure, traded);
    }
}
