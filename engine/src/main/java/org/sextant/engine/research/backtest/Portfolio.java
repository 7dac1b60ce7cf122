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
     * Backtests every asset with its weights and sums the returns (weights are fractions of the
     * whole portfolio, so per-asset returns add).
     *
     * @param exposure if not null, receives the gross exposure per bar
     * @param traded   if not null, receives the total position traded per bar
     */
    public static double[] returns(double[][] weights, double[][] open, double[][] close, Execution execution, Costs costs,
                                   double[] exposure, double[] traded) {
        int len = close[0].length;
        double[] out = new double[len];
        double[] held = new double[len], dq = new double[len];
        for (int a = 0; a < close.length; a++) {
            double[] r = StrategyBacktestKernel.returns(weights[a], open == null ? null : open[a], close[a], execution, costs, held, dq);
            for (int t = 0; t < len; t++) {
                out[t] += r[t];
                if (exposure != null) exposure[t] += Math.abs(held[t]);
                if (traded != null) traded[t] += dq[t];
            }
        }
        return out;
    }
}
