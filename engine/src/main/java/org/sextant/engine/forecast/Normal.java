package org.sextant.engine.forecast;

import org.hipparchus.distribution.continuous.NormalDistribution;

/**
 * The standard normal distribution (Hipparchus: CDF to full double precision, also in the far
 * tails, and an exact inverse), and forecast bands built from it.
 */
public final class Normal {
    private static final NormalDistribution STANDARD = new NormalDistribution();

    private Normal() {}

    public static double pdf(double x) {
        return STANDARD.density(x);
    }

    public static double cdf(double x) {
        return STANDARD.cumulativeProbability(x);
    }

    /**
     * Inverse CDF; p = 0 and p = 1 give the infinities. The library's inverse (an erfInv
     * approximation) was measured 1.3e-8 off at p = 1e-10 (-6.361340889697421 against SciPy's
     * -6.361340902404056); one Newton step on its exact CDF brings it to a few ulps.
     */
    public static double quantile(double p) {
        if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException("probability must be in [0, 1], got " + p);
        double x = STANDARD.inverseCumulativeProbability(p);
        if (Double.isInfinite(x)) return x;
        return x - (cdf(x) - p) / pdf(x);
    }

    /** Bands mean ± z·se for each level, se per step. */
    public static java.util.List<QuantileBand> bands(double[] center, double[] se, double[] levels) {
        java.util.List<QuantileBand> out = new java.util.ArrayList<>();
        for (double level : levels) {
            double z = quantile(0.5 + level / 2);
            double[] lo = new double[center.length], hi = new double[center.length];
            for (int i = 0; i < center.length; i++) {
                lo[i] = center[i] - z * se[i];
                hi[i] = center[i] + z * se[i];
            }
            out.add(new QuantileBand(level, lo, hi));
        }
        return out;
    }
}
