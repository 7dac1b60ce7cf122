package org.sextant.engine.research.indicator;

/**
 * Window statistics. Each window is computed in two passes (mean, then squared deviations) so
 * values stay exact to rounding, as TTR's runSD does, rather than drifting like a running sum of
 * squares would on long series.
 */
public final class RollingStats {
    private RollingStats() {}

    /** Population (divide by n) standard deviation over the last n values: TTR::runSD(sample = FALSE). */
    public static double[] populationSd(double[] x, int n) {
        return sd(x, n, false);
    }

    /** Sample (divide by n - 1) standard deviation over the last n values: TTR::runSD default. */
    public static double[] sampleSd(double[] x, int n) {
        if (n < 2) throw new IllegalArgumentException("sample standard deviation needs a window of at least 2, got " + n);
        return sd(x, n, true);
    }

    /**
     * Annualised rolling volatility of one-bar log returns: the sample standard deviation of the
     * last n returns times sqrt(periodsPerYear).
     */
    public static double[] volatility(double[] price, int n, double periodsPerYear) {
        double[] sd = sampleSd(Returns.log(price), n);
        double scale = Math.sqrt(periodsPerYear);
        for (int i = 0; i < sd.length; i++) sd[i] *= scale;
        return sd;
    }

    /** (x - rolling mean) / rolling sample standard deviation over the last n values. */
    public static double[] zScore(double[] x, int n) {
        double[] mean = MovingAverage.sma(x, n);
        double[] sd = sampleSd(x, n);
        double[] z = new double[x.length];
        for (int i = 0; i < z.length; i++) z[i] = (x[i] - mean[i]) / sd[i];
        return z;
    }

    private static double[] sd(double[] x, int n, boolean sample) {
        MovingAverage.requireLength(n);
        double[] out = MovingAverage.nans(x.length);
        int start = MovingAverage.firstDefined(x);
        if (start < 0) return out;
        for (int i = start + n - 1; i < x.length; i++) {
            double m = 0;
            for (int j = i - n + 1; j <= i; j++) m += x[j];
            m /= n;
            double ss = 0;
            for (int j = i - n + 1; j <= i; j++) { double d = x[j] - m; ss += d * d; }
            out[i] = Math.sqrt(ss / (sample ? n - 1 : n));
        }
        return out;
    }
}
