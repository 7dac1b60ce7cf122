package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The fast exact likelihood (Chandrasekhar recursions from the autocovariance start) against
 * the textbook Kalman filter: the stationary covariance as the sum Σ TʲRR'T'ʲ and the full
 * r×r covariance update at every step.
 */
class ArmaLikelihoodTest {
    private static final double[][][] MODELS = { // {a, b}
            {{0.7}, {}},
            {{1.2, -0.5}, {}},
            {{0.6}, {0.4}},
            {{}, {0.5, -0.3}},
            {{}, {1.5}}, // non-invertible MA: the filter converges to another steady state
            {{-0.95}, {0.8}},
            {{0.995}, {-0.9}}, // near a unit root: the autocovariance solve is ill-conditioned
            {{}, {-0.99}}, // near a unit MA root: the covariance converges slowly
            {ArmaPolynomials.expandAr(new double[] {0.5}, new double[] {0.6}, 12), ArmaPolynomials.expandMa(new double[] {-0.3}, new double[] {-0.9}, 12)},
            {ArmaPolynomials.expandAr(new double[] {0.3, 0.2}, new double[] {-0.4, 0.3}, 4), ArmaPolynomials.expandMa(new double[] {0.2}, new double[] {0.5, 0.2}, 4)},
            {new double[0], ArmaPolynomials.expandMa(new double[0], new double[] {-0.6}, 12)},
    };

    @Test
    void matchesTheTextbookKalmanFilter() {
        Random rnd = new Random(18);
        for (double[][] model : MODELS) {
            double[] x = new double[120];
            for (int t = 0; t < x.length; t++) x[t] = rnd.nextGaussian() * 2 + (t % 12 < 3 ? 1 : -0.3);
            ArmaLikelihood.Exact fast = ArmaLikelihood.exact(x, model[0], model[1]);
            double[] ref = reference(x, model[0], model[1]);
            String what = "a=" + java.util.Arrays.toString(model[0]) + " b=" + java.util.Arrays.toString(model[1]);
            assertNotNull(fast, what);
            assertEquals(ref[0], fast.ssq(), 1e-9 * ref[0], what + " ssq");
            assertEquals(ref[1], fast.sumLog(), 1e-9 * Math.max(1, Math.abs(ref[1])), what + " sum log F");
            for (int i = 0; i < fast.state().length; i++) assertEquals(ref[2 + i], fast.state()[i], 1e-8, what + " state " + i);
            // the workspace gives the same numbers on a repeat and after other coefficients
            ArmaLikelihood.Workspace ws = new ArmaLikelihood.Workspace();
            ArmaLikelihood.exact(x, new double[] {0.1}, new double[] {0.2}, ws, false);
            assertEquals(fast.ssq(), ArmaLikelihood.exact(x, model[0], model[1], ws, false).ssq(), 0, what);
            assertEquals(fast.ssq(), ArmaLikelihood.exact(x, model[0], model[1], ws, false).ssq(), 0, what);
        }
    }

    @Test
    void aNonStationaryArHasNoExactLikelihood() {
        double[] x = {1, 2, 3, 2, 1, 2, 3, 4};
        assertNull(ArmaLikelihood.exact(x, new double[] {1.01}, new double[0]));
        assertNull(ArmaLikelihood.exact(x, new double[] {0.5, 0.6}, new double[] {0.3}));
        assertNotNull(ArmaLikelihood.exact(x, new double[] {0.5, 0.4}, new double[] {0.3}));
    }

    /** {Σv²/F, Σlog F, final predicted state...} by the full-covariance Kalman filter. */
    private static double[] reference(double[] x, double[] a, double[] b) {
        int p = a.length, q = b.length, r = Math.max(p, q + 1);
        double[][] tm = new double[r][r];
        double[] rv = new double[r];
        for (int i = 0; i < r; i++) {
            if (i < p) tm[i][0] = a[i];
            if (i + 1 < r) tm[i][i + 1] = 1;
        }
        rv[0] = 1;
        System.arraycopy(b, 0, rv, 1, q);
        double[][] pm = new double[r][r];
        double[] g = rv.clone();
        double total = 0, norm = 1;
        while (norm > 1e-32 * total) { // the terms die out geometrically for a stationary AR
            norm = 0;
            for (int i = 0; i < r; i++) {
                norm += g[i] * g[i];
                for (int k = 0; k < r; k++) pm[i][k] += g[i] * g[k];
            }
            total += norm;
            g = times(tm, g);
        }
        double[] st = new double[r];
        double ssq = 0, sumLog = 0;
        for (double obs : x) {
            double f = pm[0][0], v = obs - st[0];
            ssq += v * v / f;
            sumLog += Math.log(f);
            double[] c = new double[r];
            for (int i = 0; i < r; i++) c[i] = pm[i][0];
            for (int i = 0; i < r; i++) st[i] += c[i] * v / f;
            st = times(tm, st);
            double[][] upd = new double[r][r];
            for (int i = 0; i < r; i++) for (int k = 0; k < r; k++) upd[i][k] = pm[i][k] - c[i] * c[k] / f;
            double[][] tu = new double[r][r], next = new double[r][r];
            for (int i = 0; i < r; i++) for (int u = 0; u < r; u++) for (int w = 0; w < r; w++) tu[i][w] += tm[i][u] * upd[u][w];
            for (int i = 0; i < r; i++) {
                for (int k = 0; k < r; k++) {
                    double s = rv[i] * rv[k];
                    for (int w = 0; w < r; w++) s += tu[i][w] * tm[k][w];
                    next[i][k] = s;
                }
            }
            pm = next;
        }
        double[] out = new double[2 + r];
        out[0] = ssq;
        out[1] = sumLog;
        System.arraycopy(st, 0, out, 2, r);
        return out;
    }

    private static double[] times(double[][] m, double[] v) {
        double[] o = new double[v.length];
        for (int i = 0; i < v.length; i++) for (int k = 0; k < v.length; k++) o[i] += m[i][k] * v[k];
        return o;
    }
}
