package org.sextant.engine.research.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.sextant.engine.jobs.Cancellation;

/**
 * Probability of Backtest Overfitting by Combinatorially Symmetric Cross-Validation (Bailey,
 * Borwein, López de Prado and Zhu 2017, "The Probability of Backtest Overfitting", J. Comput.
 * Finance 20(4)). The T x N returns matrix (N configurations) is cut into S equal blocks of rows;
 * for each of the C(S, S/2) ways to pick half the blocks as in-sample, the configuration with the
 * best in-sample Sharpe ratio is ranked out-of-sample among all N. PBO is the share of splits in
 * which it falls at or below the out-of-sample median (logit of its relative rank <= 0).
 *
 * <p>A split whose configurations all tie in sample (equal Sharpe ratios within 1e-9, as for one
 * position scaled, or configurations that never trade) selected nothing: its "winner" would be
 * an arbitrary index, ranked at the median out of sample and counted as overfit. Such splits are
 * left out; when every split ties, nothing was ever selected and the PBO is NaN (undefined).
 *
 * @param pbo        the probability of backtest overfitting
 * @param splits     number of in-sample/out-of-sample combinations evaluated (tied ones left out)
 * @param logits     logit of the chosen configuration's relative out-of-sample rank, per evaluated split
 * @param meanOosRank mean relative out-of-sample rank (0..1, 1 = best) of the in-sample winner
 */
public record Pbo(double pbo, int splits, double[] logits, double meanOosRank) {

    /**
     * @param returns returns[configuration][t], all of the same length T
     * @param blocks  S, even, at least 2 and at most T
     */
    public static Pbo cscv(double[][] returns, int blocks) {
        int n = returns.length;
        if (n < 2) throw new IllegalArgumentException("PBO needs at least 2 configurations, got " + n);
        if (blocks < 2 || blocks % 2 != 0) throw new IllegalArgumentException("CSCV blocks must be even and at least 2, got " + blocks);
        int t = returns[0].length;
        for (double[] r : returns) if (r.length != t) throw new IllegalArgumentException("all configurations need the same number of returns");
        if (t < 2 * blocks) throw new IllegalArgumentException("CSCV with " + blocks + " blocks needs at least " + 2 * blocks + " returns, got " + t);

        // Per block sums, so each split's Sharpe ratios cost O(S) per configuration.
        double[][] sum = new double[n][blocks], sq = new double[n][blocks];
        int[] count = new int[blocks];
        for (int c = 0; c < n; c++) addBlockSums(returns[c], 0, t, blocks, sum[c], sq[c], count);
        return fromBlockSums(sum, sq, count);
    }

    /**
     * Accumulates r[from, to) into S equal consecutive blocks: what a sweep keeps per
     * configuration instead of the whole return series. {@code count} is written (same for all).
     */
    public static void addBlockSums(double[] r, int from, int to, int blocks, double[] sum, double[] sq, int[] count) {
        int len = to - from;
        for (int b = 0; b < blocks; b++) {
            int lo = from + (int) ((long) len * b / blocks), hi = from + (int) ((long) len * (b + 1) / blocks);
            count[b] = hi - lo;
            double s = 0, q = 0;
            for (int i = lo; i < hi; i++) { s += r[i]; q += r[i] * r[i]; }
            sum[b] = s; sq[b] = q;
        }
    }

    /**
     * Configuration evaluations (one configuration in one split) between two checkpoints: about a millisecond, so a job's
     * cancel or time limit and a request's budget stop the 12,870 splits of 16 blocks within that much of each worker's
     * work, however many configurations (44,850 ran 36 s past a 1-minute limit without one, attack 12 L1).
     */
    static final int CHECK_EVERY = 1 << 16;

    /**
     * CSCV from per-configuration block sums and sums of squares ([configuration][block]). The caller's cancel request
     * and budget ({@link Cancellation#check}) are checked every {@link #CHECK_EVERY} configuration evaluations, on
     * whichever thread evaluates the splits.
     */
    public static Pbo fromBlockSums(double[][] sum, double[][] sq, int[] count) {
        int n = sum.length, blocks = count.length;
        if (n < 2) throw new IllegalArgumentException("PBO needs at least 2 configurations, got " + n);
        if (blocks < 2 || blocks % 2 != 0) throw new IllegalArgumentException("CSCV blocks must be even and at least 2, got " + blocks);
        List<boolean[]> splits = new ArrayList<>();
        choose(blocks, blocks / 2, 0, new boolean[blocks], 0, splits);
        // Whole-period totals: out-of-sample sums are totals minus in-sample sums.
        double[] totS = new double[n], totQ = new double[n];
        int totM = 0;
        for (int b = 0; b < blocks; b++) totM += count[b];
        for (int c = 0; c < n; c++) for (int b = 0; b < blocks; b++) { totS[c] += sum[c][b]; totQ[c] += sq[c][b]; }
        final int allM = totM;
        double[] logits = new double[splits.size()];
        double[] ranks = new double[splits.size()];
        ThreadLocal<double[]> buffers = ThreadLocal.withInitial(() -> new double[n]);
        Runnable checkpoint = Cancellation.inheriting(Cancellation::check); // the caller's, on the pool's threads
        int per = Math.max(1, CHECK_EVERY / n), chunks = (splits.size() + per - 1) / per;
        IntStream.range(0, chunks).parallel().forEach(chunk -> {
            checkpoint.run();
            for (int k = chunk * per; k < Math.min(splits.size(), (chunk + 1) * per); k++) {
                split(k, splits.get(k), sum, sq, count, totS, totQ, allM, buffers.get(), logits, ranks);
            }
        });
        int overfit = 0, evaluated = 0;
        double rankSum = 0;
        for (int k = 0; k < logits.length; k++) {
            if (Double.isNaN(logits[k])) continue;
            evaluated++;
            if (logits[k] <= 0) overfit++;
            rankSum += ranks[k];
        }
        double[] kept = java.util.Arrays.stream(logits).filter(v -> !Double.isNaN(v)).toArray();
        if (evaluated == 0) return new Pbo(Double.NaN, 0, kept, Double.NaN);
        return new Pbo((double) overfit / evaluated, evaluated, kept, rankSum / evaluated);
    }

    /** Split {@code k} ({@code inSample} its in-sample blocks): the logit and relative rank of its in-sample winner out of sample, NaN on a tie. */
    private static void split(int k, boolean[] inSample, double[][] sum, double[][] sq, int[] count, double[] totS, double[] totQ, int allM,
                              double[] oos, double[] logits, double[] ranks) {
        int n = sum.length, blocks = count.length;
        int[] chosen = new int[blocks / 2];
        int m = 0;
        for (int b = 0, j = 0; b < blocks; b++) if (inSample[b]) { chosen[j++] = b; m += count[b]; }
        int best = -1;
        double bestSr = Double.NEGATIVE_INFINITY, worstSr = Double.POSITIVE_INFINITY;
        for (int c = 0; c < n; c++) {
            double[] cs = sum[c], cq = sq[c];
            double s = 0, q = 0;
            for (int b : chosen) { s += cs[b]; q += cq[b]; }
            double is = sharpe(s, q, m);
            oos[c] = sharpe(totS[c] - s, totQ[c] - q, allM - m);
            if (is > bestSr || best < 0) { bestSr = is; best = c; }
            worstSr = Math.min(worstSr, is);
        }
        if (ties(bestSr, worstSr)) { logits[k] = Double.NaN; ranks[k] = Double.NaN; return; }
        // Rank 1..N (N = best out-of-sample); ties share the average rank.
        double below = 0, equal = 0;
        for (int c = 0; c < n; c++) {
            if (oos[c] < oos[best]) below++;
            else if (oos[c] == oos[best]) equal++;
        }
        double w = (below + (equal + 1) / 2) / (n + 1);
        logits[k] = Math.log(w / (1 - w));
        ranks[k] = w;
    }

    /** Whether the best and worst in-sample Sharpe ratios of a split are equal up to rounding. */
    private static boolean ties(double best, double worst) {
        return best == worst || Math.abs(best - worst) <= 1e-9 * Math.max(Math.abs(best), Math.abs(worst));
    }

    /** Whether nothing was selected in any split (every configuration tied in sample): the PBO is undefined. */
    public boolean undefined() {
        return splits == 0;
    }

    private static double sharpe(double s, double q, int m) {
        double mean = s / m;
        double var = (q - m * mean * mean) / (m - 1);
        return var > 0 ? mean / Math.sqrt(var) : (mean > 0 ? Double.MAX_VALUE : mean < 0 ? -Double.MAX_VALUE : 0);
    }

    private static void choose(int n, int k, int from, boolean[] pick, int picked, List<boolean[]> out) {
        if (picked == k) { out.add(pick.clone()); return; }
        for (int i = from; i <= n - (k - picked); i++) {
            pick[i] = true;
            choose(n, k, i + 1, pick, picked + 1, out);
            pick[i] = false;
        }
    }
}
