package org.sextant.engine.research.stats;

/**
 * Sample moments of a return series as the Sharpe-ratio statistics use them: mean, standard
 * deviation with n - 1, and the moment estimators of skewness and (non-excess) kurtosis, so a
 * normal sample has kurtosis near 3. NaN entries are skipped.
 */
public record Moments(int count, double mean, double sd, double skewness, double kurtosis) {

    public static Moments of(double[] x) {
        int n = 0;
        double sum = 0;
        for (double v : x) if (!Double.isNaN(v)) { n++; sum += v; }
        if (n < 2) return new Moments(n, n == 1 ? sum : Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        double mean = sum / n, m2 = 0, m3 = 0, m4 = 0;
        for (double v : x) {
            if (Double.isNaN(v)) continue;
            double d = v - mean, d2 = d * d;
            m2 += d2; m3 += d2 * d; m4 += d2 * d2;
        }
        m2 /= n; m3 /= n; m4 /= n;
        double sd = Math.sqrt(m2 * n / (n - 1));
        return new Moments(n, mean, sd, m3 / Math.pow(m2, 1.5), m4 / (m2 * m2));
    }

    /** Per-period Sharpe ratio mean / sd (no risk-free rate: returns are taken as excess). */
    public double sharpe() {
        return mean / sd;
    }
}
