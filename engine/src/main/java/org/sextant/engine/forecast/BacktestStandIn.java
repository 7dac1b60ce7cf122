package org.sextant.engine.forecast;

import java.util.Arrays;

/**
 * How far a forecast backtest's error at each origin sits from what the store's closes say an honest forecast there makes
 * (attack 25 M1: a peeking forecaster at the worst 5% of origins, its figures recounted to match, was never among the
 * origins fitted again): the row's mean absolute log error at the origin less drift's over the same steps (drift's median
 * is one line through two closes, {@link ScanStoreRanks}), in units of the volatility at the origin. A naive or drift row
 * sits near 0 at every origin; a forecast improved or worsened by the writer sits far from it, whichever way.
 */
public final class BacktestStandIn {
    private BacktestStandIn() {}

    /** The gap at each of {@code origins} (closes before it, ascending) whose errors are {@code errors}; NaN where it cannot be told. */
    public static double[] gaps(double[] y, int[] origins, double[] errors, int horizon) {
        double[] vol = WalkForwardBacktest.ewmaVolatility(y), gap = new double[origins.length];
        Arrays.fill(gap, Double.NaN);
        for (int k = 0; k < origins.length; k++) {
            int o = origins[k], steps = Math.min(horizon, y.length - o);
            if (o < 2 || steps < 1 || !Double.isFinite(errors[k])) continue;
            double sum = 0;
            for (int s = 0; s < steps; s++) sum += Math.abs(Math.log(y[o + s] / ScanStoreRanks.median(y, o, s + 1)));
            double g = (errors[k] - sum / steps) / vol[o];
            if (Double.isFinite(g)) gap[k] = g;
        }
        return gap;
    }
}
