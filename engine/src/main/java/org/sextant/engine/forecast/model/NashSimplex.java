package org.sextant.engine.forecast.model;

import java.util.function.ToDoubleFunction;
import org.sextant.engine.jobs.Cancellation;

/**
 * Nelder–Mead as in Nash (1990), "Compact Numerical Methods", Algorithm 19, the variant behind
 * R's optim/nmmin that forecast::ets calls: one common initial step (10% of the largest |x_i|),
 * reflection 1, contraction 0.5, expansion 2, stop when the simplex's values differ by less than
 * reltol·(|f|+reltol) or after maxEval evaluations.
 * Kept beside Hipparchus's Nelder–Mead: ETS must reproduce R's fitted parameters, and only R's variant does.
 */
final class NashSimplex {
    private NashSimplex() {}

    private static final double BIG = 1.0e35;

    static double[] minimize(ToDoubleFunction<double[]> fn, double[] x0, double reltol, int maxEval) {
        int n = x0.length, n1 = n + 1;
        double[][] p = new double[n1][];
        double[] v = new double[n1];
        double[] b = x0.clone();
        double f = fn.applyAsDouble(b);
        if (!Double.isFinite(f)) return x0.clone();
        int count = 1;
        double convtol = reltol * (Math.abs(f) + reltol);
        p[0] = b.clone();
        v[0] = f;
        double step = 0;
        for (double xi : b) step = Math.max(step, 0.1 * Math.abs(xi));
        if (step == 0) step = 0.1;
        double size = 0;
        for (int j = 1; j < n1; j++) {
            p[j] = b.clone();
            double tryStep = step;
            while (p[j][j - 1] == b[j - 1]) {
                p[j][j - 1] = b[j - 1] + tryStep;
                tryStep *= 10;
            }
            size += tryStep;
        }
        double oldSize = size;
        boolean calcVert = true;
        int low = 0;
        double[] c = new double[n];
        while (true) {
            Cancellation.check(); // a long series' fit takes seconds; a cancelled job stops here
            if (calcVert) {
                for (int j = 0; j < n1; j++) {
                    if (j == low) continue;
                    v[j] = finite(fn.applyAsDouble(p[j]));
                    count++;
                }
                calcVert = false;
            }
            double vl = v[low], vh = vl;
            int high = low;
            for (int j = 0; j < n1; j++) {
                if (j == low) continue;
                if (v[j] < vl) { low = j; vl = v[j]; }
                if (v[j] > vh) { high = j; vh = v[j]; }
            }
            if (vh <= vl + convtol) break;
            for (int i = 0; i < n; i++) {
                double t = -p[high][i];
                for (int j = 0; j < n1; j++) t += p[j][i];
                c[i] = t / n;
            }
            double[] r = new double[n];
            for (int i = 0; i < n; i++) r[i] = 2 * c[i] - p[high][i];
            double vr = finite(fn.applyAsDouble(r));
            count++;
            if (vr < vl) {
                double[] e = new double[n];
                for (int i = 0; i < n; i++) e[i] = 2 * r[i] - c[i];
                double ve = finite(fn.applyAsDouble(e));
                count++;
                if (ve < vr) { p[high] = e; v[high] = ve; } else { p[high] = r; v[high] = vr; }
            } else {
                if (vr < vh) { p[high] = r; v[high] = vr; }
                double[] k = new double[n];
                for (int i = 0; i < n; i++) k[i] = 0.5 * p[high][i] + 0.5 * c[i];
                double vk = finite(fn.applyAsDouble(k));
                count++;
                if (vk < v[high]) {
                    p[high] = k;
                    v[high] = vk;
                } else if (vr >= vh) {
                    calcVert = true;
                    size = 0;
                    for (int j = 0; j < n1; j++) {
                        if (j == low) continue;
                        for (int i = 0; i < n; i++) {
                            p[j][i] = 0.5 * (p[j][i] - p[low][i]) + p[low][i];
                            size += Math.abs(p[j][i] - p[low][i]);
                        }
                    }
                    if (size < oldSize) oldSize = size;
                    else break;
                }
            }
            if (count > maxEval) break;
        }
        int best = 0;
        for (int j = 1; j < n1; j++) if (v[j] < v[best]) best = j;
        return p[best].clone();
    }

    private static double finite(double f) { return Double.isFinite(f) ? f : BIG; }
}
