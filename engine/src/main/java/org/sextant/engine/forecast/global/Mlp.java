package org.sextant.engine.forecast.global;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Random;

/**
 * A fully connected network with ReLU hidden layers and a linear output, trained by Adam on the
 * absolute error (so the output estimates the median). Weights are stored input-major
 * (w[i*out + j] links input i to unit j) so the inner loops run over contiguous memory. Training
 * is single-threaded and seeded: the same data and seed give the same weights bit for bit.
 */
final class Mlp {
    private final int[] sizes;
    private final double[][] w, b;

    Mlp(int[] sizes, long seed) {
        this.sizes = sizes.clone();
        w = new double[sizes.length - 1][];
        b = new double[sizes.length - 1][];
        Random r = new Random(seed);
        for (int l = 0; l < w.length; l++) {
            int in = sizes[l], out = sizes[l + 1];
            w[l] = new double[in * out];
            b[l] = new double[out];
            double sd = Math.sqrt(2.0 / in); // He initialisation for ReLU
            for (int k = 0; k < w[l].length; k++) w[l][k] = r.nextGaussian() * sd;
        }
    }

    private Mlp(int[] sizes, double[][] w, double[][] b) {
        this.sizes = sizes;
        this.w = w;
        this.b = b;
    }

    int inputs() { return sizes[0]; }

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
            double[] wl = w[l], al = a[l];
            for (int i = 0; i < in; i++) {
                double xi = al[i];
                if (xi == 0) continue;
                int o = i * out;
                for (int j = 0; j < out; j++) z[j] += xi * wl[o + j];
            }
            if (l < w.length - 1) for (int j = 0; j < out; j++) if (z[j] < 0) z[j] = 0;
            a[l + 1] = z;
        }
        return a;
    }

    /** Adam state for one training run. */
    final class Trainer {
        private final double[][] gw = new double[w.length][], gb = new double[w.length][];
        private final double[][] mw = new double[w.length][], vw = new double[w.length][];
        private final double[][] mb = new double[w.length][], vb = new double[w.length][];
        private int t;

        Trainer() {
            for (int l = 0; l < w.length; l++) {
                gw[l] = new double[w[l].length];
                mw[l] = new double[w[l].length];
                vw[l] = new double[w[l].length];
                gb[l] = new double[b[l].length];
                mb[l] = new double[b[l].length];
                vb[l] = new double[b[l].length];
            }
        }

        /** One Adam step on the mean absolute error of a batch; returns that error. */
        double step(double[][] xs, double[][] ys, double lr) {
            for (int l = 0; l < w.length; l++) {
                java.util.Arrays.fill(gw[l], 0);
                java.util.Arrays.fill(gb[l], 0);
            }
            double loss = 0;
            int outN = outputs();
            double scale = 1.0 / (xs.length * outN);
            for (int s = 0; s < xs.length; s++) {
                double[][] a = forward(xs[s]);
                double[] d = new double[outN];
                double[] p = a[a.length - 1];
                for (int j = 0; j < outN; j++) {
                    double e = p[j] - ys[s][j];
                    loss += Math.abs(e);
                    d[j] = e > 0 ? scale : e < 0 ? -scale : 0;
                }
                for (int l = w.length - 1; l >= 0; l--) {
                    int in = sizes[l], out = sizes[l + 1];
                    double[] al = a[l], wl = w[l], gwl = gw[l], gbl = gb[l];
                    for (int j = 0; j < out; j++) gbl[j] += d[j];
                    double[] dn = l > 0 ? new double[in] : null;
                    for (int i = 0; i < in; i++) {
                        double xi = al[i];
                        int o = i * out;
                        if (xi != 0) for (int j = 0; j < out; j++) gwl[o + j] += xi * d[j];
                        if (dn != null && xi > 0) { // ReLU passes the gradient only where it was active
                            double g = 0;
                            for (int j = 0; j < out; j++) g += wl[o + j] * d[j];
                            dn[i] = g;
                        }
                    }
                    d = dn;
                }
            }
            t++;
            double c1 = 1 - Math.pow(0.9, t), c2 = 1 - Math.pow(0.999, t);
            for (int l = 0; l < w.length; l++) {
                adam(w[l], gw[l], mw[l], vw[l], lr, c1, c2);
                adam(b[l], gb[l], mb[l], vb[l], lr, c1, c2);
            }
            return loss / (xs.length * outN);
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
            for (double v : w[l]) out.writeDouble(v);
            for (double v : b[l]) out.writeDouble(v);
        }
    }

    static Mlp read(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 2 || n > 16) throw new IOException("bad layer count " + n);
        int[] sizes = new int[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = in.readInt();
            if (sizes[i] < 1 || sizes[i] > 4096) throw new IOException("bad layer size " + sizes[i]);
        }
        double[][] w = new double[n - 1][], b = new double[n - 1][];
        for (int l = 0; l < n - 1; l++) {
            w[l] = new double[sizes[l] * sizes[l + 1]];
            b[l] = new double[sizes[l + 1]];
            for (int k = 0; k < w[l].length; k++) w[l][k] = in.readDouble();
            for (int k = 0; k < b[l].length; k++) b[l][k] = in.readDouble();
        }
        return new Mlp(sizes, w, b);
    }
}
