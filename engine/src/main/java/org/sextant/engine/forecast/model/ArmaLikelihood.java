package org.sextant.engine.forecast.model;

import java.util.Arrays;

/**
 * Gaussian likelihood of a zero-mean ARMA process xₜ = Σaₖxₜ₋ₖ + eₜ + Σbₖeₜ₋ₖ, two ways:
 * <ul>
 * <li>exact, by the Kalman filter on Harvey's state-space form started from the stationary
 * state covariance (what R's arima maximises for method "ML"); σ² is concentrated out. The
 * filter runs as Chandrasekhar recursions (Morf, Sidhu &amp; Kailath 1974; Mélard 1984): from a
 * stationary start the covariance changes by a rank-one term each step, so a step costs O(r)
 * instead of the O(r²) covariance update, and only the first row of the stationary covariance
 * is needed, which comes exactly from the ARMA autocovariances;</li>
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
        return exact(x, a, b, null, false);
    }

    /**
     * One fit's memory across likelihood evaluations: the optimiser's finite differences often
     * leave the ARMA coefficients alone (only the constant moves), so the stationary covariance's
     * first row is kept for the last coefficients. Confined to one thread.
     */
    static final class Workspace {
        private double[] a, b, row;
    }

    /**
     * @param ws           a fit's workspace, or null; the result is the same either way
     * @param stationaryAr the caller has checked that the AR part is stationary (on its factors,
     *                     which is cheaper than on the expanded seasonal polynomial); null is
     *                     returned for a non-stationary AR part otherwise
     */
    static Exact exact(double[] x, double[] a, double[] b, Workspace ws, boolean stationaryAr) {
        int p = a.length, q = b.length, r = Math.max(p, q + 1), n = x.length;
        double[] phi = new double[r], rv = new double[r];
        System.arraycopy(a, 0, phi, 0, p);
        rv[0] = 1;
        System.arraycopy(b, 0, rv, 1, q);
        if (!stationaryAr && !ArmaPolynomials.rootsOutside(a, 1)) return null;
        double[] c = firstRow(a, b, r, ws); // P e₁ of the predicted state covariance P
        if (c == null) return null;
        // P₂ − P₁ = −(T c)(T c)'/F₁ from the stationary start: ΔP = w·m·w', w = T c, m = −1/F
        double[] st = new double[r], w = new double[r];
        for (int i = 0; i < r; i++) w[i] = phi[i] * c[0] + (i + 1 < r ? c[i + 1] : 0);
        double m = -1 / c[0];
        double ssq = 0, sumLog = 0;
        for (int t = 0; t < n; t++) {
            double f = c[0];
            if (!(f > 0)) return null;
            double v = x[t] - st[0];
            ssq += v * v / f;
            sumLog += Math.log(f);
            // a ← T (a + c v / F)
            double s0 = st[0] + c[0] * v / f;
            for (int i = 0; i < r; i++) st[i] = phi[i] * s0 + (i + 1 < r ? st[i + 1] + c[i + 1] * v / f : 0);
            // P ← P + w m w': c ← c + w m w₀, F' = c₀; then w ← T (w − c w₀ / F'), m ← m F' / F
            double w0 = w[0];
            double mw = m * w0;
            for (int i = 0; i < r; i++) c[i] += w[i] * mw;
            double fn = c[0];
            double g = w0 / fn;
            double u0 = w[0] - c[0] * g;
            for (int i = 0; i < r; i++) w[i] = phi[i] * u0 + (i + 1 < r ? w[i + 1] - c[i + 1] * g : 0);
            m *= fn / f;
        }
        return new Exact(ssq, sumLog, n, st, phi);
    }

    private static double[] firstRow(double[] a, double[] b, int r, Workspace ws) {
        if (ws == null) return stationaryFirstRow(a, b, r);
        if (ws.row == null || !Arrays.equals(a, ws.a) || !Arrays.equals(b, ws.b)) {
            ws.a = a.clone();
            ws.b = b.clone();
            ws.row = stationaryFirstRow(a, b, r);
        }
        return ws.row == null ? null : ws.row.clone();
    }

    /**
     * The first row of the stationary covariance of Harvey's state αₜ (σ² = 1) for a stationary AR
     * part, or null when the autocovariances cannot be solved for. The state is αₜ,ₖ = Σ_{l>k} a_l xₜ₊ₖ₋ₗ + Σ_{l≥k} b_l eₜ₊ₖ₋ₗ
     * (b₀ = 1), so cov(xₜ, αₜ,ₖ) = Σ_{l>k} a_l γ(l−k) + Σ_{l≥k} b_l ψ_{l−k}, from the
     * autocovariances γ and the ψ weights.
     */
    static double[] stationaryFirstRow(double[] a, double[] b, int r) {
        double[] psi = psi(a, b, r);
        double[] gamma = autocovariances(a, b, psi, r);
        if (gamma == null) return null;
        double[] row = new double[r];
        row[0] = gamma[0];
        for (int k = 1; k < r; k++) {
            double s = 0;
            for (int l = k + 1; l <= a.length; l++) s += a[l - 1] * gamma[l - k];
            for (int l = k; l <= b.length; l++) s += b[l - 1] * psi[l - k];
            row[k] = s;
        }
        return row;
    }

    /** ψ₀..ψ_r of b(B)/a(B): ψ₀ = 1, ψⱼ = bⱼ + Σ aᵢψⱼ₋ᵢ. */
    private static double[] psi(double[] a, double[] b, int r) {
        double[] psi = new double[r + 1];
        psi[0] = 1;
        for (int j = 1; j <= r; j++) {
            double v = j <= b.length ? b[j - 1] : 0;
            for (int i = 1; i <= Math.min(j, a.length); i++) v += a[i - 1] * psi[j - i];
            psi[j] = v;
        }
        return psi;
    }

    /**
     * γ(0..r) for unit innovation variance: γ(k) − Σ aᵢγ(k−i) = Σ_{j≥k} bⱼψⱼ₋ₖ (b₀ = 1), the
     * first p+1 of these solved as a linear system, the rest by the recursion. Null when the
     * system is singular or the variance not positive.
     */
    private static double[] autocovariances(double[] a, double[] b, double[] psi, int r) {
        int p = a.length, q = b.length;
        double[] rhs = new double[r + 1];
        for (int k = 0; k <= Math.min(q, r); k++) {
            double s = 0;
            for (int j = k; j <= q; j++) s += (j == 0 ? 1 : b[j - 1]) * psi[j - k];
            rhs[k] = s;
        }
        double[] gamma = new double[r + 1];
        if (p > 0) {
            int dim = p + 1;
            double[] sys = new double[dim * dim];
            double[] sol = new double[dim];
            for (int k = 0; k < dim; k++) {
                sys[k * dim + k] += 1;
                for (int i = 1; i <= p; i++) sys[k * dim + Math.abs(k - i)] -= a[i - 1];
                sol[k] = rhs[k];
            }
            if (!solve(sys, sol, dim)) return null;
            System.arraycopy(sol, 0, gamma, 0, Math.min(dim, r + 1));
        }
        for (int k = p > 0 ? p + 1 : 0; k <= r; k++) {
            double s = rhs[k];
            for (int i = 1; i <= p; i++) s += a[i - 1] * gamma[k - i];
            gamma[k] = s;
        }
        return gamma[0] > 0 && Double.isFinite(gamma[0]) ? gamma : null;
    }

    /** Gaussian elimination with partial pivoting, in place; the solution is left in rhs. */
    private static boolean solve(double[] m, double[] rhs, int n) {
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int i = col + 1; i < n; i++) if (Math.abs(m[i * n + col]) > Math.abs(m[piv * n + col])) piv = i;
            double d = m[piv * n + col];
            if (d == 0 || !Double.isFinite(d)) return false;
            if (piv != col) {
                for (int j = 0; j < n; j++) {
                    double tmp = m[col * n + j];
                    m[col * n + j] = m[piv * n + j];
                    m[piv * n + j] = tmp;
                }
                double tmp = rhs[col];
                rhs[col] = rhs[piv];
                rhs[piv] = tmp;
            }
            for (int i = col + 1; i < n; i++) {
                double f = m[i * n + col] / d;
                if (f == 0) continue;
                for (int j = col; j < n; j++) m[i * n + j] -= f * m[col * n + j];
                rhs[i] -= f * rhs[col];
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = rhs[i];
            for (int j = i + 1; j < n; j++) s -= m[i * n + j] * rhs[j];
            rhs[i] = s / m[i * n + i];
        }
        return true;
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
