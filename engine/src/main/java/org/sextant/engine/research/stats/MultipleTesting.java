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
