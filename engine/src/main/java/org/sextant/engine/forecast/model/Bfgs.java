package org.sextant.engine.forecast.model;

import java.util.function.ToDoubleFunction;
import org.sextant.engine.jobs.Cancellation;

/**
 * Variable-metric minimiser (BFGS with a backtracking line search and finite-difference
 * gradients), in the manner of the BFGS method of R's optim, which R's arima uses. Returns
 * the best point found; non-finite objective values are treated as infeasible.
 */
final class Bfgs {
    private Bfgs() {}

    record Result(double[] x, double value, boolean converged) {}

    /** @param central central differences (2k evaluations per gradient) rather than forward (k) */
    static Result minimize(ToDoubleFunction<double[]> f, double[] x0, double relTol, int maxIter, double step, boolean central) {
        int n = x0.length;
        double[] b = x0.clone();
        double fmin = f.applyAsDouble(b);
        if (!Double.isFinite(fmin)) return new Result(b, fmin, false);
        if (n == 0) return new Result(b, fmin, true);
        double[] g = gradient(f, b, fmin, step, central);
        double[][] h = identity(n);
        int iter = 0, sinceReset = 0;
        boolean converged = false;
        double[] t = new double[n], x = new double[n], c = new double[n];
        while (iter < maxIter) {
            Cancellation.check(); // auto.arima fits dozens of models; a cancelled job stops here
            iter++;
            System.arraycopy(b, 0, x, 0, n);
            System.arraycopy(g, 0, c, 0, n);
            double proj = 0;
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j < n; j++) s -= h[i][j] * g[j];
                t[i] = s;
                proj += s * g[i];
            }
            if (!(proj < 0)) { // not a descent direction: restart from steepest descent
                if (sinceReset == 0) { converged = true; break; }
                h = identity(n);
                sinceReset = 0;
                continue;
            }
            double len = 1, fnew = Double.NaN;
            boolean accepted = false, moved = true;
            while (true) {
                moved = false;
                for (int i = 0; i < n; i++) {
                    b[i] = x[i] + len * t[i];
                    if (b[i] != x[i]) moved = true;
                }
                if (!moved) break;
                fnew = f.applyAsDouble(b);
                if (Double.isFinite(fnew) && fnew <= fmin + proj * len * 1e-4) { accepted = true; break; }
                len *= 0.2;
            }
            if (!accepted) {
                System.arraycopy(x, 0, b, 0, n);
                if (sinceReset == 0) { converged = true; break; }
                h = identity(n);
                sinceReset = 0;
                continue;
            }
            boolean small = Math.abs(fnew - fmin) <= relTol * (Math.abs(fmin) + relTol);
            fmin = fnew;
            if (small) { converged = true; break; }
            g = gradient(f, b, fmin, step, central);
            double d1 = 0;
            for (int i = 0; i < n; i++) {
                t[i] *= len;
                c[i] = g[i] - c[i];
                d1 += t[i] * c[i];
            }
            if (d1 > 0) {
                double[] hc = new double[n];
                double d2 = 0;
                for (int i = 0; i < n; i++) {
                    double s = 0;
                    for (int j = 0; j < n; j++) s += h[i][j] * c[j];
                    hc[i] = s;
                    d2 += c[i] * s;
                }
                d2 = 1 + d2 / d1;
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) h[i][j] += (d2 * t[i] * t[j] - hc[i] * t[j] - t[i] * hc[j]) / d1;
                sinceReset++;
            } else {
                h = identity(n);
                sinceReset = 0;
            }
        }
        return new Result(b, fmin, converged);
    }

    private static double[] gradient(ToDoubleFunction<double[]> f, double[] x, double fx, double step, boolean central) {
        double[] g = new double[x.length];
        double[] y = x.clone();
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] + step;
            double up = f.applyAsDouble(y);
            if (central) {
                y[i] = x[i] - step;
                double down = f.applyAsDouble(y);
                g[i] = Double.isFinite(up) && Double.isFinite(down) ? (up - down) / (2 * step) : 0;
            } else {
                g[i] = Double.isFinite(up) ? (up - fx) / step : 0;
            }
            y[i] = x[i];
        }
        return g;
    }

    private static double[][] identity(int n) {
        double[][] h = new double[n][n];
        for (int i = 0; i < n; i++) h[i][i] = 1;
        return h;
    }
}
