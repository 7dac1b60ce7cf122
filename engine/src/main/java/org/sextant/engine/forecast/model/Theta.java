package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;

/**
 * The Theta method of Assimakopoulos & Nikolopoulos (2000), winner of M3, in the form shown by
 * Hyndman & Billah (2003) and implemented by R's thetaf: simple exponential smoothing (fitted
 * by maximum likelihood) plus a drift of half the slope of the linear trend,
 * b/2·(h−1 + (1 − (1−α)^n)/α). When the 90% ACF test finds seasonality at period m, the
 * series is seasonally adjusted by classical multiplicative decomposition first and the
 * forecast reseasonalised. Bands are those of SES (sigma·sqrt(1 + (h−1)α²)).
 */
public final class Theta implements Forecaster {
    @Override public String name() { return "theta"; }
    @Override public int minLength(int period) { return 5; }

    @Override
    public Forecast compute(double[] y, int m, int h, double[] levels) {
        int n = y.length;
        SeasonalAdjustment sa = SeasonalAdjustment.of(y, m);
        double[] adj = sa.adjusted();
        EtsModel ses = EtsFitter.ses(adj);
        double alpha = Math.max(1e-10, ses.alpha());
        double b = olsSlope(adj) / 2;
        double[] mean = ses.point(h);
        double[] se = new double[h];
        double sigma = Math.sqrt(ses.sigma2());
        for (int i = 0; i < h; i++) {
            mean[i] += b * (i + (1 - Math.pow(1 - alpha, n)) / alpha);
            se[i] = sigma * Math.sqrt(1 + i * alpha * alpha);
        }
        return sa.restore(name(), new Forecast(name(), mean, Normal.bands(mean, se, levels)));
    }

    /** Slope of the least-squares line of y on 0..n−1. */
    static double olsSlope(double[] y) {
        int n = y.length;
        double mx = (n - 1) / 2.0, my = 0;
        for (double v : y) my += v / n;
        double sxy = 0, sxx = 0;
        for (int t = 0; t < n; t++) {
            sxy += (t - mx) * (y[t] - my);
            sxx += (t - mx) * (t - mx);
        }
        return sxy / sxx;
    }
}
