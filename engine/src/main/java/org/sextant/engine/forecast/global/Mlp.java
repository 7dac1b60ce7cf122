package org.sextant.engine.forecast.global;

import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Random;

/**
 * A fully connected network with ReLU hidden layers and a linear output, trained by Adam on the
 * absolute error (so the output estimates the median). Weights are stored as one row per input
 * (w[l][i][j] links input i to unit j): every inner loop runs over a whole row from its start,
 * which the JIT turns into vector instructions (a loop over one flat array at an offset it does
 * not). Training is single-threaded and seeded: the same data and seed give the same weights bit
 * for bit, and the same as the flat layout gave (each sum is taken in the same order).
 */
final class Mlp {
    /** Bounds of a stored network: units per layer and layers, input and output included. */
    static final int MAX_UNITS = 4096, MAX_LAYERS = 16;

    private final int[] sizes;
    private final double[][][] w; // w[l][i][j]
    private final double[][] b;

    Mlp(int[] sizes, long seed) {
        this.sizes = sizes.clone();
        w = new double[sizes.length - 1][][];
        b = new double[sizes.length - 1][];
        Random r = new Random(seed);
        for (int l = 0; l < w.length; l++) {
            int in = sizes[l], out = sizes[l + 1];
            w[l] = new double[in][out];
            b[l] = new double[out];
            double sd = Math.sqrt(2.0 / in); // He initialisation for ReLU
            for (double[] row : w[l]) for (int j = 0; j < out; j++) row[j] = r.nextGaussian() * sd;
        }
    }

    private Mlp(int[] sizes, double[][][] w, double[][] b) {
        this.sizes = sizes;
        this.w = w;
        this.b = b;
    }

    int inputs() { return sizes[0]; }

    /** Layer l's weights, live (w[i][j] links input i to unit j). */
    double[][] weights(int l) { return w[l]; }

    int outputs() { return sizes[sizes.length - 1]; }

    double[] predict(double[] x) {
        double[][] a = forward(x);
        return a[a.length - 1];
    }

    /** Activations of every layer, input first. */
    private double[][] forward(double[] x) {
        double[][] a = new double[sizes.length][];
        a[0] = x;
        for (int l = 0; l < w.length; l++) {
            int in = sizes[l], out = sizes[l + 1];
            double[] z = b[l].clone();
            double[][] wl = w[l];
            double[] al = a[l];
            for (int i = 0; i < in; i++) {
                double xi = al[i];
                if (xi == 0) continue;
                double[] row = wl[i];
                for (int j = 0; j < out; j++) z[j] += xi * row[j];
            }
            if (l < w.length - 1) for (int j = 0; j < out; j++) if (z[j] < 0) z[j] = 0;
            a[l + 1] = z;
        }
        return a;
    }

    /**
     * Adam state for one training run. A batch is processed four samples at a time, so every
     * weight read from memory serves four samples; the backward pass multiplies by a transposed
     * copy of the weights so that its inner loops, too, run over whole rows.
     */
    final class Trainer {
        private static final int BLOCK = 4;
        private final double[][][] gw = new double[w.length][][], mw = new double[w.length][][], vw = new double[w.length][][];
        private final double[][] gb = new double[w.length][], mb = new double[w.length][], vb = new double[w.length][];
        private final double[][][] wt = new double[w.length][][]; // wt[l][j][i] = w[l][i][j]
        private final double[][][] act = new double[sizes.length][BLOCK][]; // activations of the block, input first
        private final double[][][] delta = new double[sizes.length][BLOCK][]; // loss gradients at each layer's output
        private final double[] padding; // the input of an empty slot in the last block
        private int t;

        Trainer() {
            for (int l = 0; l < w.length; l++) {
                int in = sizes[l], out = sizes[l + 1];
                gw[l] = new double[in][out];
                mw[l] = new double[in][out];
                vw[l] = new double[in][out];
                gb[l] = new double[out];
                mb[l] = new double[out];
                vb[l] = new double[out];
                wt[l] = new double[out][in];
            }
            for (int l = 0; l < sizes.length; l++) {
                for (int k = 0; k < BLOCK; k++) {
                    if (l > 0) act[l][k] = new double[sizes[l]];
                    delta[l][k] = new double[sizes[l]];
                }
            }
            padding = new double[sizes[0]];
        }

        /** One Adam step on the mean absolute error of a batch; returns that error. */
        double step(double[][] xs, double[][] ys, double lr) {
            return step(xs, ys, null, lr);
        }

        /** One Adam step on the batch's mean absolute error, window k's weighted by {@code weights[k]} (null: all 1). */
        double step(double[][] xs, double[][] ys, double[] weights, double lr) {
            double loss = gradients(xs, ys, weights);
            t++;
            double c1 = 1 - Math.pow(0.9, t), c2 = 1 - Math.pow(0.999, t);
            for (int l = 0; l < w.length; l++) {
                for (int i = 0; i < w[l].length; i++) adam(w[l][i], gw[l][i], mw[l][i], vw[l][i], lr, c1, c2);
                adam(b[l], gb[l], mb[l], vb[l], lr, c1, c2);
            }
            return loss;
        }

        /** The gradient of layer l's weights after {@link #gradients}, as rows like {@link #weights}. */
        double[][] weightGradient(int l) { return gw[l]; }

        /** Fills the gradients of the batch's mean absolute error and returns that error. */
        double gradients(double[][] xs, double[][] ys) {
            return gradients(xs, ys, null);
        }

        /** As {@link #gradients(double[][], double[][])}, window k's error weighted by {@code weights[k]} (null: all 1). */
        double gradients(double[][] xs, double[][] ys, double[] weights) {
            for (int l = 0; l < w.length; l++) {
                for (double[] row : gw[l]) java.util.Arrays.fill(row, 0);
                java.util.Arrays.fill(gb[l], 0);
                transpose(l);
            }
            double loss = 0;
            int outN = outputs(), top = sizes.length - 1;
            double scale = 1.0 / (xs.length * outN);
            for (int s0 = 0; s0 < xs.length; s0 += BLOCK) {
                int n = Math.min(BLOCK, xs.length - s0);
                for (int k = 0; k < BLOCK; k++) act[0][k] = k < n ? xs[s0 + k] : padding;
                for (int l = 0; l < w.length; l++) forward(l);
                for (int k = 0; k < BLOCK; k++) {
                    double[] p = act[top][k], d = delta[top][k];
                    double wk = k >= n || weights == null ? 1 : weights[s0 + k];
                    for (int j = 0; j < outN; j++) {
                        if (k >= n) { d[j] = 0; continue; } // an empty slot adds nothing
                        double e = p[j] - ys[s0 + k][j];
                        loss += wk * Math.abs(e);
                        d[j] = e > 0 ? wk * scale : e < 0 ? -wk * scale : 0;
                    }
                }
                for (int l = w.length - 1; l >= 0; l--) backward(l);
            }
            return loss / (xs.length * outN);
        }

        private void transpose(int l) {
            int in = sizes[l], out = sizes[l + 1];
            double[][] wl = w[l], tl = wt[l];
            for (int i = 0; i < in; i++) {
                double[] row = wl[i];
                for (int j = 0; j < out; j++) tl[j][i] = row[j];
            }
        }

        /** Layer l's outputs of the four samples of the block (ReLU except the last layer). */
        private void forward(int l) {
            int in = sizes[l], out = sizes[l + 1];
            double[][] wl = w[l];
            double[] a0 = act[l][0], a1 = act[l][1], a2 = act[l][2], a3 = act[l][3];
            double[] z0 = act[l + 1][0], z1 = act[l + 1][1], z2 = act[l + 1][2], z3 = act[l + 1][3];
            for (double[] z : act[l + 1]) System.arraycopy(b[l], 0, z, 0, out);
            for (int i = 0; i < in; i++) addScaled(wl[i], out, a0[i], a1[i], a2[i], a3[i], z0, z1, z2, z3);
            if (l < w.length - 1) for (double[] z : act[l + 1]) for (int j = 0; j < out; j++) if (z[j] < 0) z[j] = 0;
        }

        /** y_k[i] += c_k · v[i] for i below n and the four samples k: one read of v serves four. */
        private static void addScaled(double[] v, int n, double c0, double c1, double c2, double c3,
                                      double[] y0, double[] y1, double[] y2, double[] y3) {
            for (int i = 0; i < n; i++) {
                double x = v[i];
                y0[i] += c0 * x;
                y1[i] += c1 * x;
                y2[i] += c2 * x;
                y3[i] += c3 * x;
            }
        }

        /** Adds layer l's weight and bias gradients of the block and passes the deltas to layer l's inputs. */
        private void backward(int l) {
            int in = sizes[l], out = sizes[l + 1];
            double[] d0 = delta[l + 1][0], d1 = delta[l + 1][1], d2 = delta[l + 1][2], d3 = delta[l + 1][3];
            double[] a0 = act[l][0], a1 = act[l][1], a2 = act[l][2], a3 = act[l][3];
            double[][] gwl = gw[l];
            double[] gbl = gb[l];
            for (int j = 0; j < out; j++) gbl[j] += d0[j] + d1[j] + d2[j] + d3[j];
            for (int i = 0; i < in; i++) {
                double x0 = a0[i], x1 = a1[i], x2 = a2[i], x3 = a3[i];
                double[] g = gwl[i];
                for (int j = 0; j < out; j++) g[j] += x0 * d0[j] + x1 * d1[j] + x2 * d2[j] + x3 * d3[j];
            }
            if (l == 0) return; // the inputs need no gradient
            double[] n0 = delta[l][0], n1 = delta[l][1], n2 = delta[l][2], n3 = delta[l][3];
            for (double[] dn : delta[l]) java.util.Arrays.fill(dn, 0);
            double[][] tl = wt[l];
            for (int j = 0; j < out; j++) addScaled(tl[j], in, d0[j], d1[j], d2[j], d3[j], n0, n1, n2, n3);
            for (int k = 0; k < BLOCK; k++) { // ReLU passes the gradient only where it was active
                double[] a = act[l][k], dn = delta[l][k];
                for (int i = 0; i < in; i++) if (a[i] <= 0) dn[i] = 0;
            }
        }

        private void adam(double[] p, double[] g, double[] m, double[] v, double lr, double c1, double c2) {
            for (int k = 0; k < p.length; k++) {
                m[k] = 0.9 * m[k] + 0.1 * g[k];
                v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k];
                p[k] -= lr * (m[k] / c1) / (Math.sqrt(v[k] / c2) + 1e-8);
            }
        }
    }

    void write(DataOutputStream out) throws IOException {
        out.writeInt(sizes.length);
        for (int s : sizes) out.writeInt(s);
        for (int l = 0; l < w.length; l++) {
            for (double[] row : w[l]) for (double v : row) out.writeDouble(v);
            for (double v : b[l]) out.writeDouble(v);
        }
    }

    /** The network of {@code expected} sizes stored at the reader's position, or an error naming {@code what}. */
    static Mlp read(ModelInput in, int[] expected, String what) throws IOException {
        if (in.readInt() != expected.length) throw new IOException("the layer count of " + what + " does not match the header");
        for (int e : expected) {
            if (in.readInt() != e) throw new IOException("the layer sizes of " + what + " do not match the header's lookback, units and horizon");
        }
        double[][][] w = new double[expected.length - 1][][];
        double[][] b = new double[expected.length - 1][];
        for (int l = 0; l < w.length; l++) {
            double[] flat = in.readFinite("the weights of " + what, (long) expected[l] * expected[l + 1]);
            w[l] = new double[expected[l]][];
            for (int i = 0; i < expected[l]; i++) w[l][i] = java.util.Arrays.copyOfRange(flat, i * expected[l + 1], (i + 1) * expected[l + 1]);
            b[l] = in.readFinite("the weights of " + what, expected[l + 1]);
        }
        return new Mlp(expected.clone(), w, b);
    }
}
