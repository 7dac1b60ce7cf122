package org.sextant.engine.research.stats;

/**
 * Count, mean and sum of squared deviations (M2) of annual Sharpe ratios tried: enough to
 * combine the trials of several runs into the variance the Deflated Sharpe Ratio deflates with
 * (Chan, Golub and LeVeque's pairwise update), without keeping every ratio.
 */
public record SharpeSpread(long count, double mean, double m2) {
    public static final SharpeSpread NONE = new SharpeSpread(0, 0, 0);

    public SharpeSpread {
        if (count < 0 || !(m2 >= 0) || !Double.isFinite(mean)) throw new IllegalArgumentException(
                "a Sharpe spread needs count >= 0, a finite mean and M2 >= 0, got " + count + ", " + mean + ", " + m2);
    }

    /** The spread of these ratios; NaN ones (a configuration with no returns) have no Sharpe and are left out. */
    public static SharpeSpread of(double[] annualSharpes) {
        SharpeSpread s = NONE;
        for (double x : annualSharpes) if (Double.isFinite(x)) s = s.plus(new SharpeSpread(1, x, 0));
        return s;
    }

    /** This spread and {@code other} as one. */
    public SharpeSpread plus(SharpeSpread other) {
        if (other.count == 0) return this;
        if (count == 0) return other;
        long n = count + other.count;
        double delta = other.mean - mean;
        return new SharpeSpread(n, mean + delta * other.count / n, m2 + other.m2 + delta * delta * ((double) count * other.count / n));
    }

    /** Sample variance of the ratios; NaN from fewer than 2 (unknown, not 0). */
    public double variance() {
        return count < 2 ? Double.NaN : m2 / (count - 1);
    }
}
