package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.model.EtsModel.State;

/**
 * Maximum-likelihood estimation of one ETS model. Smoothing parameters, damping and the
 * initial level and slope are found by Nelder–Mead inside the usual bounds
 * (0<alpha<1, 0<beta<alpha, 0<gamma<1−alpha, 0.8<=phi<=0.98); the initial seasonal states
 * come from a classical decomposition of the history and are held fixed, which keeps the
 * search small for monthly data (they still count as parameters in AIC).
 *
 * <p>States are updated in the observation form used by R's forecast::ets, so one update
 * serves both error types; the error type decides the likelihood: −2 log L equals
 * n·log(SSE) (+ 2·Σ log|ŷ| for multiplicative error) up to a constant.
 */
public final class EtsFitter {
    private EtsFitter() {}

    private static final double LO = 1e-4, PHI_LO = 0.8, PHI_HI = 0.98, INFEASIBLE = 1e100;

    /** The maximum-likelihood fit, or null when no feasible parameters exist (a multiplicative part leaves the positive region). */
    public static EtsModel fit(double[] y, int m, EtsSpec spec) {
        int mm = spec.seasonal() ? m : 1;
        double[] seasonInit = new double[mm];
        double[] adjusted = y;
        if (spec.seasonal()) {
            boolean mult = spec.season() == EtsSpec.Season.M;
            seasonInit = Seasonality.classicalFigure(y, m, mult);
            adjusted = new double[y.length];
            for (int t = 0; t < y.length; t++) adjusted[t] = mult ? y[t] / seasonInit[t % m] : y[t] - seasonInit[t % m];
        }
        double[] lb = initialLevelSlope(adjusted, spec.trended());
        double scale = 0;
        for (double v : y) scale += Math.abs(v) / y.length;
        if (scale == 0) scale = 1;

        // x = [alpha, beta, gamma, phi, l0/scale, b0/scale] restricted to the model's parameters
        Layout lay = new Layout(spec);
        double[] x0 = new double[lay.size];
        double[] step = new double[lay.size];
        x0[lay.alpha] = spec.seasonal() ? 0.2 : 0.3; step[lay.alpha] = 0.1;
        if (lay.beta >= 0) { x0[lay.beta] = 0.05; step[lay.beta] = 0.03; }
        if (lay.gamma >= 0) { x0[lay.gamma] = 0.05; step[lay.gamma] = 0.03; }
        if (lay.phi >= 0) { x0[lay.phi] = 0.95; step[lay.phi] = -0.05; }
        x0[lay.l0] = lb[0] / scale; step[lay.l0] = 0.05 * Math.max(Math.abs(lb[0] / scale), 0.1);
        if (lay.b0 >= 0) { x0[lay.b0] = lb[1] / scale; step[lay.b0] = 0.05 * Math.max(Math.abs(lb[1] / scale), 0.01); }

        final double[] seas = seasonInit;
        final double sc = scale;
        java.util.function.ToDoubleFunction<double[]> objective = x -> {
            double a = x[lay.alpha];
            double b = lay.beta >= 0 ? x[lay.beta] : 0;
            double g = lay.gamma >= 0 ? x[lay.gamma] : 0;
            double p = lay.phi >= 0 ? x[lay.phi] : 1;
            if (a < LO || a > 1 - LO) return INFEASIBLE;
            if (lay.beta >= 0 && (b < LO || b > a)) return INFEASIBLE;
            if (lay.gamma >= 0 && (g < LO || g > 1 - a)) return INFEASIBLE;
            if (lay.phi >= 0 && (p < PHI_LO || p > PHI_HI)) return INFEASIBLE;
            State s = new State(x[lay.l0] * sc, lay.b0 >= 0 ? x[lay.b0] * sc : 0, seas.clone());
            double[] r = filter(spec, m, a, b, g, p, s, y);
            if (r == null || !Double.isFinite(r[0])) return INFEASIBLE;
            return y.length * Math.log(Math.max(r[0], 1e-300)) + 2 * r[1];
        };
        NelderMead.Result best = NelderMead.minimize(objective, x0, step, 1e-8, 2000);
        // one restart from the optimum escapes most premature collapses of the simplex
        best = NelderMead.minimize(objective, best.x(), step, 1e-10, 1000);
        if (best.value() >= INFEASIBLE) return null;
        double[] x = best.x();
        double[] init = new double[2 + mm];
        init[0] = x[lay.l0] * sc;
        init[1] = lay.b0 >= 0 ? x[lay.b0] * sc : 0;
        System.arraycopy(seasonInit, 0, init, 2, mm);
        return new EtsModel(spec, mm, x[lay.alpha], lay.beta >= 0 ? x[lay.beta] : 0, lay.gamma >= 0 ? x[lay.gamma] : 0,
                lay.phi >= 0 ? x[lay.phi] : 1, init, y);
    }

    /** Level and slope at time 0 from a least-squares line through the first (up to) 10 values. */
    static double[] initialLevelSlope(double[] y, boolean trended) {
        int k = Math.min(10, y.length);
        if (!trended) {
            double s = 0;
            for (int t = 0; t < k; t++) s += y[t];
            return new double[] {s / k, 0};
        }
        double mx = (k + 1) / 2.0, my = 0;
        for (int t = 0; t < k; t++) my += y[t] / k;
        double sxy = 0, sxx = 0;
        for (int t = 0; t < k; t++) {
            sxy += (t + 1 - mx) * (y[t] - my);
            sxx += (t + 1 - mx) * (t + 1 - mx);
        }
        double b = sxx == 0 ? 0 : sxy / sxx;
        return new double[] {my - b * mx, b};
    }

    /**
     * Runs the recursion over y from state s (mutated to the final state). Returns
     * {SSE of the model's errors, Σ log|ŷ| (multiplicative error only)}, or null when a
     * multiplicative component leaves the positive region.
     */
    static double[] filter(EtsSpec spec, int m, double alpha, double beta, double gamma, double phi, State s, double[] y) {
        double sse = 0, sumLog = 0;
        boolean me = spec.multiplicativeError();
        boolean mult = me || spec.season() == EtsSpec.Season.M;
        for (int t = 0; t < y.length; t++) {
            double yhat = oneStep(spec, m, phi, s, t);
            if (mult && !(yhat > 1e-10)) return null;
            double e = me ? (y[t] - yhat) / yhat : y[t] - yhat;
            sse += e * e;
            if (me) sumLog += Math.log(yhat);
            if (!update(spec, m, alpha, beta, gamma, phi, s, t, y[t])) return null;
        }
        return new double[] {sse, sumLog};
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

    /** Positions of each parameter in the optimiser's vector (−1 when absent). */
    private static final class Layout {
        final int alpha, beta, gamma, phi, l0, b0, size;

        Layout(EtsSpec spec) {
            int i = 0;
            alpha = i++;
            beta = spec.trended() ? i++ : -1;
            gamma = spec.seasonal() ? i++ : -1;
            phi = spec.damped() ? i++ : -1;
            l0 = i++;
            b0 = spec.trended() ? i++ : -1;
            size = i;
        }
    }
}
