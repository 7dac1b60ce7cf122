package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Normal;

/**
 * A fitted seasonal ARIMA: coefficients in R's sign convention (AR 1 − φB…, MA 1 + θB…), the
 * constant as the mean of the differenced series (the mean, or drift × lag of the single
 * difference), the innovation variance, the information criteria and the filter state after
 * the last observation. Forecasts are the Kalman predictions of the differenced series,
 * integrated back; their variance is σ²·Σψⱼ² from the ψ weights of the full model including
 * the differencing, which is what R's predict gives once the filter has converged.
 */
public final class ArimaModel {
    private final ArimaSpec spec;
    private final double[] phi, theta, sphi, stheta;
    private final double constant; // mean of the differenced series
    private final double sigma2, logLik, aic, aicc, ic;
    private final double[] state, stateTransition; // predicted state a(n+1|n) and first column of T
    private final double[] tail; // last observations of y, enough to undo the differencing

    ArimaModel(ArimaSpec spec, double[] phi, double[] theta, double[] sphi, double[] stheta, double constant, double sigma2,
            double logLik, double aic, double aicc, double ic, double[] state, double[] stateTransition, double[] y) {
        this.spec = spec;
        this.phi = phi;
        this.theta = theta;
        this.sphi = sphi;
        this.stheta = stheta;
        this.constant = constant;
        this.sigma2 = sigma2;
        this.logLik = logLik;
        this.aic = aic;
        this.aicc = aicc;
        this.ic = ic;
        this.state = state;
        this.stateTransition = stateTransition;
        int keep = Math.min(y.length, spec.lost());
        this.tail = java.util.Arrays.copyOfRange(y, y.length - keep, y.length);
    }

    public ArimaSpec spec() { return spec; }
    public double[] ar() { return phi.clone(); }
    public double[] ma() { return theta.clone(); }
    public double[] seasonalAr() { return sphi.clone(); }
    public double[] seasonalMa() { return stheta.clone(); }
    /** The mean (no differencing) or the drift per step (one difference); 0 without constant. */
    public double intercept() { return spec.sd() == 1 && spec.d() == 0 ? constant / spec.m() : constant; }
    /** Innovation variance, bias-adjusted as R's auto.arima: Σe²/(n* − coefficients). */
    public double sigma2() { return sigma2; }
    public double logLik() { return logLik; }
    public double aic() { return aic; }
    public double aicc() { return aicc; }
    /** The criterion the search ranked by (AICc, or its CSS approximation); infinite when rejected. */
    double ic() { return ic; }

    public Forecast forecast(String name, int h, double[] levels) {
        int r = state.length;
        double[] st = state.clone();
        double[] w = new double[h];
        for (int i = 0; i < h; i++) {
            w[i] = st[0] + constant;
            double s0 = st[0];
            for (int j = 0; j < r; j++) st[j] = stateTransition[j] * s0 + (j + 1 < r ? st[j + 1] : 0);
        }
        double[] delta = ArmaPolynomials.differencing(spec.d(), spec.sd(), spec.m());
        int k = delta.length - 1;
        double[] ext = new double[k + h];
        System.arraycopy(tail, 0, ext, k - tail.length, tail.length);
        double[] mean = new double[h];
        for (int i = 0; i < h; i++) {
            double v = w[i];
            for (int j = 1; j <= k; j++) v -= delta[j] * ext[k + i - j];
            ext[k + i] = v;
            mean[i] = v;
        }
        double[] psi = psiWeights(h);
        double[] se = new double[h];
        double acc = 0;
        for (int i = 0; i < h; i++) {
            acc += psi[i] * psi[i];
            se[i] = Math.sqrt(Math.max(0, sigma2 * acc));
        }
        return new Forecast(name, mean, Normal.bands(mean, se, levels));
    }

    /** ψ₀..ψ_{h−1} of θ(B)Θ(B^m) / [φ(B)Φ(B^m)(1−B)^d(1−B^m)^D]. */
    double[] psiWeights(int h) {
        double[] a = ArmaPolynomials.expandAr(phi, sphi, spec.m());
        double[] b = ArmaPolynomials.expandMa(theta, stheta, spec.m());
        double[] ar = new double[a.length + 1];
        ar[0] = 1;
        for (int i = 0; i < a.length; i++) ar[i + 1] = -a[i];
        double[] full = ArmaPolynomials.multiply(ar, ArmaPolynomials.differencing(spec.d(), spec.sd(), spec.m()));
        double[] psi = new double[h];
        for (int j = 0; j < h; j++) {
            double v = j == 0 ? 1 : (j <= b.length ? b[j - 1] : 0);
            for (int k = 1; k <= Math.min(j, full.length - 1); k++) v -= full[k] * psi[j - k];
            psi[j] = v;
        }
        return psi;
    }

    @Override public String toString() { return spec + " aicc=" + aicc; }
}
