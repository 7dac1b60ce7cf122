package org.sextant.engine.research.stats;

/** Student's t distribution through the regularised incomplete beta function. */
public final class StudentT {
    private StudentT() {}

    public static double cdf(double t, double df) {
        if (!(df > 0)) throw new IllegalArgumentException("degrees of freedom must be positive, got " + df);
        if (Double.isNaN(t)) return Double.NaN;
        if (Double.isInfinite(t)) return t > 0 ? 1 : 0;
        double x = df / (df + t * t);
        double tail = 0.5 * Beta.regularized(x, df / 2, 0.5); // P(T > |t|)
        return t > 0 ? 1 - tail : tail;
    }

    /** Inverse CDF by bisection on {@link #cdf} (monotone, so this cannot fail to converge). */
    public static double quantile(double p, double df) {
        if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException("probability must be in [0, 1], got " + p);
        if (p == 0) return Double.NEGATIVE_INFINITY;
        if (p == 1) return Double.POSITIVE_INFINITY;
        double lo = -1, hi = 1;
        while (cdf(lo, df) > p) lo *= 2;
        while (cdf(hi, df) < p) hi *= 2;
        for (int i = 0; i < 200 && hi - lo > 1e-14 * Math.max(1, Math.abs(lo)); i++) {
            double mid = 0.5 * (lo + hi);
            if (cdf(mid, df) < p) lo = mid; else hi = mid;
        }
        return 0.5 * (lo + hi);
    }
}
