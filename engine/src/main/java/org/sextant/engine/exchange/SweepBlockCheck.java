package org.sextant.engine.exchange;

import java.util.Locale;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepJob;

/**
 * Whether a sweep row's in- and out-of-sample Sharpe, volatility and bars agree with its own PBO
 * blocks. The sweep ({@code Sweep.measureBatch}) measures one return series r[1..bars): in sample
 * [1, split), out of sample [split, bars), and in 16 equal consecutive blocks (sum and sum of
 * squares of r each, {@code Pbo.addBlockSums}). {@link Metrics#of} gives mean = Sharpe × volatility
 * / periods a year and sd = volatility / √periods, so each side's sum and sum of squares follow
 * from its metrics; blocks inside a side must add up to them, and a block the split cuts bounds
 * the rest: its part's squares lie in [0, its sum of squares], and its part's sum at most
 * √(bars in it × those squares) away (Cauchy–Schwarz). The volatility is checked first, against
 * the variances those sums allow (the mean does not enter it), so a wrong Sharpe is named as such. Only some configurations
 * are measured again on import ({@code SweepReplay}), so this is what stops a hand-made Sharpe in the others.
 */
final class SweepBlockCheck {
    private SweepBlockCheck() {}

    /** Relative slack for summing in another order than the sweep did: a genuine row is off by about 1e-15. */
    static final double TOLERANCE = 1e-9;

    /** What disagrees, as {column, why}, or null when the row's metrics are ones its blocks allow. */
    static String[] problem(SweepJob job, Metrics is, Metrics oos, double[] sum, double[] sq, int[] count) {
        int len = job.bars() - 1;
        for (int b = 0; b < Sweep.PBO_BLOCKS; b++) {
            if (count[b] != lo(len, b + 1) - lo(len, b)) {
                return new String[]{"block_count", "holds " + count[b] + " bars in block " + (b + 1) + ", not the " + (lo(len, b + 1) - lo(len, b))
                        + " of the job's " + job.bars() + " bars cut into " + Sweep.PBO_BLOCKS};
            }
        }
        if (is.bars() < 2 || oos.bars() < 2 || is.bars() + oos.bars() != len) {
            return new String[]{"oos_bars", "is " + oos.bars() + " with is_bars " + is.bars() + ", not the job's " + len + " return bars split in two"};
        }
        // annualised as the job measured them (365 a year for a 7-day market)
        String[] p = side("oos_", oos, 1 + is.bars(), 1 + len, len, sum, sq, job.periodsPerYear());
        return p != null ? p : side("is_", is, 1, 1 + is.bars(), len, sum, sq, job.periodsPerYear());
    }

    /** Bars [from, to) measured as {@code m} against the blocks, named by {@code prefix}. */
    private static String[] side(String prefix, Metrics m, int from, int to, int len, double[] sum, double[] sq, double periodsPerYear) {
        double fullS = 0, fullQ = 0, cutQ = 0;
        int cutBars = 0;
        for (int b = 0; b < Sweep.PBO_BLOCKS; b++) {
            int lo = 1 + lo(len, b), hi = 1 + lo(len, b + 1), in = Math.min(hi, to) - Math.max(lo, from);
            if (in <= 0) continue;
            if (in == hi - lo) { fullS += sum[b]; fullQ += sq[b]; } else { cutQ += sq[b]; cutBars += in; }
        }
        double periods = periodsPerYear, n = m.bars();
        // sd 0: every return is the mean, which the CAGR then gives
        double mean = m.volatility() == 0 ? Math.expm1(Math.log1p(m.cagr()) / periods) : m.sharpe() * m.volatility() / periods;
        double s = mean * n, q = m.volatility() * m.volatility() / periods * (n - 1) + n * mean * mean;
        double slackQ = TOLERANCE * (fullQ + cutQ + q) + Double.MIN_NORMAL;
        // the variance first: it does not depend on the mean, so a wrong volatility is told from a wrong Sharpe
        double a = Math.abs(fullS), c = cutBars, uMax = Math.sqrt(cutQ), var = m.volatility() * m.volatility() / periods;
        double near = Math.max(0, a - Math.sqrt(c) * uMax), most = (fullQ + cutQ - near * near / n) / (n - 1);
        double least = Math.min(spread(fullQ, a, c, n, 0), spread(fullQ, a, c, n, uMax));
        if (c < n) least = Math.min(least, spread(fullQ, a, c, n, Math.min(uMax, a * Math.sqrt(c) / (n - c))));
        if (!(var >= least - slackQ / (n - 1) && var <= most + slackQ / (n - 1))) {
            return new String[]{prefix + "volatility", "is " + m.volatility() + " where its block_sum and block_sq allow " + fmt(Math.sqrt(Math.max(0, least) * periods))
                    + " to " + fmt(Math.sqrt(most * periods))};
        }
        if (!(q >= fullQ - slackQ && q <= fullQ + cutQ + slackQ)) {
            return new String[]{prefix + "sharpe", "is " + m.sharpe() + ", which with its volatility gives returns whose squares sum to " + fmt(q)
                    + " where its block_sq allows " + fmt(fullQ) + " to " + fmt(fullQ + cutQ)};
        }
        double reach = Math.sqrt(cutBars * Math.min(cutQ, Math.max(0, q - fullQ))) + TOLERANCE * Math.sqrt(n * (fullQ + cutQ + q)) + Double.MIN_NORMAL;
        if (!(Math.abs(s - fullS) <= reach)) {
            return new String[]{prefix + "sharpe", "is " + m.sharpe() + ", which gives returns summing to " + fmt(s) + " where its block_sum allows "
                    + fmt(fullS - reach) + " to " + fmt(fullS + reach)};
        }
        return null;
    }

    /** The variance of n returns whose cut part has squares u² and sum √c·u on the side of the full blocks' sum a: the farther the sum, the less. */
    private static double spread(double fullQ, double a, double c, double n, double u) {
        double sum = a + Math.sqrt(c) * u;
        return (fullQ + u * u - sum * sum / n) / (n - 1);
    }

    /** Index (from 0) of block b's first return, as {@code Pbo.addBlockSums} cuts {@code len} returns. */
    private static int lo(int len, int b) {
        return (int) ((long) len * b / Sweep.PBO_BLOCKS);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
