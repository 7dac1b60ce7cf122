package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.model.EtsModel.State;

/**
 * Maximum-likelihood estimation of one ETS model, as R's forecast::ets: the smoothing
 * parameters, the damping and all initial states (level, slope and m−1 free seasonal states,
 * the last one fixed by the seasonal states summing to 0, or averaging 1 when multiplicative)
 * are found together by Nelder–Mead inside the usual bounds (1e-4<=alpha<=0.9999,
 * 1e-4<=beta<=alpha, 1e-4<=gamma<=1−alpha, 0.8<=phi<=0.98), starting from {@link EtsStart}'s
 * heuristic states.
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
        boolean multSeason = spec.season() == EtsSpec.Season.M;
        double[] start = EtsStart.of(y, m, spec);
        double scale = 0;
        for (double v : y) scale += Math.abs(v) / y.length;
        if (scale == 0) scale = 1;

        // x = [alpha, beta, gamma, phi, l0/scale, b0/scale, s₁…s_{m−1} (/scale when additive)] restricted to the model
        Layout lay = new Layout(spec, m);
        double[] x0 = new double[lay.size];
        double[] step = new double[lay.size];
        // smoothing parameters start inside the bounds; R's starts (alpha 0.2/m, phi 0.978) did worse on M3 yearly
        x0[lay.alpha] = spec.seasonal() ? 0.2 : 0.3; step[lay.alpha] = 0.1;
        if (lay.beta >= 0) { x0[lay.beta] = 0.05; step[lay.beta] = 0.03; }
        if (lay.gamma >= 0) { x0[lay.gamma] = 0.05; step[lay.gamma] = 0.03; }
        if (lay.phi >= 0) { x0[lay.phi] = 0.95; step[lay.phi] = -0.05; }
        x0[lay.l0] = start[0] / scale; step[lay.l0] = 0.05 * Math.max(Math.abs(start[0] / scale), 0.1);
        if (lay.b0 >= 0) { x0[lay.b0] = start[1] / scale; step[lay.b0] = 0.05 * Math.max(Math.abs(start[1] / scale), 0.01); }
        double sScale = multSeason ? 1 : scale;
        for (int j = 1; j < lay.seasons; j++) {
            double v = start[2 + j] / sScale;
            x0[lay.s1 + j - 1] = v;
            step[lay.s1 + j - 1] = multSeason ? 0.02 : Math.max(0.1 * Math.abs(v), 0.005);
        }

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
            if (lay.gamma >= 0 && !admissible(a, b, g, p, m)) return INFEASIBLE;
            double[] init = lay.states(x, sc, sScale, multSeason, mm);
            if (init == null) return INFEASIBLE;
            double[] r = filter(spec, m, a, b, g, p, State.initial(spec, m, init), y);
            if (r == null || !Double.isFinite(r[0])) return INFEASIBLE;
            return y.length * Math.log(Math.max(r[0], 1e-300)) + 2 * r[1];
        };
        NelderMead.Result best;
        if (lay.seasons > 1) {
            // first the smoothing parameters, level and slope with the heuristic seasonal states held,
            // then everything from there: a direct search in 12–17 dimensions often stalls far away
            int free = lay.s1;
            double[] full = x0.clone();
            java.util.function.ToDoubleFunction<double[]> head = z -> {
                System.arraycopy(z, 0, full, 0, free);
                return objective.applyAsDouble(full);
            };
            NelderMead.Result h = NelderMead.minimize(head, java.util.Arrays.copyOf(x0, free), java.util.Arrays.copyOf(step, free), 1e-8, 2000);
            double[] x1 = x0.clone();
            System.arraycopy(h.x(), 0, x1, 0, free);
            best = NelderMead.minimize(objective, x1, step, 1e-8, 2000);
        } else {
            best = NelderMead.minimize(objective, x0, step, 1e-8, 2000);
        }
        // one restart from the optimum escapes most premature collapses of the simplex
        best = NelderMead.minimize(objective, best.x(), step, 1e-10, 1000);
        if (best.value() >= INFEASIBLE) return null;
        double[] x = best.x();
        return new EtsModel(spec, mm, x[lay.alpha], lay.beta >= 0 ? x[lay.beta] : 0, lay.gamma >= 0 ? x[lay.gamma] : 0,
                lay.phi >= 0 ? x[lay.phi] : 1, lay.states(x, sc, sScale, multSeason, mm), y);
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
        final int alpha, beta, gamma, phi, l0, b0, s1, seasons, size;

        Layout(EtsSpec spec, int m) {
            int i = 0;
            alpha = i++;
            beta = spec.trended() ? i++ : -1;
            gamma = spec.seasonal() ? i++ : -1;
            phi = spec.damped() ? i++ : -1;
            l0 = i++;
            b0 = spec.trended() ? i++ : -1;
            seasons = spec.seasonal() ? m : 0;
            s1 = i;
            size = i + Math.max(seasons - 1, 0);
        }

        /** {l0, b0, s₀…s_{m−1}} from the vector; s₀ closes the constraint. Null when a multiplicative index is negative. */
        double[] states(double[] x, double scale, double sScale, boolean mult, int mm) {
            double[] init = new double[2 + mm];
            init[0] = x[l0] * scale;
            init[1] = b0 >= 0 ? x[b0] * scale : 0;
            if (seasons == 0) return init;
            double sum = 0;
            for (int j = 1; j < seasons; j++) {
                double v = x[s1 + j - 1];
                if (mult && v < 0) return null;
                init[2 + j] = v * sScale;
                sum += v;
            }
            double s0 = (mult ? seasons : 0) - sum;
            if (mult && s0 < 0) return null;
            init[2] = s0 * sScale;
            return init;
        }
    }
}
