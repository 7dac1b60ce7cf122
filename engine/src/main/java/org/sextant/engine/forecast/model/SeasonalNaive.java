package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;

/** Each future value equals the value one season earlier; se = sigma·sqrt(completed seasons + 1). */
public final class SeasonalNaive implements Forecaster {
    @Override public String name() { return "snaive"; }
    @Override public int minLength(int period) { return period + 1; }

    @Override
    public Forecast compute(double[] y, int m, int h, double[] levels) {
        int n = y.length;
        double ss = 0;
        for (int t = m; t < n; t++) ss += (y[t] - y[t - m]) * (y[t] - y[t - m]);
        double sigma = Math.sqrt(ss / (n - m));
        double[] mean = new double[h], se = new double[h];
        for (int i = 0; i < h; i++) {
            mean[i] = y[n - m + (i % m)];
            se[i] = sigma * Math.sqrt(i / m + 1);
        }
        return new Forecast(name(), mean, Normal.bands(mean, se, levels));
    }
}
