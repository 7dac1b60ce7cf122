package org.sextant.engine.forecast.model;

import java.util.Arrays;

/**
 * Fits one seasonal ARIMA order the way R's arima does for auto.arima: the constant (mean, or
 * drift through the single difference) is a regression coefficient estimated jointly with the
 * ARMA parameters of the differenced series. Method CSS-ML: conditional sum of squares first
 * for starting values (a non-stationary AR estimate there rejects the order, as in R), then
 * exact maximum likelihood with the AR parts kept stationary through the partial
 * autocorrelation transform and the MA parts made invertible afterwards. Method CSS alone is
 * what the search uses on long series (R's "approximation").
 */
public final class ArimaFitter {
    private ArimaFitter() {}

    static final double LOG_2PI = Math.log(2 * Math.PI);

    /** Fits by CSS-ML; null when the order cannot be fitted (too few observations, non-stationary CSS start). */
    public static ArimaModel fit(double[] y, ArimaSpec spec) { return fit(y, spec, false, 0); }

    /**
     * @param cssOnly fit by conditional sum of squares only; the criterion is then R's
     *                approximation offset + n*·log σ²_CSS + 2·(k+1)
     */
    static ArimaModel fit(double[] y, ArimaSpec spec, boolean cssOnly, double offset) {
        double[] w = difference(y, spec.d(), spec.sd(), spec.m());
        int nw = w.length;
        int p = spec.p(), q = spec.q(), sp = spec.sp(), sq = spec.sq(), m = spec.m();
        int narma = p + q + sp + sq;
        int k = narma + (spec.constant() ? 1 : 0);
        int ncond = p + sp * m;
        if (nw - ncond < 1 || nw <= k) return null;
        double c0 = 0, scale = 1;
        if (spec.constant()) {
            for (double v : w) c0 += v / nw;
            double ss = 0;
            for (double v : w) ss += (v - c0) * (v - c0);
            double se = nw > 1 ? Math.sqrt(ss / (nw - 1) / nw) : 0;
            scale = se > 0 ? 10 * se : Math.max(1e-8, Math.abs(c0) * 1e-3 + 1e-8);
        }
        final double cBase = c0, cScale = scale;
        double[] xbuf = new double[nw], resbuf = new double[nw];

        // stage 1: conditional sum of squares on the raw coefficients
        double[] start = new double[k];
        Bfgs.Result css = Bfgs.minimize(par -> {
            Coef c = Coef.raw(par, spec, cBase, cScale);
            for (int t = 0; t < nw; t++) xbuf[t] = w[t] - c.mean;
            double[] r = ArmaLikelihood.css(xbuf, c.a, c.b, ncond, resbuf);
            return r[1] > 0 && r[0] > 0 ? 0.5 * Math.log(r[0] / r[1]) : Double.POSITIVE_INFINITY;
        }, start, 1e-8, 100, 1e-4, true);
        double[] par = Double.isFinite(css.value()) ? css.x() : start;
        Coef c = Coef.raw(par, spec, cBase, cScale);

        if (cssOnly) {
            for (int t = 0; t < nw; t++) xbuf[t] = w[t] - c.mean;
            double[] r = ArmaLikelihood.css(xbuf, c.a, c.b, ncond, null);
            double s2 = r[0] / r[1];
            int npar = k + 1;
            double aic = offset + nw * Math.log(s2) + 2 * npar;
            return finish(y, spec, c, w, aic, Double.NaN, nw, npar);
        }

        if (!ArmaPolynomials.rootsOutside(c.phi, 1) || !ArmaPolynomials.rootsOutside(c.sphi, 1)) return null;
        // stage 2: exact likelihood; AR parts through the stationarity transform, MA made invertible first
        double[] init = par.clone();
        ArmaPolynomials.fromStationary(c.phi, 0, p, init, 0);
        System.arraycopy(ArmaPolynomials.invertMa(c.theta), 0, init, p, q);
        ArmaPolynomials.fromStationary(c.sphi, 0, sp, init, p + q);
        System.arraycopy(ArmaPolynomials.invertMa(c.stheta), 0, init, p + q + sp, sq);
        ArmaLikelihood.Workspace ws = new ArmaLikelihood.Workspace();
        Bfgs.Result ml = Bfgs.minimize(x -> {
            Coef cc = Coef.transformed(x, spec, cBase, cScale);
            // stationary by the transform unless a partial autocorrelation rounded to ±1
            if (!ArmaPolynomials.rootsOutside(cc.phi, 1) || !ArmaPolynomials.rootsOutside(cc.sphi, 1)) return Double.POSITIVE_INFINITY;
            for (int t = 0; t < nw; t++) xbuf[t] = w[t] - cc.mean;
            ArmaLikelihood.Exact e = ArmaLikelihood.exact(xbuf, cc.a, cc.b, ws, true);
            return e == null ? Double.POSITIVE_INFINITY : e.objective();
        }, init, 1e-8, 100, 1e-6, false);
        if (!Double.isFinite(ml.value())) return null;
        Coef best = Coef.transformed(ml.x(), spec, cBase, cScale).invertMa(spec);
        double loglik = -0.5 * (2 * nw * ml.value() + nw + nw * LOG_2PI);
        int npar = k + 1;
        double aic = -2 * loglik + 2 * npar;
        return finish(y, spec, best, w, aic, loglik, nw, npar);
    }

    private static ArimaModel finish(double[] y, ArimaSpec spec, Coef c, double[] w, double aic, double loglik, int nw, int npar) {
        double aicc = nw - npar - 1 > 0 ? aic + 2.0 * npar * (npar + 1) / (nw - npar - 1) : Double.POSITIVE_INFINITY;
        double[] x = new double[nw];
        for (int t = 0; t < nw; t++) x[t] = w[t] - c.mean;
        ArmaLikelihood.Exact e = ArmaLikelihood.exact(x, c.a, c.b);
        double[] state, trans;
        double ssq;
        if (e != null) {
            state = e.state();
            trans = e.phi();
            ssq = e.ssq();
        } else { // non-stationary CSS estimate: predict from the conditional residuals instead
            double[] res = new double[nw];
            double[] r = ArmaLikelihood.css(x, c.a, c.b, spec.p() + spec.sp() * spec.m(), res);
            ssq = r[0] * nw / Math.max(1, r[1]);
            state = conditionalState(x, res, c.a, c.b);
            int rr = Math.max(c.a.length, c.b.length + 1);
            trans = Arrays.copyOf(c.a, rr);
        }
        double sigma2 = ssq / Math.max(1, nw - npar + 1);
        // R's auto.arima refuses roots within 1.01 of the unit circle
        boolean roots = ArmaPolynomials.rootsOutside(c.a, 1.01) && ArmaPolynomials.rootsOutside(negate(c.b), 1.01);
        double ic = roots && Double.isFinite(aicc) ? aicc : Double.POSITIVE_INFINITY;
        return new ArimaModel(spec, c.phi, c.theta, c.sphi, c.stheta, c.mean, sigma2, loglik, aic, aicc, ic, state, trans, y);
    }

    /** The Harvey state a(n+1|n) from observations and residuals: aᵢ = Σ_{k>i} a_k x_{n+i−k} + Σ_{j>i} b_j e_{n+i−j}. */
    static double[] conditionalState(double[] x, double[] e, double[] a, double[] b) {
        int n = x.length, r = Math.max(a.length, b.length + 1);
        double[] st = new double[r];
        for (int i = 0; i < r; i++) {
            for (int k = i + 1; k <= a.length; k++) if (n + i - k >= 0) st[i] += a[k - 1] * x[n + i - k];
            for (int j = i + 1; j <= b.length; j++) if (n + i - j >= 0) st[i] += b[j - 1] * e[n + i - j];
        }
        return st;
    }

    static double[] negate(double[] v) {
        double[] o = new double[v.length];
        for (int i = 0; i < v.length; i++) o[i] = -v[i];
        return o;
    }

    /** Δ^d Δ_m^D y. */
    static double[] difference(double[] y, int d, int sd, int m) {
        double[] w = y.clone();
        for (int i = 0; i < sd; i++) {
            double[] n = new double[w.length - m];
            for (int t = 0; t < n.length; t++) n[t] = w[t + m] - w[t];
            w = n;
        }
        for (int i = 0; i < d; i++) {
            double[] n = new double[Math.max(0, w.length - 1)];
            for (int t = 0; t < n.length; t++) n[t] = w[t + 1] - w[t];
            w = n;
        }
        return w;
    }

    /** Coefficients decoded from an optimiser vector [φ, θ, Φ, Θ, scaled constant]. */
    private record Coef(double[] phi, double[] theta, double[] sphi, double[] stheta, double mean, double[] a, double[] b) {
        static Coef raw(double[] par, ArimaSpec s, double c0, double scale) {
            int p = s.p(), q = s.q(), sp = s.sp(), sq = s.sq();
            double[] phi = Arrays.copyOfRange(par, 0, p);
            double[] theta = Arrays.copyOfRange(par, p, p + q);
            double[] sphi = Arrays.copyOfRange(par, p + q, p + q + sp);
            double[] stheta = Arrays.copyOfRange(par, p + q + sp, p + q + sp + sq);
            double mean = s.constant() ? c0 + scale * par[p + q + sp + sq] : 0;
            return of(phi, theta, sphi, stheta, mean, s.m());
        }

        static Coef transformed(double[] par, ArimaSpec s, double c0, double scale) {
            double[] x = par.clone();
            ArmaPolynomials.toStationary(par, 0, s.p(), x, 0);
            ArmaPolynomials.toStationary(par, s.p() + s.q(), s.sp(), x, s.p() + s.q());
            return raw(x, s, c0, scale);
        }

        static Coef of(double[] phi, double[] theta, double[] sphi, double[] stheta, double mean, int m) {
            return new Coef(phi, theta, sphi, stheta, mean, ArmaPolynomials.expandAr(phi, sphi, m), ArmaPolynomials.expandMa(theta, stheta, m));
        }

        Coef invertMa(ArimaSpec s) {
            return of(phi, ArmaPolynomials.invertMa(theta), sphi, ArmaPolynomials.invertMa(stheta), mean, s.m());
        }
    }
}
