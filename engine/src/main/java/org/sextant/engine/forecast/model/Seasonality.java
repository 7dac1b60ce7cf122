package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Normal;

/**
 * Classical seasonality tools used by Theta and Naive2 as in the M3/M4 benchmarks: the 90%
 * autocorrelation test at lag m and the classical (moving-average) decomposition of R's
 * {@code decompose}.
 */
public final class Seasonality {
    private Seasonality() {}

    /** Sample autocorrelation at lags 1..maxLag (denominator n, mean removed), index 0 = lag 1. */
    public static double[] acf(double[] y, int maxLag) {
        int n = y.length;
        double mean = 0;
        for (double v : y) mean += v;
        mean /= n;
        double c0 = 0;
        for (double v : y) c0 += (v - mean) * (v - mean);
        double[] r = new double[maxLag];
        for (int k = 1; k <= maxLag; k++) {
            double c = 0;
            for (int t = 0; t + k < n; t++) c += (y[t] - mean) * (y[t + k] - mean);
            r[k - 1] = c0 == 0 ? 0 : c / c0;
        }
        return r;
    }

    /**
     * True when the autocorrelation at lag m is significant at 90% (two-sided), using Bartlett's
     * standard error from the lags below m: the test of Assimakopoulos–Nikolopoulos and thetaf.
     */
    public static boolean isSeasonal(double[] y, int m) {
        int n = y.length;
        if (m <= 1 || n <= 2 * m || isConstant(y)) return false;
        double[] r = acf(y, m);
        double s = 0;
        for (int k = 0; k < m - 1; k++) s += r[k] * r[k];
        double stat = Math.sqrt((1 + 2 * s) / n);
        return Math.abs(r[m - 1]) / stat > Normal.quantile(0.95);
    }

    static boolean isConstant(double[] y) {
        for (double v : y) if (v != y[0]) return false;
        return true;
    }

    /**
     * Seasonal figure of the classical decomposition: index j is the season of observation j
     * (mod m). Multiplicative figures average to 1, additive ones to 0. Needs n >= 2m.
     */
    public static double[] classicalFigure(double[] y, int m, boolean multiplicative) {
        int n = y.length;
        double[] trend = centredMovingAverage(y, m);
        double[] sum = new double[m];
        int[] count = new int[m];
        for (int t = 0; t < n; t++) {
            if (Double.isNaN(trend[t])) continue;
            sum[t % m] += multiplicative ? y[t] / trend[t] : y[t] - trend[t];
            count[t % m]++;
        }
        double[] fig = new double[m];
        double mean = 0;
        for (int j = 0; j < m; j++) {
            fig[j] = count[j] == 0 ? (multiplicative ? 1 : 0) : sum[j] / count[j];
            mean += fig[j] / m;
        }
        for (int j = 0; j < m; j++) fig[j] = multiplicative ? fig[j] / mean : fig[j] - mean;
        return fig;
    }

    /** The 2×m moving average for even m, the m moving average for odd m; NaN at the ends. */
    static double[] centredMovingAverage(double[] y, int m) {
        int n = y.length;
        double[] out = new double[n];
        java.util.Arrays.fill(out, Double.NaN);
        if (m % 2 == 0) {
            int h = m / 2;
            for (int t = h; t + h < n; t++) {
                double s = 0.5 * y[t - h] + 0.5 * y[t + h];
                for (int k = t - h + 1; k <= t + h - 1; k++) s += y[k];
                out[t] = s / m;
            }
        } else {
            int h = (m - 1) / 2;
            for (int t = h; t + h < n; t++) {
                double s = 0;
                for (int k = t - h; k <= t + h; k++) s += y[k];
                out[t] = s / m;
            }
        }
        return out;
    }

    /** Seasonal index for observation t (0-based; t >= n means a forecast step). */
    public static double index(double[] figure, int t) {
        return figure[t % figure.length];
    }
}
