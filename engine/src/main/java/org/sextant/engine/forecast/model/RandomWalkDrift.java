package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;

/**
 * Random walk with drift: the line through the first and last values, extended. The se
 * includes the uncertainty of the estimated drift: sigma·sqrt(h·(1 + h/(n-1))).
 */
// dup: the Forecaster shape Naive and Theta share; the model differs in the body
public final class RandomWalkDrift implements Forecaster {
    @Override public String name() { return "drift"; }
    @Override public int minLength(int period) { return 3; }

    @Override
    public Forecast compute(double[] y, int period, int h, double[] levels) {
        int n = y.length;
        double b = (y[n - 1] - y[0]) / (n - 1);
        double ss = 0;
        for (int t = 1; t < n; t++) {
            double e = y[t] - y[t - 1] - b;
            ss += e * e;
        }
        double sigma = Math.sqrt(ss / (n - 2));
        double[] mean = new double[h], se = new double[h];
        for (int i = 0; i < h; i++) {
            int s = i + 1;
            mean[i] = y[n - 1] + s * b;
            se[i] = sigma * Math.sqrt(s * (1 + (double) s / (n - 1)));
        }
        return new Forecast(name(), mean, Normal.bands(mean, se, levels));
    }
}
