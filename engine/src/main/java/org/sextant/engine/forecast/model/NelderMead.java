package org.sextant.engine.forecast.model;

import java.util.function.ToDoubleFunction;

/**
 * Derivative-free minimiser (Nelder–Mead with the standard coefficients 1, 2, 0.5, 0.5).
 * Bounds are the objective's business: it returns a huge value outside the feasible region.
 */
public final class NelderMead {
    private NelderMead() {}

    /** Result: the best point, its value and the number of evaluations used. */
    public record Result(double[] x, double value, int evaluations) {}

    public static Result minimize(ToDoubleFunction<double[]> f, double[] x0, double[] step, double relTol, int maxEval) {
        int k = x0.length;
        double[][] p = new double[k + 1][];
        double[] v = new double[k + 1];
        p[0] = x0.clone();
        v[0] = f.applyAsDouble(p[0]);
        int evals = 1;
        for (int i = 0; i < k; i++) {
            p[i + 1] = x0.clone();
            p[i + 1][i] += step[i];
            v[i + 1] = f.applyAsDouble(p[i + 1]);
            evals++;
        }
        double[] c = new double[k];
        while (evals < maxEval) {
            sort(p, v);
            double best = v[0], worst = v[k];
            if (Math.abs(worst - best) <= relTol * (Math.abs(best) + relTol)) break;
            java.util.Arrays.fill(c, 0);
            for (int i = 0; i < k; i++) for (int j = 0; j < k; j++) c[j] += p[i][j] / k;
            double[] r = move(c, p[k], -1);
            double vr = f.applyAsDouble(r);
            evals++;
            if (vr < v[0]) {
                double[] e = move(c, p[k], -2);
                double ve = f.applyAsDouble(e);
                evals++;
                if (ve < vr) { p[k] = e; v[k] = ve; } else { p[k] = r; v[k] = vr; }
            } else if (vr < v[k - 1]) {
                p[k] = r;
                v[k] = vr;
            } else {
                boolean outside = vr < v[k];
                double[] ct = outside ? move(c, p[k], -0.5) : move(c, p[k], 0.5);
                double vc = f.applyAsDouble(ct);
                evals++;
                if (vc < Math.min(vr, v[k])) {
                    p[k] = ct;
                    v[k] = vc;
                } else {
                    for (int i = 1; i <= k; i++) {
                        for (int j = 0; j < k; j++) p[i][j] = p[0][j] + 0.5 * (p[i][j] - p[0][j]);
                        v[i] = f.applyAsDouble(p[i]);
                        evals++;
                    }
                }
            }
        }
        sort(p, v);
        return new Result(p[0], v[0], evals);
    }

    /** c + t·(x − c): t = −1 reflects x through c, −2 expands, ±0.5 contracts. */
    private static double[] move(double[] c, double[] x, double t) {
        double[] y = new double[c.length];
        for (int j = 0; j < c.length; j++) y[j] = c[j] + t * (x[j] - c[j]);
        return y;
    }

    private static void sort(double[][] p, double[] v) {
        for (int i = 1; i < v.length; i++) {
            double vi = v[i];
            double[] pi = p[i];
            int j = i - 1;
            while (j >= 0 && v[j] > vi) {
                v[j + 1] = v[j];
                p[j + 1] = p[j];
                j--;
            }
            v[j + 1] = vi;
            p[j + 1] = pi;
        }
    }
}
