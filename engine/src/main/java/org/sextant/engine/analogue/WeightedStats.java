package org.sextant.engine.analogue;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Weighted outcome statistics and the block bootstrap of the weighted mean. */
public final class WeightedStats {
    private WeightedStats() {}

    /**
     * Stats of {@code x} with weights {@code w}, both in date order (the bootstrap resamples
     * consecutive blocks, because neighbouring analogues share market episodes).
     */
    public static ForwardStats of(int horizon, double[] x, double[] w, long seed) {
        return of(horizon, x, w, seed, true);
    }

    /** {@code withCi} false skips the bootstrap (its interval is then null): the calibration's own calls. */
    static ForwardStats of(int horizon, double[] x, double[] w, long seed, boolean withCi) {
        int n = x.length;
        ForwardStats.ConfidenceInterval emptyCi = new ForwardStats.ConfidenceInterval(AnalogueDefaults.CI_LEVEL, null, null,
                "circular block bootstrap of the weighted mean", AnalogueDefaults.BOOTSTRAP_RESAMPLES, blockLength(n), seed);
        if (n == 0) return new ForwardStats(horizon, 0, null, null, null, null, null, null, null, null, null, null, null, emptyCi);
        double s = 0, s2 = 0, sx = 0, pos = 0, worst = Double.POSITIVE_INFINITY, best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            s += w[i];
            s2 += w[i] * w[i];
            sx += w[i] * x[i];
            if (x[i] > 0) pos += w[i];
            worst = Math.min(worst, x[i]);
            best = Math.max(best, x[i]);
        }
        if (!(s > 0)) throw new IllegalStateException("analogue weights sum to zero");
        double mean = sx / s;
        double ss = 0;
        for (int i = 0; i < n; i++) ss += w[i] * (x[i] - mean) * (x[i] - mean);
        double denom = s - s2 / s;
        Double stdev = denom > 1e-12 * s ? Math.sqrt(ss / denom) : null;
        double[] q = quantiles(x, w, 0.05, 0.25, 0.5, 0.75, 0.95);
        double[] ci = withCi ? bootstrapMean(x, w, AnalogueDefaults.BOOTSTRAP_RESAMPLES, AnalogueDefaults.CI_LEVEL, seed) : new double[2];
        ForwardStats.ConfidenceInterval interval = !withCi ? null : new ForwardStats.ConfidenceInterval(AnalogueDefaults.CI_LEVEL, ci[0], ci[1],
                emptyCi.method(), AnalogueDefaults.BOOTSTRAP_RESAMPLES, blockLength(n), seed);
        return new ForwardStats(horizon, n, s * s / s2, mean, q[2], stdev, 100.0 * pos / s, q[0], q[1], q[3], q[4], worst, best, interval);
    }

    /**
     * How many independent outcomes {@code horizon}-day forward returns starting at {@code rows}
     * (trading-day rows, ascending) with weights {@code w} are worth: (Σw)² / Σ_i Σ_j w_i w_j ρ_ij,
     * ρ_ij = max(0, h − |row_i − row_j|) / h, the share of days two windows have in common (the
     * correlation of their sums under independent daily returns). Kish's (Σw)²/Σw² when no two
     * windows overlap; 0 without outcomes.
     */
    public static double independentOutcomes(int[] rows, double[] w, int horizon) {
        double sum = 0, shared = 0;
        for (int i = 0; i < rows.length; i++) {
            sum += w[i];
            shared += w[i] * w[i];
            for (int j = i + 1; j < rows.length && rows[j] - rows[i] < horizon; j++) {
                shared += 2 * w[i] * w[j] * (horizon - (rows[j] - rows[i])) / (double) horizon;
            }
        }
        return shared > 0 ? sum * sum / shared : 0;
    }

    /** Weighted quantiles (Hazen plotting positions (C_k - w_k/2)/S, linear between, clamped at the ends). */
    public static double[] quantiles(double[] x, double[] w, double... probs) {
        int n = x.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Double.compare(x[a], x[b]));
        double total = 0;
        for (double v : w) total += v;
        double[] pos = new double[n];
        double[] val = new double[n];
        double c = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            pos[k] = (c + w[i] / 2) / total;
            c += w[i];
            val[k] = x[i];
        }
        double[] out = new double[probs.length];
        for (int j = 0; j < probs.length; j++) {
            double p = probs[j];
            if (p <= pos[0]) {
                out[j] = val[0];
            } else if (p >= pos[n - 1]) {
                out[j] = val[n - 1];
            } else {
                int k = 0;
                while (pos[k + 1] < p) k++;
                double span = pos[k + 1] - pos[k];
                double t = span > 0 ? (p - pos[k]) / span : 0;
                out[j] = val[k] + t * (val[k + 1] - val[k]);
            }
        }
        return out;
    }

    /** Block length round(n^(1/3)), at least 1. */
    public static int blockLength(int n) {
        return Math.max(1, (int) Math.round(Math.cbrt(n)));
    }

    /**
     * Percentile interval of the weighted mean under a circular block bootstrap: each resample
     * joins blocks of consecutive analogues from random starts until it has n of them.
     */
    public static double[] bootstrapMean(double[] x, double[] w, int resamples, double level, long seed) {
        int n = x.length;
        int len = blockLength(n);
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] means = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            double sw = 0, swx = 0;
            int taken = 0;
            while (taken < n) {
                int start = rnd.nextInt(n);
                for (int k = 0; k < len && taken < n; k++, taken++) {
                    int i = start + k;
                    if (i >= n) i -= n;
                    sw += w[i];
                    swx += w[i] * x[i];
                }
            }
            means[r] = sw > 0 ? swx / sw : Double.NaN;
        }
        Arrays.sort(means);
        double a = (1 - level) / 2;
        return new double[]{percentile(means, a), percentile(means, 1 - a)};
    }

    /** Linear-interpolated percentile of sorted values (R type 7). */
    static double percentile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
