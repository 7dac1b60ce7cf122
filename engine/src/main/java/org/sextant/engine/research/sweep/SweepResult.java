package org.sextant.engine.research.sweep;

import org.sextant.engine.research.backtest.Metrics;

/**
 * Every configuration's metrics in and out of sample. {@code returns} (configuration x bar,
 * whole period) is kept only when asked for, since it is what PBO needs and it is large.
 *
 * @param split     first out-of-sample bar; bars [1, split) are in-sample (bar 0 has no return)
 * @param blockSum  per configuration, return sums over {@link Sweep#PBO_BLOCKS} equal blocks of
 *                  the whole period (with blockSq and blockCount: all that CSCV needs)
 */
public record SweepResult(SweepKernel kernel, int split, Metrics[] inSample, Metrics[] outOfSample,
                          double[][] returns, double[][] blockSum, double[][] blockSq, int[] blockCount,
                          long barConfigurations, double seconds) {

    public int configurations() { return inSample.length; }

    /** Configuration with the best in-sample Sharpe ratio: what a researcher would pick. */
    public int bestInSample() {
        int best = 0;
        // an undefined Sharpe (a configuration ruined on its first bar) never beats a defined one
        for (int k = 1; k < inSample.length; k++) if (rank(inSample[k]) > rank(inSample[best])) best = k;
        return best;
    }

    private static double rank(Metrics m) {
        double sr = comparableSharpe(m);
        return Double.isNaN(sr) ? Double.NEGATIVE_INFINITY : sr;
    }

    /**
     * The Sharpe ratio a configuration is compared and counted with: its own, or 0 when its
     * returns never vary (it earned nothing: ranked as cash, as before that Sharpe was shown as
     * null); NaN only when it has no returns (ruined before or on its first bar).
     */
    public static double comparableSharpe(Metrics m) {
        return !Double.isNaN(m.sharpe()) ? m.sharpe() : Double.isFinite(m.volatility()) ? 0 : Double.NaN;
    }

    public double barConfigurationsPerSecond() {
        return barConfigurations / seconds;
    }
}
