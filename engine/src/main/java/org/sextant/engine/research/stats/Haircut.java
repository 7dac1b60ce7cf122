package org.sextant.engine.research.stats;

import org.hipparchus.distribution.continuous.TDistribution;

/**
 * Harvey and Liu (2015), "Backtesting", J. Portfolio Management 42(1): the Sharpe ratio a
 * strategy keeps once the p-value of its t-test is adjusted for the number of strategies tried.
 * The annual Sharpe ratio is first corrected for first-order autocorrelation rho of the returns
 * (Lo 2002); the t-statistic is SR_period * sqrt(T) with a t(T - 1) two-sided p-value; the
 * adjusted p-value is turned back into the Sharpe ratio that would have had it.
 *
 * <p>Unlike Harvey and Liu, who simulate the unknown other tests from a model of the published
 * factor zoo for Holm and BHY, a sweep knows every configuration it tried: {@link #of(long, double,
 * double, String, double[], int)} adjusts with their actual p-values, and {@link #inSession} with
 * those its research session's earlier runs kept too. Bonferroni needs only the count.
 *
 * @param annualSharpe        annual Sharpe ratio after the autocorrelation correction
 * @param pValue              single-test two-sided p-value
 * @param method              the adjustment used
 * @param adjustedPValue      the p-value after adjustment
 * @param haircutSharpe       annual Sharpe ratio implied by the adjusted p-value
 * @param haircut             (annualSharpe - haircutSharpe) / annualSharpe
 * @param log10AdjustedPValue the adjusted p-value's base-10 log, exact where the p-value itself is below what a double
 *                            holds (about 1e-308) and reads 0
 */
public record Haircut(double annualSharpe, double pValue, String method, double adjustedPValue,
                      double haircutSharpe, double haircut, double log10AdjustedPValue) {

    /** No haircut: the configuration's returns never vary, so it has no Sharpe ratio to test (every figure NaN). */
    public static Haircut undefined(String method) {
        return new Haircut(Double.NaN, Double.NaN, method, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Lo's (2002) factor for an AR(1) return series aggregated over q periods per year. */
    public static double autocorrelationFactor(double rho, double periodsPerYear) {
        if (!(rho > -1 && rho < 1)) throw new IllegalArgumentException("autocorrelation must be in (-1, 1), got " + rho);
        if (rho == 0) return 1;
        double q = periodsPerYear;
        return Math.pow(1 + (2 * rho / (1 - rho)) * (1 - (1 - Math.pow(rho, q)) / (q * (1 - rho))), -0.5);
    }

    /**
     * Two-sided p-value of a per-period Sharpe ratio over t observations, in [0, 1] by construction: 2 P(T >= t-stat) for a
     * positive ratio (Harvey and Liu's), 1 for a negative or zero one, which is no evidence of a positive Sharpe ratio (the
     * old 2 (1 - F(t)) gave up to 2 there, stored as the configuration's p-value). The lower tail F(-t) keeps a strong
     * ratio's tiny p-value, which 1 - F(t) rounds to 0.
     */
    public static double pValue(double periodSharpe, long t) {
        double tStat = periodSharpe * Math.sqrt(t);
        return tStat > 0 ? 2 * studentT(t - 1).cumulativeProbability(-tStat) : 1;
    }

    /**
     * The natural log of {@link #pValue}, finite where the p-value itself underflows to 0 (below about 1e-308: t = 40 over
     * 5000 returns), so that a very strong Sharpe ratio is still adjusted and inverted rather than given an infinite haircut.
     */
    public static double logPValue(double periodSharpe, long t) {
        double tStat = periodSharpe * Math.sqrt(t);
        if (!(tStat > 0)) return 0;
        double p = pValue(periodSharpe, t);
        return p >= TINY ? Math.log(p) : Math.log(2) + logUpperTail(t - 1, tStat);
    }

    /** p-values below this are taken in log space: below it a double has lost digits (subnormal from 2.2e-308). */
    static final double TINY = 1e-290;

    /** Bonferroni haircut when only the number of tests is known. */
    public static Haircut bonferroni(double annualSharpe, long observations, double periodsPerYear, double rho, long tests) {
        double sr = annualSharpe * autocorrelationFactor(rho, periodsPerYear);
        double p = pValue(sr / Math.sqrt(periodsPerYear), observations);
        if (p < TINY) {
            double logP = logPValue(sr / Math.sqrt(periodsPerYear), observations);
            return finishLog(sr, p, "bonferroni", Math.min(0, Math.log(tests) + logP), observations, periodsPerYear);
        }
        return finish(sr, p, "bonferroni", Math.min(1, tests * p), observations, periodsPerYear);
    }

    /**
     * Haircut of the configuration {@code index} with the actual annual Sharpe ratios of every
     * configuration tried (all over the same number of observations).
     *
     * @param method "bonferroni", "holm" or "bhy"
     */
    public static Haircut of(long observations, double periodsPerYear, double rho, String method, double[] annualSharpes, int index) {
        long tests = annualSharpes.length;
        double factor = autocorrelationFactor(rho, periodsPerYear);
        double[] p = new double[annualSharpes.length];
        for (int i = 0; i < p.length; i++) p[i] = pValue(annualSharpes[i] * factor / Math.sqrt(periodsPerYear), observations);
        double[] adj = switch (method) {
            case "bonferroni" -> MultipleTesting.bonferroni(p, tests);
            case "holm" -> MultipleTesting.holm(p, tests);
            case "bhy" -> MultipleTesting.bhy(p, tests);
            default -> throw new IllegalArgumentException("unknown adjustment '" + method + "': use bonferroni, holm or bhy");
        };
        return finish(annualSharpes[index] * factor, p[index], method, adj[index], observations, periodsPerYear);
    }

    /**
     * The single-test p-value a configuration's in-sample annual Sharpe ratio (as ranked: SweepResult.comparableSharpe)
     * has over {@code observations} returns, serial correlation taken as 0: what Holm and BHY adjust, and what a run
     * stores for each configuration (run_configurations.p_value) so the session's later runs adjust with it. A
     * configuration with no returns at all (NaN) tests nothing: p = 1.
     */
    public static double configurationPValue(double annualSharpe, long observations, double periodsPerYear) {
        return Double.isNaN(annualSharpe) ? 1 : pValue(annualSharpe / Math.sqrt(periodsPerYear), observations);
    }

    /**
     * The base-10 log of {@link #configurationPValue}, exact where that p-value underflows to 0 (a stored 0 would rank
     * before every other tiny p-value of the session, whatever their true order): kept beside it
     * (run_configurations.log10_p_value, V063) for Holm and BHY to order and adjust with, and shown.
     */
    public static double log10ConfigurationPValue(double annualSharpe, long observations, double periodsPerYear) {
        return Double.isNaN(annualSharpe) ? 0 : logPValue(annualSharpe / Math.sqrt(periodsPerYear), observations) / LN10;
    }

    private static final double LN10 = Math.log(10);

    /**
     * Holm's and BHY's haircuts of configuration {@code index} among the run's {@code annualSharpes} and the
     * {@code earlier} p-values of the session, over its {@code tests} configurations (the rest at p = 1), serial
     * correlation taken as 0 (the stored p-values' own).
     *
     * @return {Holm, BHY}
     */
    public static Haircut[] inSession(long observations, double periodsPerYear, double[] annualSharpes, int index, long tests, EarlierPValues earlier) {
        double[] p = new double[annualSharpes.length];
        for (int i = 0; i < p.length; i++) p[i] = configurationPValue(annualSharpes[i], observations, periodsPerYear);
        if (p[index] < TINY) { // adjusted in log space, where the p-values that matter (those about this one) keep their digits
            double[] logP = new double[p.length];
            for (int i = 0; i < p.length; i++) {
                logP[i] = Double.isNaN(annualSharpes[i]) ? 0 : logPValue(annualSharpes[i] / Math.sqrt(periodsPerYear), observations);
            }
            double[] logAdj = MultipleTesting.holmAndBhyOfLogs(logP, index, earlier, tests);
            return new Haircut[]{finishLog(annualSharpes[index], p[index], "holm", logAdj[0], observations, periodsPerYear),
                    finishLog(annualSharpes[index], p[index], "bhy", logAdj[1], observations, periodsPerYear)};
        }
        double[] adj = MultipleTesting.holmAndBhy(p, index, earlier, tests);
        return new Haircut[]{finish(annualSharpes[index], p[index], "holm", adj[0], observations, periodsPerYear),
                finish(annualSharpes[index], p[index], "bhy", adj[1], observations, periodsPerYear)};
    }

    /** {@link #finish} from the log of the adjusted p-value, which may be below what a double holds. */
    private static Haircut finishLog(double sr, double p, String method, double logAdjusted, long t, double q) {
        if (logAdjusted >= Math.log(TINY)) return finish(sr, p, method, Math.exp(logAdjusted), t, q);
        double hc = Math.signum(sr) * upperQuantileOfLog(t - 1, logAdjusted - Math.log(2)) / Math.sqrt(t) * Math.sqrt(q);
        return new Haircut(sr, p, method, Math.exp(logAdjusted), hc, (sr - hc) / sr, logAdjusted / LN10);
    }

    private static Haircut finish(double sr, double p, String method, double adjusted, long t, double q) {
        // Invert: the Sharpe ratio whose two-sided p-value equals the adjusted one (0 when p = 1).
        double z = adjusted >= 1 ? 0 : upperQuantile(t - 1, adjusted / 2);
        double hc = z == 0 ? 0 : Math.signum(sr) * z / Math.sqrt(t) * Math.sqrt(q); // 0, not -0, for a negative ratio
        return new Haircut(sr, p, method, adjusted, hc, sr == 0 ? Double.NaN : (sr - hc) / sr, Math.log10(adjusted));
    }

    /** Upper tails at least this are inverted by the library's t; below it 1 - tail loses the tail's digits (1 - 5e-49 is 1). */
    static final double DIRECT_TAIL = 1e-6;

    /**
     * The t with {@code tail} above it on {@code degreesOfFreedom}, finite for any tail from about 1e-300 (at 1 - 5e-49 the
     * library's inverse was infinite): below {@value #DIRECT_TAIL}, Newton's method on log P(T > t) against log t (P(T > t)
     * falls as exp(-t^2/2) near the centre and as t^-df far out), kept inside a bracket of the root and halving it when a step
     * would leave it.
     */
    static double upperQuantile(double degreesOfFreedom, double tail) {
        if (tail >= DIRECT_TAIL) return studentT(degreesOfFreedom).inverseCumulativeProbability(1 - tail);
        if (!(tail > 0)) throw new IllegalArgumentException("an upper tail must be positive, got " + tail);
        return upperQuantileOfLog(degreesOfFreedom, Math.log(tail));
    }

    /** {@link #upperQuantile} of the tail's log, below {@code log(DIRECT_TAIL)}: any tail a double's log can hold (1e-1000 too). */
    static double upperQuantileOfLog(double degreesOfFreedom, double target) {
        TDistribution t = studentT(degreesOfFreedom);
        double lo = Math.log(t.inverseCumulativeProbability(1 - DIRECT_TAIL)), hi = lo; // log t with more tail above it, and with less
        for (int k = 0; k < MAX_STEPS && !(logUpperTail(degreesOfFreedom, Math.exp(hi)) < target); k++) hi += 1;
        double u = hi;
        for (int k = 0; k < MAX_STEPS && hi - lo > 1e-15 * Math.abs(u); k++) {
            double x = Math.exp(u), logTail = logUpperTail(degreesOfFreedom, x);
            if (logTail > target) lo = u;
            else hi = u;
            // d log P(T > x) / d log x = -x f(x) / P(T > x)
            double next = u + (logTail - target) / (x * Math.exp(t.logDensity(x) - logTail));
            if (Math.abs(next - u) < 1e-15 * Math.abs(u)) return Math.exp(next);
            u = next > lo && next < hi ? next : (lo + hi) / 2; // a step out of the bracket (or from -inf) halves it instead
        }
        return Math.exp(u);
    }

    /** Steps at most, to bracket the root and to close on it (a bound: the halving alone closes a bracket in about 60). */
    private static final int MAX_STEPS = 2000;

    /**
     * log P(T > x) for x > 0: half the regularized incomplete beta I(df / (df + x^2); df / 2, 1/2), with no 1 - F(x), and
     * taken in log space where the tail is below what a double holds (the library's I would be 0 there).
     */
    static double logUpperTail(double degreesOfFreedom, double x) {
        double z = degreesOfFreedom / (degreesOfFreedom + x * x);
        double tail = 0.5 * org.hipparchus.special.Beta.regularizedBeta(z, degreesOfFreedom / 2, 0.5);
        return tail >= TINY ? Math.log(tail) : Math.log(0.5) + LogIncompleteBeta.logRegularized(z, degreesOfFreedom / 2, 0.5);
    }

    /** Student's t with its inverse solved to 1e-14 (the library's default stops at 1e-9). */
    static TDistribution studentT(double degreesOfFreedom) {
        if (!(degreesOfFreedom > 0)) throw new IllegalArgumentException("degrees of freedom must be positive, got " + degreesOfFreedom);
        return new TDistribution(degreesOfFreedom, 1e-14);
    }
}
