package org.sextant.engine.research.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Probability of Backtest Overfitting by Combinatorially Symmetric Cross-Validation (Bailey,
 * Borwein, López de Prado and Zhu 2017, "The Probability of Backtest Overfitting", J. Comput.
 * Finance 20(4)). The T x N returns matrix (N configurations) is cut into S equal blocks of rows;
 * for each of the C(S, S/2) ways to pick half the blocks as in-sample, the configuration with the
 * best in-sample Sharpe ratio is ranked out-of-sample among all N. PBO is the share of splits in
 * which it falls at or below the out-of-sample median (logit of its relative rank <= 0).
 *
 * @param pbo        the probability of backtest overfitting
 * @param splits     number of in-sample/out-of-sample combinations evaluated
 * @param logits     logit of the chosen configuration's relative out-of-sample rank, per split
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

    /** CSCV from per-configuration block sums and sums of squares ([configuration][block]). */
    public static Pbo fromBlockSums(double[][] sum, double[][] sq, int[] count) {
        int n = sum.length, blocks = count.length;
        if (n < 2) throw new IllegalArgumentException("PBO needs at least 2 configurations, got " + n);
        if (blocks < 2 || blocks % 2 != 0) throw new IllegalArgumentException("CSCV blocks must be even and at least 2, got " + blocks);
        List<boolean[]> splits = new ArrayList<>();
        choose(blocks, blocks / 2, 0, new boolean[blocks], 0, splits);
        double[] logits = new double[splits.size()];
        int overfit = 0;
        double rankSum = 0;
        double[] oos = new double[n];
        for (int k = 0; k < splits.size(); k++) {
            boolean[] inSample = splits.get(k);
            int best = -1;
            double bestSr = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < n; c++) {
                double is = sharpe(sum[c], sq[c], count, inSample, true);
                oos[c] = sharpe(sum[c], sq[c], count, inSample, false);
                if (is > bestSr || best < 0) { bestSr = is; best = c; }
            }
            // Rank 1..N (N = best out-of-sample); ties share the average rank.
            double below = 0, equal = 0;
            for (int c = 0; c < n; c++) {
                if (oos[c] < oos[best]) below++;
                else if (oos[c] == oos[best]) equal++;
            }
            double rank = below + (equal + 1) / 2;
            double w = rank / (n + 1);
            logits[k] = Math.log(w / (1 - w));
            if (logits[k] <= 0) overfit++;
            rankSum += w;
        }
        return new Pbo((double) overfit / splits.size(), splits.size(), logits, rankSum / splits.size());
    }

    private static double sharpe(double[] sum, double[] sq, int[] count, boolean[] inSample, boolean want) {
        double s = 0, q = 0;
        int m = 0;
        for (int b = 0; b < count.length; b++) {
            if (inSample[b] != want) continue;
            s += sum[b]; q += sq[b]; m += count[b];
        }
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
