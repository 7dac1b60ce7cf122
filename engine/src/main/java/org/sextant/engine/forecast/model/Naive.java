package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;

/** Random walk: every future value equals the last one; se grows as sigma·sqrt(h). */
// dup: the Forecaster shape RandomWalkDrift and Theta share (name, minimum length, compute); the models differ in the body
public final class Naive implements Forecaster {
    @Override public String name() { return "naive"; }
    @Override public int minLength(int period) { return 2; }

    @Override
    public Forecast compute(double[] y, int period, int h, double[] levels) {
        int n = y.length;
        double ss = 0;
        for (int t = 1; t < n; t++) ss += (y[t] - y[t - 1]) * (y[t] - y[t - 1]);
        double sigma = Math.sqrt(ss / (n - 1));
        double[] mean = new double[h], se = new double[h];
        for (int i = 0; i < h; i++) {
            mean[i] = y[n - 1];
            se[i] = sigma * Math.sqrt(i + 1);
        }
        return new Forecast(name(), mean, Normal.bands(mean, se, levels));
    }
}
