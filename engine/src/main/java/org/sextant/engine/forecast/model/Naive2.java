package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;
import org.sextant.engine.forecast.QuantileBand;

import java.util.ArrayList;
import java.util.List;

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
        int n = y.length;
        double[] fig = null;
        double[] adj = y;
        if (Seasonality.isSeasonal(y, m) && allPositive(y)) {
            fig = Seasonality.classicalFigure(y, m, true);
            adj = new double[n];
            for (int t = 0; t < n; t++) adj[t] = y[t] / Seasonality.index(fig, t);
        }
        Forecast base = new Naive().compute(adj, 1, h, levels);
        if (fig == null) return new Forecast(name(), base.median(), base.bands());
        double[] s = new double[h];
        for (int i = 0; i < h; i++) s[i] = Seasonality.index(fig, n + i);
        return reseasonalise(name(), base, s);
    }

    static boolean allPositive(double[] y) {
        for (double v : y) if (!(v > 0)) return false;
        return true;
    }

    /** Multiplies median and bands by positive seasonal indices (order is preserved). */
    static Forecast reseasonalise(String name, Forecast f, double[] s) {
        double[] med = f.median();
        for (int i = 0; i < med.length; i++) med[i] *= s[i];
        List<QuantileBand> bands = new ArrayList<>();
        for (QuantileBand b : f.bands()) {
            double[] lo = b.lower(), hi = b.upper();
            for (int i = 0; i < lo.length; i++) {
                lo[i] *= s[i];
                hi[i] *= s[i];
            }
            bands.add(new QuantileBand(b.level(), lo, hi));
        }
        return new Forecast(name, med, bands);
    }
}
