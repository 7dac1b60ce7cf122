package org.sextant.engine.research.sweep;

import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.stats.Haircut;
import org.sextant.engine.research.stats.Moments;
import org.sextant.engine.research.stats.Pbo;
import org.sextant.engine.research.stats.Placebo;
import org.sextant.engine.research.stats.SharpeSpread;
import org.sextant.engine.research.stats.SharpeStatistics;
import org.sextant.engine.research.stats.Verdict;

/**
 * What stands beside the best in-sample configuration of a sweep: its in- and out-of-sample
 * metrics and the statistics that say how much of it is luck.
 *
 * <ul>
 * <li>psr: P(true Sharpe > 0) from the in-sample returns; psrOutOfSample: the same out of sample.
 * <li>dsr: PSR against the expected best Sharpe of N null configurations, N = configurations
 *     tried in the session, variance = that of the in-sample Sharpe ratios of every configuration
 *     tried in the session at the run's bar interval ({@link ResearchSession#trialSharpes}; those of
 *     other intervals counted in N, not in the variance, said); n/a, said, when that is unknown.
 * <li>minTrackRecordYears: in-sample years needed for 95% confidence that the Sharpe is above 0.
 * <li>pbo: CSCV over the sweep's whole-period returns (16 blocks).
 * <li>haircutBonferroni, haircutHolm and haircutBhy, all over N = session configurations (Holm
 *     and BHY with the p-values of the sweep's in-sample Sharpe ratios and those the session's earlier
 *     runs kept; earlier configurations without one, of runs stored before V054, at p = 1, said);
 *     serial correlation is taken as 0.
 * <li>placebo: the chosen positions shifted in time at random, whole period, 999 draws.
 * </ul>
 * A configuration whose equity reached 0 (ruin, on the bar its kernel reported) has its PSR, DSR and MinTRL
 * taken over the bars up to its ruin, and the verdict "ruined".
 *
 * <p>A figure the returns cannot support is NaN (null on the wire) and {@code undefined} says why,
 * one sentence each: a Sharpe, Sortino or haircut of returns that never vary, a Sortino with no
 * return below 0, a PBO whose configurations all tie, and a PSR, DSR or MinTRL from fewer than
 * {@link #MIN_NONZERO_RETURNS} non-zero returns.
 */
public record HonestyReport(int chosen, Map<String, Object> parameters, Metrics inSample, Metrics outOfSample,
                            int configurationsInSweep, long configurationsInSession, long runsInSession,
                            double psr, double psrOutOfSample, double dsr, double expectedMaxSharpe,
                            double minTrackRecordYears, Pbo pbo, Haircut haircutBonferroni, Haircut haircutHolm,
                            Haircut haircutBhy, Placebo placebo, Verdict verdict, java.util.List<String> undefined) {

    public static final int PLACEBOS = 999;

    /**
     * Non-zero returns the PSR, DSR and MinTRL need: the T of the shortest track record Bailey and
     * López de Prado (2012) apply them to (24 monthly returns, the 0.9132 example). Their normal
     * approximation corrects with the sample skewness and kurtosis; from a handful of events those
     * describe the events, not the strategy (one +50% day among 277 flat ones gives PSR 0.976
     * whatever the day: about Phi(2 sqrt(k)) for k equal gains).
     */
    public static final int MIN_NONZERO_RETURNS = 24;

    /** Records the sweep in the session (its configurations count as tried), then evaluates it. */
    public static HonestyReport of(SweepResult sweep, ResearchSession session, double periodsPerYear, long seed) {
        return of(sweep, session, periodsPerYear, seed, null);
    }

    /**
     * As above, with {@code benchmarkReason} (null: none) after the verdict's own reasons and before the
     * facts its figures rest on ({@link Verdict#noting}): the label and headline stay as the rules decide.
     */
    public static HonestyReport of(SweepResult sweep, ResearchSession session, double periodsPerYear, long seed, String benchmarkReason) {
        int m = sweep.configurations();
        double[] annualIs = new double[m];
        for (int k = 0; k < m; k++) annualIs[k] = SweepResult.comparableSharpe(sweep.inSample()[k]);
        SweepKernel kernel = sweep.kernel();
        String interval = kernel.universe().axis().interval();
        long n = session.record(m, interval, SharpeSpread.of(annualIs));
        int bars = kernel.universe().bars(), split = sweep.split();
        int best = sweep.bestInSample();

        double[] ret = new double[bars];
        // where the kernel found the equity gone, as it ran (one source of truth, not looked for again in the returns);
        // a ruined configuration's statistics stop at its ruin (its -100% bar included): after it nothing is traded
        org.sextant.engine.research.backtest.Ruined ruined = kernel.run(best, ret, new double[bars], new double[bars]);
        int ruin = ruined == null ? -1 : ruined.bar();
        int end = ruin < 0 ? bars : ruin + 1;
        double[] isRet = java.util.Arrays.copyOfRange(ret, 1, Math.min(split, end)), oosRet = java.util.Arrays.copyOfRange(ret, split, Math.max(split, end));
        Moments is = Moments.of(isRet);
        Moments oos = Moments.of(oosRet);
        Metrics chosenIs = sweep.inSample()[best], chosenOos = sweep.outOfSample()[best];
        String isWhy = whyNoPsr(chosenIs, isRet, is, "in-sample"), oosWhy = whyNoPsr(chosenOos, oosRet, oos, "out-of-sample");

        // the variance of the Sharpe ratios of the session's trials, not this sweep's: one configuration alone (0) or
        // near-identical ones (~0) would otherwise undo the deflation by everything the session tried before
        // and of those at this run's interval: other intervals' annual Sharpe ratios are not draws of the same null
        double var = session.trialSharpes(interval).variance() / periodsPerYear;
        long elsewhere = session.trialsAtOtherIntervals(interval);
        String varWhy = n == 1 || !Double.isNaN(var) ? null
                : "the variance of the Sharpe ratios of the session's " + (elsewhere > 0 ? interval : n) + " configurations is unknown"
                + " (fewer than 2 of them had a Sharpe ratio), so the best of them by luck cannot be estimated";
        double sr = is.sharpe();
        double psr = isWhy != null ? Double.NaN : SharpeStatistics.psr(sr, 0, is.count(), is.skewness(), is.kurtosis());
        double psrOos = oosWhy != null ? Double.NaN : SharpeStatistics.psr(oos.sharpe(), 0, oos.count(), oos.skewness(), oos.kurtosis());
        double sr0 = varWhy != null ? Double.NaN : SharpeStatistics.expectedMaxSharpe(n, var);
        double dsr = isWhy != null || varWhy != null ? Double.NaN : SharpeStatistics.psr(sr, sr0, is.count(), is.skewness(), is.kurtosis());
        double minTrl = isWhy != null ? Double.NaN : SharpeStatistics.minTrackRecordLength(sr, 0, is.skewness(), is.kurtosis(), 0.95) / periodsPerYear;
        // the formula's own NaN (moments outside its range) is said too
        if (isWhy == null && Double.isNaN(psr)) isWhy = "the in-sample returns' moments are outside the formula's range";
        if (oosWhy == null && Double.isNaN(psrOos)) oosWhy = "the out-of-sample returns' moments are outside the formula's range";
        String dsrWhy = isWhy != null ? isWhy : varWhy;

        Pbo pbo = m >= 2 ? Pbo.fromBlockSums(sweep.blockSum(), sweep.blockSq(), sweep.blockCount()) : null;
        String pboWhy = pbo != null && pbo.undefined()
                ? "configurations tie: their in-sample Sharpe ratios are equal in every split (e.g. one position scaled), so nothing was selected" : null;
        long obs = split - 1;
        boolean noSharpe = Double.isNaN(chosenIs.sharpe());
        Haircut bon = noSharpe ? Haircut.undefined("bonferroni") : Haircut.bonferroni(annualIs[best], obs, periodsPerYear, 0, n);
        // adjusted for every configuration of the session: with the p-values its earlier runs kept, the others' at p = 1
        Haircut[] stepwise = noSharpe ? null : Haircut.inSession(obs, periodsPerYear, annualIs, best, n, session.earlierPValues());
        Haircut holm = noSharpe ? Haircut.undefined("holm") : stepwise[0];
        Haircut bhy = noSharpe ? Haircut.undefined("bhy") : stepwise[1];
        long unkept = n - m - session.earlierPValues().known();
        String haircutWhy = noSharpe ? "the chosen configuration's in-sample returns never vary: no Sharpe ratio to test" : null;
        double[][] held = kernel.heldPositions(best);
        Placebo placebo = Placebo.of(kernel.universe().barReturns(), held, PLACEBOS, seed);

        java.util.List<String> undefined = new java.util.ArrayList<>();
        ratiosUndefined(undefined, chosenIs, "in-sample");
        ratiosUndefined(undefined, chosenOos, "out-of-sample");
        if (isWhy != null) undefined.add("PSR, DSR and MinTRL are n/a: " + isWhy);
        else if (minTrl == Double.POSITIVE_INFINITY) undefined.add(NO_TRACK_RECORD); // null on the wire: said, as "never" in the views
        if (dsrWhy != null && isWhy == null) undefined.add("DSR is n/a: " + dsrWhy);
        if (oosWhy != null && isWhy == null) undefined.add("out-of-sample PSR is n/a: " + oosWhy);
        if (pboWhy != null) undefined.add("PBO is n/a: " + pboWhy + " for CSCV to judge");

        Verdict verdict = Verdict.of(dsr, dsrWhy, n, m, pbo == null ? Double.NaN : pbo.pbo(), pboWhy, holm.adjustedPValue(),
                holm.log10AdjustedPValue(), haircutWhy, placebo.pValue(),
                Verdict.Held.of(held));
        if (ruin >= 0) verdict = verdict.ruined(kernel.universe().dates().get(ruin), ruin >= split);
        if (benchmarkReason != null) verdict = verdict.noting(benchmarkReason);
        if (unkept > 0 && !noSharpe) verdict = verdict.noting(unkeptPValues(unkept));
        if (elsewhere > 0 && !Double.isNaN(dsr)) verdict = verdict.noting(otherIntervals(interval, elsewhere, n));
        BarAxis axis = kernel.universe().axis();
        if (!axis.plainDaily()) verdict = verdict.stating(axis.annualisation()); // a daily run's verdict reads as it always did
        return new HonestyReport(best, kernel.parameters(best), sweep.inSample()[best], sweep.outOfSample()[best],
                m, n, session.runs(), psr, psrOos, dsr, sr0 * Math.sqrt(periodsPerYear), minTrl, pbo, bon, holm, bhy,
                placebo, verdict, java.util.List.copyOf(undefined));
    }

    /** Why a Sharpe ratio at or below 0 has no MinTRL (it is infinite): what get_run and run_strategy say beside its null. */
    public static final String NO_TRACK_RECORD_REASON = "the in-sample Sharpe ratio is not above 0";
    public static final String NO_TRACK_RECORD = "MinTRL is n/a: " + NO_TRACK_RECORD_REASON + ", so no track record,"
            + " however long, gives 95% confidence that it is";

    /** Which trials the DSR's spread of Sharpe ratios was taken over when the session holds runs at other intervals. */
    static String otherIntervals(String interval, long elsewhere, long n) {
        return "the DSR counts all " + n + " configurations of the session but takes the spread of their Sharpe ratios over the "
                + interval + " ones only: " + elsewhere + (elsewhere == 1 ? " was" : " were") + " run at other bar intervals,"
                + " whose annual Sharpe ratios are not comparable (a separate session per interval keeps each verdict to its own trials)";
    }

    /** What Holm and BHY did not know: earlier configurations whose p-values were not kept, counted as p = 1 (harsher than theirs). */
    static String unkeptPValues(long unkept) {
        return "Holm and BHY count " + (unkept == 1 ? "1 earlier configuration" : unkept + " earlier configurations")
                + " of the session as p = 1: " + (unkept == 1 ? "its run was" : "their runs were")
                + " stored before each configuration's p-value was kept, so these haircuts are harsher than their real p-values would give";
    }

    /** This report with {@code fact} at the end of its verdict's headline and reasons ({@link Verdict#stating}). */
    public HonestyReport stating(String fact) {
        return new HonestyReport(chosen, parameters, inSample, outOfSample, configurationsInSweep, configurationsInSession, runsInSession,
                psr, psrOutOfSample, dsr, expectedMaxSharpe, minTrackRecordYears, pbo, haircutBonferroni, haircutHolm, haircutBhy,
                placebo, verdict.stating(fact), undefined);
    }

    /** Why the PSR of these returns is not computed (null when it is): none vary, or too few are non-zero. */
    static String whyNoPsr(Metrics window, double[] returns, Moments moments, String where) {
        if (!Double.isFinite(window.volatility())) return "the chosen configuration has no " + where + " returns (ruined before)";
        if (Double.isNaN(window.sharpe()) || !(moments.sd() > 0)) return "the chosen configuration's " + where + " returns never vary";
        int nonZero = 0;
        for (double r : returns) if (r != 0 && !Double.isNaN(r)) nonZero++;
        if (nonZero >= MIN_NONZERO_RETURNS) return null;
        return "the chosen configuration's " + where + " returns have " + nonZero + " non-zero value" + (nonZero == 1 ? "" : "s")
                + ", and these statistics need at least " + MIN_NONZERO_RETURNS + " (the shortest track record Bailey & López de Prado"
                + " apply them to): from fewer, the skewness and kurtosis they correct with describe a few events, not the strategy";
    }

    /** Says why a window's Sharpe or Sortino is NaN (nothing for a window with no returns: ruin says it). */
    private static void ratiosUndefined(java.util.List<String> out, Metrics m, String where) {
        if (!Double.isFinite(m.volatility())) return;
        if (Double.isNaN(m.sharpe())) {
            out.add(where + " Sharpe and Sortino" + (where.startsWith("in") ? " (and the haircut Sharpe)" : "")
                    + " are n/a: the chosen configuration's returns never vary there, so there is no ratio to take");
        } else if (Double.isNaN(m.sortino())) {
            out.add(where + " Sortino is n/a: no return was below 0 there, so there is no downside deviation to divide by (the ratio is unbounded, not 0)");
        }
    }
}
