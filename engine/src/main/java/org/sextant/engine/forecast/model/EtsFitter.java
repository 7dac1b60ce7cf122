package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.model.EtsModel.State;

/**
 * Maximum-likelihood estimation of one ETS model by the procedure of R's forecast::ets (8.20,
 * {@code etsmodel}), so that a fit reproduces R's estimates: the smoothing parameters, the
 * damping and all initial states (level, slope and m−1 free seasonal states; the remaining one
 * closes the constraint that additive seasonal states sum to 0 and multiplicative ones to m) are
 * found together, in R's units and order, by the Nelder–Mead variant R uses ({@link NashSimplex},
 * at most 2000 evaluations) from R's start: alpha 0.2/m, beta a tenth of alpha, gamma 5% of
 * 1−alpha, phi 0.978 and {@link EtsStart}'s heuristic states. Bounds are R's default "both":
 * 1e-4<=alpha<=0.9999, 1e-4<=beta<=alpha, 1e-4<=gamma<=1−alpha, 0.8<=phi<=0.98, plus
 * admissibility of seasonal models.
 *
 * <p>Why R's procedure rather than a more thorough search: a search that reaches higher
 * likelihoods (two stages and restarts) made M3 forecasts worse, not better; R's stops short on
 * many trended fits, which biases AICc towards models without trend, and on M3 that bias pays
 * (docs/benchmarks.md, "ETS with initial states by maximum likelihood").
 *
 * <p>States are updated in the observation form used by R's forecast::ets, so one update
 * serves both error types; the error type decides the likelihood: −2 log L equals
 * n·log(SSE) (+ 2·Σ log|ŷ| for multiplicative error) up to a constant.
 */
public final class EtsFitter {
    private EtsFitter() {}

    private static final double LO = 1e-4, PHI_LO = 0.8, PHI_HI = 0.98;

    /**
     * The maximum-likelihood fit, or null when R would not fit it either: more parameters than
     * n − 2, or no feasible start (a multiplicative part leaves the positive region).
     */
    public static EtsModel fit(double[] y, int m, EtsSpec spec) { return fit(y, m, spec, false); }

    /** Simple exponential smoothing as R's {@code ses}: ETS(A,N,N) fitted by mean squared error, the criterion thetaf uses. */
    public static EtsModel ses(double[] y) { return fit(y, 1, new EtsSpec(false, EtsSpec.Trend.N, EtsSpec.Season.N), true); }

    private static EtsModel fit(double[] y, int m, EtsSpec spec, boolean mse) {
        int mm = spec.seasonal() ? m : 1;
        boolean multSeason = spec.season() == EtsSpec.Season.M;
        double[] start = EtsStart.of(y, m, spec);
        int np = 1 + (spec.trended() ? 1 : 0) + (spec.seasonal() ? 1 : 0) + (spec.damped() ? 1 : 0);
        int ns = 1 + (spec.trended() ? 1 : 0) + (spec.seasonal() ? m - 1 : 0);
        if (np + ns >= y.length - 1) return null;
        double[] x0 = new double[np + ns];
        int i = 0;
        double a0 = LO + 0.2 * (1 - 2 * LO) / mm;
        x0[i++] = a0;
        if (spec.trended()) x0[i++] = LO + 0.1 * (a0 - LO);
        if (spec.seasonal()) x0[i++] = LO + 0.05 * (Math.min(1 - LO, 1 - a0) - LO);
        if (spec.damped()) x0[i++] = PHI_LO + 0.99 * (PHI_HI - PHI_LO);
        x0[i++] = start[0];
        if (spec.trended()) x0[i++] = start[1];
        // R's vector holds s_0 (season of the last pre-sample position) back to s_{-(m-2)}
        for (int j = m - 1; spec.seasonal() && j >= 1; j--) x0[i++] = start[2 + j];
        java.util.function.Function<double[], double[]> states = x -> {
            int k = np;
            double[] init = new double[2 + mm];
            init[0] = x[k++];
            if (spec.trended()) init[1] = x[k++];
            if (spec.seasonal()) {
                double sum = 0;
                for (int j = m - 1; j >= 1; j--) { init[2 + j] = x[k++]; sum += init[2 + j]; }
                init[2] = (multSeason ? m : 0) - sum;
            }
            return init;
        };
        java.util.function.ToDoubleFunction<double[]> objective = x -> {
            int k = 0;
            double a = x[k++];
            double b = spec.trended() ? x[k++] : 0;
            double g = spec.seasonal() ? x[k++] : 0;
            double p = spec.damped() ? x[k++] : 1;
            if (a < LO || a > 1 - LO) return Double.POSITIVE_INFINITY;
            if (spec.trended() && (b < LO || b > a || b > 1 - LO)) return Double.POSITIVE_INFINITY;
            if (spec.damped() && (p < PHI_LO || p > PHI_HI)) return Double.POSITIVE_INFINITY;
            if (spec.seasonal() && (g < LO || g > 1 - a || g > 1 - LO)) return Double.POSITIVE_INFINITY;
            if (spec.seasonal() && !admissible(a, b, g, p, m)) return Double.POSITIVE_INFINITY;
            double[] init = states.apply(x);
            if (multSeason) for (int j = 0; j < m; j++) if (init[2 + j] < 0) return Double.POSITIVE_INFINITY;
            double[] r = filter(spec, m, a, b, g, p, State.initial(spec, m, init), y);
            if (r == null || !Double.isFinite(r[0])) return Double.POSITIVE_INFINITY;
            if (mse) return r[0] / y.length;
            double lik = y.length * Math.log(r[0]) + 2 * r[1];
            return Math.max(lik, -1e10);
        };
        double[] x = NashSimplex.minimize(objective, x0, Math.sqrt(Math.ulp(1.0)), 2000);
        if (!Double.isFinite(objective.applyAsDouble(x))) return null;
        int k = 0;
        double a = x[k++];
        double b = spec.trended() ? x[k++] : 0;
        double g = spec.seasonal() ? x[k++] : 0;
        double p = spec.damped() ? x[k++] : 1;
        return new EtsModel(spec, mm, a, b, g, p, states.apply(x), y);
    }

    /**
     * R's admissibility test for a seasonal model (forecast:::admissible, part of its default
     * bounds "both"): the model's characteristic polynomial, phi(1−α−γ) + (α+β−αφ+γ−1)z +
     * (α+β−αφ)(z²+…+z^{m−1}) + (α+β−φ)z^m + z^{m+1}, has every root in the unit circle, so
     * the weight of an old observation on the forecast dies out. Inside the usual bounds this
     * only ever rejects seasonal models (the non-seasonal conditions always hold there).
     */
    static boolean admissible(double alpha, double beta, double gamma, double phi, int m) {
        if (gamma < Math.max(1 - 1 / phi - alpha, 0) || gamma > 1 + 1 / phi - alpha) return false;
        if (alpha < 1 - 1 / phi - gamma * (1 - m + phi + phi * m) / (2 * phi * m)) return false;
        if (beta < -(1 - phi) * (gamma / m + alpha)) return false;
        // reversed polynomial 1 + P_m u + … + P_0 u^{m+1}: roots of P inside ⇔ its roots outside
        double[] c = new double[m + 1]; // c[i−1] = −P_{m+1−i}, as 1 − Σ c_i u^i
        c[0] = -(alpha + beta - phi);
        for (int i = 2; i <= m - 1; i++) c[i - 1] = -(alpha + beta - alpha * phi);
        c[m - 1] = -(alpha + beta - alpha * phi + gamma - 1);
        c[m] = -(phi * (1 - alpha - gamma));
        return ArmaPolynomials.rootsOutside(c, 1 / (1 + 1e-10));
    }

    /**
     * Runs the recursion over y from state s (mutated to the final state). Returns
     * {SSE of the model's errors, Σ log|ŷ| (multiplicative error only)}, or null when a
     * multiplicative component leaves the positive region.
     */
    static double[] filter(EtsSpec spec, int m, double alpha, double beta, double gamma, double phi, State s, double[] y) {
        // oneStep and update inlined with the same arithmetic: the optimiser calls this thousands
        // of times a fit, and the per-step switches and t % m are most of its cost
        if (spec.trend() == EtsSpec.Trend.N && spec.season() == EtsSpec.Season.N && !spec.multiplicativeError()) return simple(alpha, s, y);
        double sse = 0, sumLog = 0;
        boolean me = spec.multiplicativeError();
        boolean mult = me || spec.season() == EtsSpec.Season.M;
        EtsSpec.Trend trend = spec.trend();
        EtsSpec.Season season = spec.season();
        boolean trended = spec.trended(), seasonal = spec.seasonal();
        double damp = trend == EtsSpec.Trend.Ad ? phi : trend == EtsSpec.Trend.A ? 1 : 0;
        double betaOverAlpha = beta / alpha;
        double[] st = s.s;
        double l = s.l, b = s.b;
        int j = 0;
        try {
            for (int t = 0; t < y.length; t++) {
                double phib = trend == EtsSpec.Trend.N ? 0 : trend == EtsSpec.Trend.A ? b : damp * b;
                double lb = l + phib;
                double old = st[j];
                double yhat = season == EtsSpec.Season.N ? lb : season == EtsSpec.Season.A ? lb + old : lb * old;
                if (mult && !(yhat > 1e-10)) return null;
                double yt = y[t];
                double e = me ? (yt - yhat) / yhat : yt - yhat;
                sse += e * e;
                if (me) sumLog += Math.log(yhat);
                double p = season == EtsSpec.Season.N ? yt : season == EtsSpec.Season.A ? yt - old : yt / old;
                double nl = lb + alpha * (p - lb);
                if (trended) b = phib + betaOverAlpha * (nl - l - phib);
                if (season == EtsSpec.Season.A) st[j] = old + gamma * (yt - lb - old);
                else if (season == EtsSpec.Season.M) {
                    if (!(lb > 0)) return null;
                    st[j] = old + gamma * (yt / lb - old);
                    if (!(st[j] > 0)) return null;
                }
                l = nl;
                if (seasonal && ++j == m) j = 0;
            }
        } finally {
            s.l = l;
            s.b = b;
        }
        return new double[] {sse, sumLog};
    }

    /**
     * {@link #filter} for ETS(A,N,N), the fit theta makes at every calibration origin (a bar series' 60,000 closes
     * each time): the general loop's arithmetic with its no-ops left out (a level plus no slope is the level), so the
     * same SSE and final level to the last bit in about half the time.
     */
    private static double[] simple(double alpha, State s, double[] y) {
        double sse = 0, l = s.l;
        for (double yt : y) {
            double e = yt - l;
            sse += e * e;
            l = l + alpha * e;
        }
        s.l = l;
        return new double[] {sse, 0};
    }

    static double oneStep(EtsSpec spec, int m, double phi, State s, int t) {
        double lb = s.l + switch (spec.trend()) { case N -> 0; case A -> s.b; case Ad -> phi * s.b; };
        return switch (spec.season()) {
            case N -> lb;
            case A -> lb + s.s[t % m];
            case M -> lb * s.s[t % m];
        };
    }

    /** Observation-form update after seeing y at time t; false when a multiplicative state turns non-positive. */
    static boolean update(EtsSpec spec, int m, double alpha, double beta, double gamma, double phi, State s, int t, double y) {
        double phib = switch (spec.trend()) { case N -> 0; case A -> s.b; case Ad -> phi * s.b; };
        double lb = s.l + phib;
        int j = spec.seasonal() ? t % m : 0;
        double old = s.s[j];
        double p = switch (spec.season()) { case N -> y; case A -> y - old; case M -> y / old; };
        double l = lb + alpha * (p - lb);
        if (spec.trended()) s.b = phib + (beta / alpha) * (l - s.l - phib);
        if (spec.season() == EtsSpec.Season.A) s.s[j] = old + gamma * (y - lb - old);
        else if (spec.season() == EtsSpec.Season.M) {
            if (!(lb > 0)) return false;
            s.s[j] = old + gamma * (y / lb - old);
            if (!(s.s[j] > 0)) return false;
        }
        s.l = l;
        return true;
    }

}
