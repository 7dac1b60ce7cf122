package org.sextant.engine.forecast.model;

/**
 * How many differences an ARIMA needs, decided as R's forecast package does for auto.arima:
 * first differences by repeated KPSS level-stationarity tests at 5% (ndiffs, test = "kpss",
 * Bartlett lag trunc(3√n/13)); a seasonal difference when the seasonal strength
 * 1 − var(remainder)/var(remainder + season) exceeds 0.64 (nsdiffs, test = "seas"). R takes
 * the strength from an STL decomposition; here it comes from the classical additive
 * decomposition (centred moving average), which agrees except near the threshold.
 */
public final class Differencing {
    private Differencing() {}

    /** 5% critical value of the KPSS level statistic (Kwiatkowski et al. 1992, Table 1). */
    static final double KPSS_CRITICAL_5 = 0.463;

    /** Number of first differences (0..maxD) that make the series level-stationary by KPSS. */
    public static int ndiffs(double[] y, int maxD) {
        double[] x = y;
        if (Seasonality.isConstant(x)) return 0;
        int d = 0;
        boolean again = kpss(x) > KPSS_CRITICAL_5;
        while (again && d < maxD) {
            d++;
            x = ArimaFitter.difference(x, 1, 0, 1);
            if (x.length < 2 || Seasonality.isConstant(x)) return d;
            again = kpss(x) > KPSS_CRITICAL_5;
        }
        return d;
    }

    /** KPSS statistic for level stationarity with Bartlett long-run variance at lag trunc(3√n/13). */
    public static double kpss(double[] x) {
        int n = x.length;
        int lags = (int) (3 * Math.sqrt(n) / 13);
        double mean = 0;
        for (double v : x) mean += v / n;
        double[] e = new double[n];
        for (int t = 0; t < n; t++) e[t] = x[t] - mean;
        double s = 0, eta = 0;
        for (int t = 0; t < n; t++) {
            s += e[t];
            eta += s * s;
        }
        eta /= (double) n * n;
        double lr = 0;
        for (double v : e) lr += v * v;
        for (int l = 1; l <= lags; l++) {
            double c = 0;
            for (int t = l; t < n; t++) c += e[t] * e[t - l];
            lr += 2 * (1 - l / (lags + 1.0)) * c;
        }
        lr /= n;
        return lr > 0 ? eta / lr : 0;
    }

    /** Seasonal differences (0 or 1): 1 when the seasonal strength exceeds 0.64. */
    public static int nsdiffs(double[] y, int m) {
        if (m <= 1 || Seasonality.isConstant(y) || y.length <= 2 * m) return 0;
        return seasonalStrength(y, m) > 0.64 ? 1 : 0;
    }

    /** 1 − var(remainder)/var(remainder + season) of the classical additive decomposition, in [0,1]. */
    public static double seasonalStrength(double[] y, int m) {
        double[] trend = Seasonality.centredMovingAverage(y, m);
        double[] fig = Seasonality.classicalFigure(y, m, false);
        int n = y.length, k = 0;
        double[] rem = new double[n], rs = new double[n];
        for (int t = 0; t < n; t++) {
            if (Double.isNaN(trend[t])) continue;
            double s = Seasonality.index(fig, t);
            rem[k] = y[t] - trend[t] - s;
            rs[k] = rem[k] + s;
            k++;
        }
        double vr = variance(rem, k), vs = variance(rs, k);
        if (!(vs > 0)) return 0;
        return Math.max(0, Math.min(1, 1 - vr / vs));
    }

    private static double variance(double[] x, int k) {
        double mean = 0;
        for (int i = 0; i < k; i++) mean += x[i] / k;
        double s = 0;
        for (int i = 0; i < k; i++) s += (x[i] - mean) * (x[i] - mean);
        return s / (k - 1);
    }
}
