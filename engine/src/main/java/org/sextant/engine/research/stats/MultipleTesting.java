package org.sextant.engine.research.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Adjusted p-values for multiple tests, as R's p.adjust defines them: Bonferroni, Holm's
 * step-down, and Benjamini–Hochberg–Yekutieli (valid under any dependence); with a number of
 * tests above the p-values known, as p.adjust's {@code n}.
 */
public final class MultipleTesting {
    private MultipleTesting() {}

    public static double[] bonferroni(double[] p) {
        return bonferroni(p, p.length);
    }

    /** Bonferroni over {@code tests} tests of which these are some. */
    public static double[] bonferroni(double[] p, long tests) {
        requireTests(p, tests);
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i++) out[i] = Math.min(1, tests * p[i]);
        return out;
    }

    public static double[] holm(double[] p) {
        return holm(p, p.length);
    }

    /**
     * Holm's step-down over {@code tests} tests of which only {@code p} are known; the others
     * count as p = 1 (they rank last, so the known ones are adjusted as the first of {@code tests}).
     */
    public static double[] holm(double[] p, long tests) {
        requireTests(p, tests);
        int m = p.length;
        Integer[] order = order(p);
        double[] out = new double[m];
        double running = 0;
        for (int i = 0; i < m; i++) {
            running = Math.max(running, (tests - i) * p[order[i]]);
            out[order[i]] = Math.min(1, running);
        }
        return out;
    }

    public static double[] bhy(double[] p) {
        return bhy(p, p.length);
    }

    /** BHY over {@code tests} tests of which only {@code p} are known, the others at p = 1 (their adjusted values are 1 anyway). */
    public static double[] bhy(double[] p, long tests) {
        requireTests(p, tests);
        int m = p.length;
        double c = harmonic(tests);
        Integer[] order = order(p);
        double[] out = new double[m];
        double running = Double.POSITIVE_INFINITY;
        for (int i = m - 1; i >= 0; i--) {
            running = Math.min(running, c * tests / (i + 1) * p[order[i]]);
            out[order[i]] = Math.min(1, running);
        }
        return out;
    }

    /**
     * Holm's and BHY's adjusted p-values of {@code p[index]} over {@code p}, the {@code earlier} ones and the rest of
     * {@code tests} at p = 1: {@code holm(all, tests)[index]} and {@code bhy(all, tests)[index]} over every p-value, read
     * from {@code earlier} smallest first and only as far as they can change them (Holm: those up to p[index]; BHY:
     * those above it while q v is below the adjusted value found, as BHY's q N / C(v) · v is never below q v).
     *
     * @return {Holm, BHY}
     */
    public static double[] holmAndBhy(double[] p, int index, EarlierPValues earlier, long tests) {
        return holmAndBhy(p, index, earlier, tests, false);
    }

    /**
     * {@link #holmAndBhy} of natural logs of p-values, returning logs: for p-values below what a double holds (a very
     * strong Sharpe ratio's), where the adjusted value would underflow to 0. The earlier ones are read as their logs
     * ({@link EarlierPValues#ascendingLogs}), not as the 0 a double keeps of them.
     */
    public static double[] holmAndBhyOfLogs(double[] logP, int index, EarlierPValues earlier, long tests) {
        EarlierPValues logs = new EarlierPValues() {
            @Override public long known() { return earlier.known(); }
            @Override public void ascending(Visit visit) { earlier.ascendingLogs(visit); }
        };
        return holmAndBhy(logP, index, logs, tests, true);
    }

    /** {@code logs}: the values are logs of p-values, so a multiple is a sum and 1 is 0. */
    private static double[] holmAndBhy(double[] p, int index, EarlierPValues earlier, long tests, boolean logs) {
        if (tests < p.length + earlier.known()) throw new IllegalArgumentException("tests (" + tests + ") cannot be fewer than the p-values known ("
                + (p.length + earlier.known()) + ")");
        double target = p[index];
        if (Double.isNaN(target)) throw new IllegalArgumentException("configuration " + index + " has no p-value to adjust");
        double[] own = p.clone();
        Arrays.sort(own);
        double q = harmonic(tests), one = logs ? 0 : 1;
        var walk = new EarlierPValues.Visit() {
            long rank;
            int next;
            boolean done;
            double holm = logs ? Double.NEGATIVE_INFINITY : 0, bhy = Double.POSITIVE_INFINITY;

            double times(double factor, double v) {
                return logs ? Math.log(factor) + v : factor * v;
            }

            /**
             * Takes the next {@code count} equal p-values in ascending order: Holm's largest term is a tie's first rank,
             * BHY's smallest its last, where C(v) is whole. Done once no later one can change either figure.
             */
            boolean add(double v, long count) {
                if (v <= target) holm = Math.max(holm, times(tests - rank, v));
                rank += count;
                if (v >= target) bhy = Math.min(bhy, times(q * tests / rank, v));
                done = v > target && (times(q, v) >= bhy || v >= one);
                return !done;
            }

            /** The next earlier p-values, after this run's own ones that are not above them. */
            @Override
            public boolean take(double earlierP, long count) {
                while (next < own.length && own[next] <= earlierP) if (!add(own[next++], 1)) return false;
                return add(earlierP, count);
            }
        };
        if (earlier.known() > 0) earlier.ascending(walk);
        while (!walk.done && walk.next < own.length) walk.add(own[walk.next++], 1);
        return new double[]{Math.min(one, walk.holm), Math.min(one, walk.bhy)};
    }

    /** 1 + 1/2 + ... + 1/n: summed up to a million terms, beyond by its asymptotic expansion (error below 1e-24). */
    static double harmonic(long n) {
        if (n <= 1_000_000) {
            double c = 0;
            for (long i = 1; i <= n; i++) c += 1.0 / i;
            return c;
        }
        double x = n;
        return Math.log(x) + 0.5772156649015329 + 1 / (2 * x) - 1 / (12 * x * x);
    }

    private static void requireTests(double[] p, long tests) {
        if (tests < p.length) throw new IllegalArgumentException("tests (" + tests + ") cannot be fewer than the p-values known (" + p.length + ")");
    }

    private static Integer[] order(double[] p) {
        Integer[] idx = new Integer[p.length];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        Arrays.sort(idx, Comparator.comparingDouble(i -> p[i]));
        return idx;
    }
}
