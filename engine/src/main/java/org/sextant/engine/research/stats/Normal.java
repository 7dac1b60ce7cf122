package org.sextant.engine.research.stats;

/** Standard normal distribution: density, CDF to full double precision, and its inverse. */
public final class Normal {
    private static final double LOG_SQRT_2PI = 0.91893853320467274178;

    private Normal() {}

    public static double pdf(double x) {
        return Math.exp(-0.5 * x * x - LOG_SQRT_2PI);
    }

    /**
     * Marsaglia's Taylor series (J. Stat. Softw. 11(4), 2004) in the body, where it is exact to
     * rounding; Laplace's continued fraction beyond |x| = 2, where the series would lose the
     * relative precision of small tail probabilities.
     */
    public static double cdf(double x) {
        if (Double.isNaN(x)) return Double.NaN;
        if (x < -2) return upperTail(-x);
        if (x > 2) return 1 - upperTail(x);
        double s = x, t = 0, b = x, q = x * x, i = 1;
        while (s != t) {
            t = s;
            i += 2;
            b *= q / i;
            s = t + b;
        }
        return 0.5 + s * Math.exp(-0.5 * q - LOG_SQRT_2PI);
    }

    /** P(Z > x) for large x by Laplace's continued fraction, evaluated bottom-up. */
    private static double upperTail(double x) {
        double f = x;
        for (int k = 300; k >= 1; k--) f = x + k / f;
        return pdf(x) / f;
    }

    /** Inverse CDF by safeguarded Newton steps on {@link #cdf}: exact to a few ulps. */
    public static double quantile(double p) {
        if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException("probability must be in [0, 1], got " + p);
        if (p == 0) return Double.NEGATIVE_INFINITY;
        if (p == 1) return Double.POSITIVE_INFINITY;
        double lo = -40, hi = 40, x = 0;
        for (int it = 0; it < 200; it++) {
            double f = cdf(x) - p;
            if (f == 0) return x;
            if (f < 0) lo = x; else hi = x;
            double step = f / pdf(x);
            double next = x - step;
            if (!(next > lo && next < hi) || Double.isNaN(next)) next = 0.5 * (lo + hi);
            if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
            x = next;
        }
        return x;
    }
}
