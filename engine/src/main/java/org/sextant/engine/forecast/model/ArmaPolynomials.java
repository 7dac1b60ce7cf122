package org.sextant.engine.forecast.model;

/**
 * Lag polynomials of ARMA models, in the sign convention of R's arima: the AR side is
 * 1 − φ₁B − … and the MA side 1 + θ₁B + …; arrays hold the coefficients without the leading 1.
 */
final class ArmaPolynomials {
    private ArmaPolynomials() {}

    /** (1 − ΣφᵢBⁱ)(1 − ΣΦⱼB^{jm}) as the coefficients of 1 − Σaₖ Bᵏ. */
    static double[] expandAr(double[] phi, double[] sphi, int m) { return seasonalProduct(phi, sphi, m, -1); }

    /** (1 + ΣθᵢBⁱ)(1 + ΣΘⱼB^{jm}) as the coefficients of 1 + Σbₖ Bᵏ. */
    static double[] expandMa(double[] theta, double[] stheta, int m) { return seasonalProduct(theta, stheta, m, 1); }

    /** The product of a non-seasonal and a seasonal side in one sign convention: cross terms enter with {@code crossSign}. */
    private static double[] seasonalProduct(double[] c, double[] sc, int m, double crossSign) {
        int q = c.length, sq = sc.length;
        double[] out = new double[q + sq * m];
        System.arraycopy(c, 0, out, 0, q);
        for (int j = 0; j < sq; j++) {
            out[(j + 1) * m - 1] += sc[j];
            for (int i = 0; i < q; i++) out[(j + 1) * m + i] += crossSign * c[i] * sc[j];
        }
        return out;
    }

    /** Coefficients of (1 − B)^d (1 − B^m)^D, leading 1 included. */
    static double[] differencing(int d, int sd, int m) {
        double[] c = {1};
        for (int i = 0; i < d; i++) c = multiply(c, new double[] {1, -1});
        double[] s = new double[m + 1];
        s[0] = 1;
        s[m] = -1;
        for (int i = 0; i < sd; i++) c = multiply(c, s);
        return c;
    }

    static double[] multiply(double[] x, double[] y) {
        double[] z = new double[x.length + y.length - 1];
        for (int i = 0; i < x.length; i++) for (int j = 0; j < y.length; j++) z[i + j] += x[i] * y[j];
        return z;
    }

    /**
     * True when every root of 1 − Σφᵢzⁱ lies outside the circle of this radius (radius 1 =
     * stationarity). Schur–Cohn step-down: the roots of φ(ρu) lie outside the unit circle iff
     * every partial autocorrelation recovered by the backward Durbin–Levinson recursion is
     * below 1 in modulus.
     */
    static boolean rootsOutside(double[] phi, double radius) {
        int p = phi.length;
        while (p > 0 && Math.abs(phi[p - 1]) <= 1e-8) p--; // R ignores trailing near-zero terms
        if (p == 0) return true;
        double[] a = new double[p];
        double r = 1;
        for (int i = 0; i < p; i++) {
            r *= radius;
            a[i] = phi[i] * r;
        }
        double[] work = new double[p];
        for (int j = p - 1; j >= 0; j--) {
            double k = a[j];
            if (!(Math.abs(k) < 1)) return false;
            for (int i = 0; i < j; i++) work[i] = (a[i] + k * a[j - i - 1]) / (1 - k * k);
            System.arraycopy(work, 0, a, 0, j);
        }
        return true;
    }

    /** Maps unconstrained values to the coefficients of a stationary AR (tanh, then Durbin–Levinson). */
    static void toStationary(double[] raw, int from, int p, double[] out, int at) {
        double[] work = new double[p], nw = new double[p];
        for (int j = 0; j < p; j++) work[j] = nw[j] = Math.tanh(raw[from + j]);
        for (int j = 1; j < p; j++) {
            double a = nw[j];
            for (int k = 0; k < j; k++) work[k] -= a * nw[j - k - 1];
            System.arraycopy(work, 0, nw, 0, j);
        }
        System.arraycopy(nw, 0, out, at, p);
    }

    /** Inverse of {@link #toStationary} for a stationary AR. */
    static void fromStationary(double[] phi, int from, int p, double[] out, int at) {
        double[] nw = new double[p], work = new double[p];
        System.arraycopy(phi, from, nw, 0, p);
        for (int j = p - 1; j > 0; j--) {
            double a = nw[j];
            for (int k = 0; k < j; k++) work[k] = (nw[k] + a * nw[j - k - 1]) / (1 - a * a);
            System.arraycopy(work, 0, nw, 0, j);
        }
        for (int j = 0; j < p; j++) out[at + j] = atanh(Math.max(-1 + 1e-12, Math.min(1 - 1e-12, nw[j])));
    }

    private static double atanh(double x) { return 0.5 * Math.log((1 + x) / (1 - x)); }

    /**
     * Flips the roots of 1 + Σθᵢzⁱ that lie inside the unit circle to their reciprocals, which
     * leaves the Gaussian likelihood unchanged and makes the MA part invertible (as R's
     * maInvert). Roots by Durand–Kerner iteration.
     */
    static double[] invertMa(double[] theta) {
        int q = theta.length;
        while (q > 0 && theta[q - 1] == 0) q--;
        if (q == 0) return theta.clone();
        if (q == 1) {
            double[] out = theta.clone();
            if (Math.abs(theta[0]) > 1) out[0] = 1 / theta[0];
            return out;
        }
        // polynomial 1 + θ1 z + … + θq z^q, monic form: divide by θq
        double[] re = new double[q], im = new double[q];
        roots(theta, q, re, im);
        boolean any = false;
        for (int i = 0; i < q; i++) {
            double mod2 = re[i] * re[i] + im[i] * im[i];
            if (mod2 < 1) {
                any = true;
                re[i] = re[i] / mod2;
                im[i] = -im[i] / mod2;
            }
        }
        if (!any) return theta.clone();
        // rebuild Π(1 − z/rᵢ): coefficients stay real as roots come in conjugate pairs
        double[] cr = new double[q + 1], ci = new double[q + 1];
        cr[0] = 1;
        for (int k = 0; k < q; k++) {
            double mod2 = re[k] * re[k] + im[k] * im[k];
            double ir = re[k] / mod2, ii = -im[k] / mod2; // 1/r
            for (int j = k + 1; j >= 1; j--) {
                // c_j -= c_{j-1} / r
                double pr = cr[j - 1] * ir - ci[j - 1] * ii, pi = cr[j - 1] * ii + ci[j - 1] * ir;
                cr[j] -= pr;
                ci[j] -= pi;
            }
        }
        double[] out = new double[theta.length];
        for (int i = 0; i < q; i++) out[i] = cr[i + 1];
        return out;
    }

    /** Roots of 1 + c₀z + … + c_{q−1}z^q (Durand–Kerner). */
    static void roots(double[] c, int q, double[] re, double[] im) {
        double lead = c[q - 1];
        // monic coefficients: z^q + a_{q-1} z^{q-1} + ... + a_0, a_k = coef of z^k / lead
        double[] a = new double[q];
        a[0] = 1 / lead;
        for (int k = 1; k < q; k++) a[k] = c[k - 1] / lead;
        double bound = 1;
        for (double v : a) bound = Math.max(bound, 1 + Math.abs(v));
        for (int i = 0; i < q; i++) {
            double ang = 2 * Math.PI * i / q + 0.4;
            re[i] = 0.5 * bound * Math.cos(ang);
            im[i] = 0.5 * bound * Math.sin(ang);
        }
        for (int iter = 0; iter < 500; iter++) {
            double change = 0;
            for (int i = 0; i < q; i++) {
                // p(z) by Horner
                double pr = 1, pi = 0;
                for (int k = q - 1; k >= 0; k--) {
                    double nr = pr * re[i] - pi * im[i] + a[k], ni = pr * im[i] + pi * re[i];
                    pr = nr;
                    pi = ni;
                }
                double dr = 1, di = 0;
                for (int j = 0; j < q; j++) {
                    if (j == i) continue;
                    double xr = re[i] - re[j], xi = im[i] - im[j];
                    double nr = dr * xr - di * xi, ni = dr * xi + di * xr;
                    dr = nr;
                    di = ni;
                }
                double den = dr * dr + di * di;
                if (den == 0) den = 1e-300;
                double qr = (pr * dr + pi * di) / den, qi = (pi * dr - pr * di) / den;
                re[i] -= qr;
                im[i] -= qi;
                change = Math.max(change, Math.hypot(qr, qi));
            }
            if (change < 1e-14) break;
        }
    }
}
