package org.sextant.engine.research.sweep;

import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.backtest.Ruin;
import org.sextant.engine.research.stats.Haircut;
import org.sextant.engine.research.stats.Moments;
import org.sextant.engine.research.stats.Pbo;
import org.sextant.engine.research.stats.Placebo;
import org.sextant.engine.research.stats.SharpeStatistics;
import org.sextant.engine.research.stats.Verdict;

/**
 * What stands beside the best in-sample configuration of a sweep: its in- and out-of-sample
 * metrics and the statistics that say how much of it is luck.
 *
 * <ul>
 * <li>psr: P(true Sharpe > 0) from the in-sample returns; psrOutOfSample: the same out of sample.
 * <li>dsr: PSR against the expected best Sharpe of N null configurations, N = configurations
 *     tried in the session, variance = that of the sweep's in-sample Sharpe ratios.
 * <li>minTrackRecordYears: in-sample years needed for 95% confidence that the Sharpe is above 0.
 * <li>pbo: CSCV over the sweep's whole-period returns (16 blocks).
 * <li>haircutBonferroni (N = session configurations), haircutHolm and haircutBhy (over the
 *     sweep's actual in-sample Sharpe ratios); serial correlation is taken as 0.
 * <li>placebo: the chosen positions shifted in time at random, whole period, 999 draws.
 * </ul>
 * A configuration whose equity reached 0 (ruin) has its PSR, DSR and MinTRL taken over the bars
 * up to its ruin, and the verdict "ruined".
 */
public record HonestyReport(int chosen, Map<String, Object> parameters, Metrics inSample, Metrics outOfSample,
                            int configurationsInSweep, long configurationsInSession, long runsInSession,
                            double psr, double psrOutOfSample, double dsr, double expectedMaxSharpe,
                            double minTrackRecordYears, Pbo pbo, Haircut haircutBonferroni, Haircut haircutHolm,
                            Haircut haircutBhy, Placebo placebo, Verdict verdict) {

    public static final int PLACEBOS = 999;

    /** Records the sweep in the session (its configurations count as tried), then evaluates it. */
    public static HonestyReport of(SweepResult sweep, ResearchSession session, double periodsPerYear, long seed) {
        long n = session.record(sweep.configurations());
        SweepKernel kernel = sweep.kernel();
        int bars = kernel.universe().bars(), split = sweep.split();
        int best = sweep.bestInSample();

        double[] ret = new double[bars];
        kernel.run(best, ret, new double[bars], new double[bars]);
        // a ruined configuration's statistics stop at its ruin (its -100% bar included): after it nothing is traded
        int ruin = Ruin.bar(ret, 0, bars);
        int end = ruin < 0 ? bars : ruin + 1;
        Moments is = Moments.of(java.util.Arrays.copyOfRange(ret, 1, Math.min(split, end)));
        Moments oos = Moments.of(java.util.Arrays.copyOfRange(ret, split, Math.max(split, end)));

        int m = sweep.configurations();
        double[] annualIs = new double[m];
        double mean = 0;
        for (int k = 0; k < m; k++) { annualIs[k] = sweep.inSample()[k].sharpe(); mean += annualIs[k] / Math.sqrt(periodsPerYear); }
        mean /= m;
        double var = 0;
        for (int k = 0; k < m; k++) { double d = annualIs[k] / Math.sqrt(periodsPerYear) - mean; var += d * d; }
        var = m > 1 ? var / (m - 1) : 0;

        double sr = is.sharpe();
        double psr = SharpeStatistics.psr(sr, 0, is.count(), is.skewness(), is.kurtosis());
        double psrOos = SharpeStatistics.psr(oos.sharpe(), 0, oos.count(), oos.skewness(), oos.kurtosis());
        double sr0 = SharpeStatistics.expectedMaxSharpe(n, var);
        double dsr = SharpeStatistics.psr(sr, sr0, is.count(), is.skewness(), is.kurtosis());
        double minTrl = SharpeStatistics.minTrackRecordLength(sr, 0, is.skewness(), is.kurtosis(), 0.95) / periodsPerYear;

        Pbo pbo = m >= 2 ? Pbo.fromBlockSums(sweep.blockSum(), sweep.blockSq(), sweep.blockCount()) : null;
        long obs = split - 1;
        Haircut bon = Haircut.bonferroni(annualIs[best], obs, periodsPerYear, 0, n);
        Haircut holm = Haircut.of(obs, periodsPerYear, 0, "holm", annualIs, best);
        Haircut bhy = Haircut.of(obs, periodsPerYear, 0, "bhy", annualIs, best);
        Placebo placebo = Placebo.of(kernel.universe().barReturns(), kernel.heldPositions(best), PLACEBOS, seed);

        Verdict verdict = Verdict.of(dsr, n, m, pbo == null ? Double.NaN : pbo.pbo(), holm.adjustedPValue(), placebo.pValue());
        if (ruin >= 0) verdict = verdict.ruined(kernel.universe().dates().get(ruin), ruin >= split);
        BarAxis axis = kernel.universe().axis();
        if (!axis.plainDaily()) verdict = verdict.stating(axis.annualisation()); // a daily run's verdict reads as it always did
        return new HonestyReport(best, kernel.parameters(best), sweep.inSample()[best], sweep.outOfSample()[best],
                m, n, session.runs(), psr, psrOos, dsr, sr0 * Math.sqrt(periodsPerYear), minTrl, pbo, bon, holm, bhy,
                placebo, verdict);
    }
}
