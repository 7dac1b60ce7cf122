package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.QuantileBand;

import java.util.ArrayList;
import java.util.List;

/**
 * The M3 seasonal adjustment: classical multiplicative decomposition, taken out only when the 90%
 * ACF test finds seasonality at period m and every value is positive; {@code figure} is null
 * (and {@code adjusted} the series itself) when it is not.
 */
public record SeasonalAdjustment(double[] figure, double[] adjusted) {
    /** The adjustment of {@code y} at period {@code m} (m ≤ 1: none, the series itself). */
    public static SeasonalAdjustment of(double[] y, int m) {
        if (!Seasonality.isSeasonal(y, m) || !allPositive(y)) return new SeasonalAdjustment(null, y);
        double[] fig = Seasonality.classicalFigure(y, m, true);
        double[] adj = new double[y.length];
        for (int t = 0; t < y.length; t++) adj[t] = y[t] / Seasonality.index(fig, t);
        return new SeasonalAdjustment(fig, adj);
    }

    /** The seasonal index at time {@code t} (1 without an adjustment), t past the end continuing the cycle. */
    public double index(int t) {
        return figure == null ? 1 : Seasonality.index(figure, t);
    }

    /** A forecast of the adjusted series, named {@code name}, with the seasonal indices put back (none when none were taken out). */
    Forecast restore(String name, Forecast f) {
        if (figure == null) return new Forecast(name, f.median(), f.bands());
        int n = adjusted.length;
        double[] s = new double[f.horizon()];
        for (int i = 0; i < s.length; i++) s[i] = Seasonality.index(figure, n + i);
        return reseasonalise(name, f, s);
    }

    static boolean allPositive(double[] y) {
        for (double v : y) if (!(v > 0)) return false;
        return true;
    }

    /** Multiplies median and bands by positive seasonal indices (order is preserved). */
    private static Forecast reseasonalise(String name, Forecast f, double[] s) {
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
