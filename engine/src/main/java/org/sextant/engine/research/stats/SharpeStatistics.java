package org.sextant.engine.research.stats;

import org.sextant.engine.forecast.Normal;

/**
 * Significance of a Sharpe ratio after non-normality, short samples and many trials.
 * All Sharpe ratios here are per period (not annualised); T counts return observations;
 * kurtosis is non-excess (3 for a normal distribution).
 *
 * <ul>
 * <li>PSR: Bailey and López de Prado (2012), "The Sharpe Ratio Efficient Frontier", J. Risk 15(2).
 * <li>DSR and the expected maximum Sharpe of N trials: Bailey and López de Prado (2014), "The
 *     Deflated Sharpe Ratio", J. Portfolio Management 40(5).
 * <li>MinTRL: Bailey and López de Prado (2012), same paper as PSR.
 * </ul>
 */
public final class SharpeStatistics {
    /** Euler–Mascheroni constant, in the expected maximum of N standard normals. */
    public static final double EULER_GAMMA = 0.5772156649015329;

    private SharpeStatistics() {}

    /**
     * Standard error factor sqrt(1 - skew*SR + (kurt-1)/4*SR^2) of an estimated Sharpe ratio;
     * NaN when the moments make it non-positive (the asymptotic formula does not apply), so every
     * statistic built on it is NaN, which the verdict treats as a failure.
     */
    static double dispersion(double sr, double skew, double kurtosis) {
        double v = 1 - skew * sr + (kurtosis - 1) / 4 * sr * sr;
        return v > 0 ? Math.sqrt(v) : Double.NaN;
    }

    /** Probabilistic Sharpe Ratio: P(true SR > benchmark) given the observed SR over T observations. */
    public static double psr(double sr, double benchmark, long t, double skew, double kurtosis) {
        if (t < 2) throw new IllegalArgumentException("PSR needs at least 2 observations, got " + t);
        return Normal.cdf((sr - benchmark) * Math.sqrt(t - 1) / dispersion(sr, skew, kurtosis));
    }

    /**
     * Expected maximum Sharpe ratio among N independent trials whose Sharpe ratios have variance
     * {@code variance} around a true value of zero (the False Strategy Theorem).
     */
    public static double expectedMaxSharpe(long trials, double variance) {
        if (trials < 1) throw new IllegalArgumentException("number of trials must be at least 1, got " + trials);
        if (trials == 1) return 0;
        double n = trials;
        return Math.sqrt(variance) * ((1 - EULER_GAMMA) * Normal.quantile(1 - 1 / n)
                + EULER_GAMMA * Normal.quantile(1 - 1 / (n * Math.E)));
    }

    /** Deflated Sharpe Ratio: the PSR against the expected maximum Sharpe of N null trials. */
    public static double dsr(double sr, long t, double skew, double kurtosis, long trials, double varianceOfTrialSharpes) {
        return psr(sr, expectedMaxSharpe(trials, varianceOfTrialSharpes), t, skew, kurtosis);
    }

    /**
     * Minimum Track Record Length, in observations (periods), needed for an observed SR to beat
     * the benchmark with the given confidence: 1 + (1 - skew SR + (kurt-1)/4 SR^2) (z / (SR - SR*))^2.
     * Infinite when the SR does not exceed the benchmark.
     */
    public static double minTrackRecordLength(double sr, double benchmark, double skew, double kurtosis, double confidence) {
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        if (Double.isNaN(sr)) return Double.NaN;
        if (sr <= benchmark) return Double.POSITIVE_INFINITY;
        double z = Normal.quantile(confidence);
        double d = dispersion(sr, skew, kurtosis);
        double k = z / (sr - benchmark);
        return 1 + d * d * k * k;
    }
}
