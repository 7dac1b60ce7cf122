package org.sextant.engine.forecast.model;

/**
 * Heuristic initial states of an ETS model, the starting point that maximum likelihood then
 * refines (R forecast 8.20's {@code initstate}): the seasonal figure of a classical decomposition
 * of the series (additive figures sum to 0, multiplicative ones average 1, indices kept above
 * 0.01); level and slope from a least-squares line through the first max(10, 2m) seasonally
 * adjusted observations (the level alone is their mean).
 */
final class EtsStart {
    private EtsStart() {}

    /** {l0, b0, s₀…s_{m−1}}: seasonal index j belongs to observation positions ≡ j (mod m). */
    static double[] of(double[] y, int m, EtsSpec spec) {
        int mm = spec.seasonal() ? m : 1;
        double[] out = new double[2 + mm];
        double[] adjusted = y;
        if (spec.seasonal()) {
            boolean mult = spec.season() == EtsSpec.Season.M;
            double[] fig = Seasonality.classicalFigure(y, m, mult);
            adjusted = new double[y.length];
            for (int t = 0; t < y.length; t++) adjusted[t] = mult ? y[t] / Math.max(fig[t % m], 0.01) : y[t] - fig[t % m];
            if (mult) {
                double sum = 0;
                for (int j = 0; j < m; j++) { fig[j] = Math.max(fig[j], 0.01); sum += fig[j]; }
                for (int j = 0; j < m; j++) fig[j] *= m / sum;
            }
            System.arraycopy(fig, 0, out, 2, m);
        }
        double[] lb = levelSlope(adjusted, Math.min(Math.max(10, 2 * mm), y.length), spec.trended());
        out[0] = lb[0];
        out[1] = lb[1];
        return out;
    }

    /** Level and slope at time 0 from a least-squares line through the first k values (time 1..k). */
    static double[] levelSlope(double[] y, int k, boolean trended) {
        double my = 0;
        for (int t = 0; t < k; t++) my += y[t] / k;
        if (!trended) return new double[] {my, 0};
        double mx = (k + 1) / 2.0;
        double sxy = 0, sxx = 0;
        for (int t = 0; t < k; t++) {
            sxy += (t + 1 - mx) * (y[t] - my);
            sxx += (t + 1 - mx) * (t + 1 - mx);
        }
        double b = sxx == 0 ? 0 : sxy / sxx;
        double l = my - b * mx;
        // a multiplicative error needs a non-zero first prediction l0 + b0
        if (Math.abs(l + b) < 1e-8) { l *= 1 + 1e-3; b *= 1 - 1e-3; }
        return new double[] {l, b};
    }
}
