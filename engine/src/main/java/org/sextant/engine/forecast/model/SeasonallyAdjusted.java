package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

/**
 * Runs a non-seasonal model on the seasonally adjusted series and reseasonalises its forecast,
 * the M3 recipe (used there for SINGLE, HOLT, DAMPEN and NAIVE2): classical multiplicative
 * decomposition, applied only when the 90% ACF test finds seasonality at period m.
 */
public final class SeasonallyAdjusted implements Forecaster {
    private final String name;
    private final Forecaster inner;

    public SeasonallyAdjusted(String name, Forecaster inner) {
        this.name = name;
        this.inner = inner;
    }

    @Override public String name() { return name; }
    @Override public int minLength(int period) { return inner.minLength(1); }

    @Override
    public Forecast compute(double[] y, int m, int h, double[] levels) {
        int n = y.length;
        if (!Seasonality.isSeasonal(y, m) || !Naive2.allPositive(y)) {
            Forecast f = inner.compute(y, 1, h, levels);
            return new Forecast(name, f.median(), f.bands());
        }
        double[] fig = Seasonality.classicalFigure(y, m, true);
        double[] adj = new double[n];
        for (int t = 0; t < n; t++) adj[t] = y[t] / Seasonality.index(fig, t);
        double[] s = new double[h];
        for (int i = 0; i < h; i++) s[i] = Seasonality.index(fig, n + i);
        return Naive2.reseasonalise(name, inner.compute(adj, 1, h, levels), s);
    }
}
