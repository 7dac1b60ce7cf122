package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

/**
 * NAIVE2 of the M3 competition: naive on the seasonally adjusted series (classical
 * multiplicative decomposition, applied only when the 90% ACF test finds seasonality),
 * reseasonalised. It is the benchmark the M3 scorer is checked against.
 */
public final class Naive2 implements Forecaster {
    @Override public String name() { return "naive2"; }
    @Override public int minLength(int period) { return 2; }

    @Override
    public Forecast compute(double[] y, int m, int h, double[] levels) {
        SeasonalAdjustment sa = SeasonalAdjustment.of(y, m);
        return sa.restore(name(), new Naive().compute(sa.adjusted(), 1, h, levels));
    }
}
