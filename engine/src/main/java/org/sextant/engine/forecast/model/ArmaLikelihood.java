package org.sextant.engine.forecast.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Gaussian likelihood of a zero-mean ARMA process xₜ = Σaₖxₜ₋ₖ + eₜ + Σbₖeₜ₋ₖ, two ways:
 * <ul>
 * <li>exact, by the Kalman filter on Harvey's state-space form started from the stationary
 * state covariance (what R's arima maximises for method "ML"); σ² is concentrated out. Once
 * the state covariance has converged to RR' (invertible MA), the filter switches to the
 * O(r) steady-state recursion, as Gardner, Harvey & Phillips (1980) do;</li>
 * <li>conditional sum of squares (R's "CSS"): residuals from the first observation that has a
 * full AR past, earlier MA residuals taken as zero.</li>
 * </ul>
 * Differencing is done by the caller: the exact likelihood of the differenced series is what
 * R's diffuse filter reports for ARIMA (the differencing states' observations drop out).
 */
final class ArmaLikelihood {
    private ArmaLikelihood() {}

    /** Result of the exact filter: Σv²/F, Σlog F, observations, and the predicted state after the last one. */
    record Exact(double ssq, double sumLog, int n, double[] state, double[] phi) {
        /** R's concentrated objective 0.5·(log(ssq/n) + sumLog/n). */
        double objective() { return 0.5 * (Math.log(ssq / n) + sumLog / n); }
    }

    static Exact exact(double[] x, double[] a, double[] b) {
        return exact(x, a, b, null);
    }

    /**
     * One fit's memory across likelihood evaluations: the optimiser's finite differences move one
     * parameter at a time, so most evaluations share the AR part (and its matrix powers) or the
     * whole stationary covariance with the one before. Confined to one thread.
     */
    static final class Workspace {
        private double[] phi, rv, covariance;
        private final List<double[]> powers = new ArrayList<>(); // T^64, T^128, ... for phi
    }

    /** {@code ws}: a fit's workspace, or null; the result is the same either way. */
    static Exact exact(double[] x, double[] a, double[] b, Workspace ws) {
        int p = a.length, q = b.length, r = Math.max(p, q + 1), n = x.length;
        double[] phi = new double[r], rv = new double[r];
        System.arraycopy(a, 0, phi, 0, p);
        rv[0] = 1;
        System.arraycopy(b, 0, rv, 1, q);
        double[] pm = stationaryCovariance(phi, rv, r, ws);
        if (pm == null) return null;
        double[] st = new double[r], col = new double[r];
        double ssq = 0, sumLog = 0;
        boolean steady = false;
        for (int t = 0; t < n; t++) {
            double v = x[t] - st[0];
            if (steady) {
                ssq += v * v;
                for (int i = 0; i < r; i++) st[i] += rv[i] * v;
            } else {
                double f = pm[0];
                if (!(f > 0)) return null;
                ssq += v * v / f;
                sumLog += Math.log(f);
                for (int i = 0; i < r; i++) col[i] = pm[i];
                for (int i = 0; i < r; i++) st[i] += col[i] * v / f;
                // P ← T (P − cc'/f) T' + RR'. The update zeroes the first row and column (Z picks the
                // first state), so the companion T only shifts: P'ᵢⱼ = Pᵢ₊₁,ⱼ₊₁ − cᵢ₊₁cⱼ₊₁/f + RᵢRⱼ.
                // Upper triangle in place: (i+1, j+1) is read before it is written.
                double diff = 0;
                for (int i = 0; i < r; i++) {
                    int row = i * r, next = (i + 1) * r;
                    double ci = i + 1 < r ? col[i + 1] / f : 0;
                    for (int j = i; j < r; j++) {
                        double u = i + 1 < r && j + 1 < r ? pm[next + j + 1] - ci * col[j + 1] : 0;
                        pm[row + j] = u + rv[i] * rv[j];
                        diff = Math.max(diff, Math.abs(u));
                    }
                }
                steady = diff < 1e-9; // the remaining error in F is below 1e-9 per step
            }
            // predict: a ← T a
            double s0 = st[0];
            for (int i = 0; i < r; i++) st[i] = phi[i] * s0 + (i + 1 < r ? st[i + 1] : 0);
        }
        return new Exact(ssq, sumLog, n, st, phi);
    }

    /**
     * Σⱼ TʲRR'T'ʲ, or null when it does not converge. The first terms come from the state's
     * response gⱼ = TʲR (O(r²) each, exact after r terms for a pure MA); a persistent AR part
     * is finished by doubling, P ← P + APA', A ← A², from A = T^J, which needs a handful of
     * O(r³) steps however close the roots are to the unit circle.
     */
    static double[] stationaryCovariance(double[] phi, double[] rv, int r) {
        return stationaryCovariance(phi, rv, r, null);
    }

    private static double[] stationaryCovariance(double[] phi, double[] rv, int r, Workspace ws) {
        if (ws == null) return computeCovariance(phi, rv, r, null);
        boolean samePhi = Arrays.equals(phi, ws.phi);
        if (samePhi && Arrays.equals(rv, ws.rv)) return ws.covariance == null ? null : ws.covariance.clone();
        if (!samePhi) {
            ws.phi = phi.clone();
            ws.powers.clear();
        }
        ws.rv = rv.clone();
        double[] pm = computeCovariance(phi, rv, r, ws.powers);
        ws.covariance = pm == null ? null : pm.clone();
        return pm;
    }

    /** {@code powers}: T^64·2^k already known for this phi (extended here), or null. */
    private static double[] computeCovariance(double[] phi, double[] rv, int r, List<double[]> powers) {
        double[] pm = new double[r * r];
        double[] g = rv.clone(), next = new double[r];
        double total = 0;
        final int direct = 64;
        for (int j = 0; j < direct; j++) {
            double norm = 0;
            for (int i = 0; i < r; i++) {
                double gi = g[i];
                if (gi == 0) continue;
                norm += gi * gi;
                for (int k = i; k < r; k++) pm[i * r + k] += gi * g[k];
            }
            total += norm;
            for (int i = 0; i < r; i++) next[i] = phi[i] * g[0] + (i + 1 < r ? g[i + 1] : 0);
            double[] tmp = g;
            g = next;
            next = tmp;
            if (norm <= 1e-13 * total) {
                symmetrise(pm, r);
                return pm;
            }
        }
        symmetrise(pm, r);
        List<double[]> a = powers != null ? powers : new ArrayList<>();
        for (int it = 0; it < 40; it++) {
            double[] ak = power(phi, r, a, it);
            double[] ap = multiply(ak, pm, r);
            double[] apa = multiplyTransposed(ap, ak, r);
            double big = 0;
            for (int i = 0; i < r * r; i++) {
                pm[i] += apa[i];
                big = Math.max(big, Math.abs(apa[i]));
            }
            if (!Double.isFinite(big)) return null;
            if (big <= 1e-13 * Math.abs(pm[0])) return pm;
        }
        return null;
    }

    /** T^(64·2^k), from the list when known: T^64 by six squarings of the companion matrix, then one squaring each. */
    private static double[] power(double[] phi, int r, List<double[]> powers, int k) {
        while (powers.size() <= k) {
            double[] next;
            if (powers.isEmpty()) {
                next = new double[r * r];
                for (int i = 0; i < r; i++) {
                    next[i * r] = phi[i];
                    if (i + 1 < r) next[i * r + i + 1] = 1;
                }
                for (int s = 0; s < 6; s++) next = multiply(next, next, r);
            } else {
                double[] last = powers.get(powers.size() - 1);
                next = multiply(last, last, r);
            }
            powers.add(next);
        }
        return powers.get(k);
    }

    private static void symmetrise(double[] pm, int r) {
        for (int i = 0; i < r; i++) for (int k = 0; k < i; k++) pm[i * r + k] = pm[k * r + i];
    }

    private static double[] multiply(double[] x, double[] y, int r) {
        double[] z = new double[r * r];
        for (int i = 0; i < r; i++) {
            for (int k = 0; k < r; k++) {
                double v = x[i * r + k];
                if (v == 0) continue;
                for (int j = 0; j < r; j++) z[i * r + j] += v * y[k * r + j];
            }
        }
        return z;
    }

    /** x·y' when it is symmetric (x = A·P, y = A with P symmetric): the upper triangle, mirrored. */
    private static double[] multiplyTransposed(double[] x, double[] y, int r) {
        double[] z = new double[r * r];
        for (int i = 0; i < r; i++) {
            for (int j = i; j < r; j++) {
                double s = 0;
                for (int k = 0; k < r; k++) s += x[i * r + k] * y[j * r + k];
                z[i * r + j] = s;
                z[j * r + i] = s;
            }
        }
        return z;
    }

    /** Conditional sum of squares from observation ncond; residuals written to res when given. Returns {ssq, count}. */
    static double[] css(double[] x, double[] a, double[] b, int ncond, double[] res) {
        int n = x.length, p = a.length, q = b.length;
        double[] e = res != null ? res : new double[n];
        double ssq = 0;
        int nu = 0;
        for (int t = 0; t < n; t++) {
            if (t < ncond) { e[t] = 0; continue; }
            double v = x[t];
            for (int k = 0; k < p; k++) v -= a[k] * x[t - k - 1];
            int lim = Math.min(t - ncond, q);
            for (int j = 0; j < lim; j++) v -= b[j] * e[t - j - 1];
            e[t] = v;
            ssq += v * v;
            nu++;
        }
        return new double[] {ssq, nu};
    }
}
