package org.sextant.engine.research.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Adjusted p-values for multiple tests, as R's p.adjust defines them: Bonferroni, Holm's
 * step-down, and Benjamini–Hochberg–Yekutieli (valid under any dependence).
 */
public final class MultipleTesting {
    private MultipleTesting() {}

    public static double[] bonferroni(double[] p) {
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i++) out[i] = Math.min(1, p.length * p[i]);
        return out;
    }

    public static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = order(p);
        double[] out = new double[m];
        double running = 0;
        for (int i = 0; i < m; i++) {
            running = Math.max(running, (m - i) * p[order[i]]);
            out[order[i]] = Math.min(1, running);
        }
        return out;
    }

    public static double[] bhy(double[] p) {
        int m = p.length;
        double c = 0;
        for (int i = 1; i <= m; i++) c += 1.0 / i;
        Integer[] order = order(p);
        double[] out = new double[m];
        double running = Double.POSITIVE_INFINITY;
        for (int i = m - 1; i >= 0; i--) {
            running = Math.min(running, c * m / (i + 1) * p[order[i]]);
            out[order[i]] = Math.min(1, running);
        }
        return out;
    }

    private static Integer[] order(double[] p) {
        Integer[] idx = new Integer[p.length];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        Arrays.sort(idx, Comparator.comparingDouble(i -> p[i]));
        return idx;
    }
}
