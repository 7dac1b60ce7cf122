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
        SeasonalAdjustment sa = SeasonalAdjustment.of(y, m);
        return sa.restore(name, inner.compute(sa.adjusted(), 1, h, levels));
    }
}
