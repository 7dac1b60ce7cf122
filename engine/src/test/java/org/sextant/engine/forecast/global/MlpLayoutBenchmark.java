package org.sextant.engine.forecast.global;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * Training steps of the global forecaster's networks in the row layout ({@link Mlp}) against the
 * flat layout it replaced (one array per layer, rows at offsets, which the JIT does not turn into
 * vector instructions), same sizes, data and seed; the flat trainer below is that code, kept only
 * as this benchmark's baseline. Both must end with the same weights, byte for byte. Sizes are
 * M3's: monthly (lookback 72 + level, 18 steps), quarterly (32 + 1, 8), yearly (24 + 1, 6), 3×128
 * units, batch 256. Not a test: run it by hand (docs/benchmarks.md).
 */
public final class MlpLayoutBenchmark {
    public static void main(String[] args) throws IOException {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        System.out.printf(Locale.ROOT, "cores %d, load %.1f, %d steps of batch 256 per row, best of 3%n",
                Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), steps);
        System.out.println("| network (inputs, 3×128, outputs) | flat layout (baseline) ms/step | rows ms/step | faster | same weights |");
        System.out.println("|---|---:|---:|---:|---|");
        for (int[] io : new int[][] {{73, 18}, {33, 8}, {25, 6}}) {
            int[] sizes = {io[0], 128, 128, 128, io[1]};
            double flat = Double.MAX_VALUE, rows = Double.MAX_VALUE;
            byte[] flatWeights = null, rowWeights = null;
            for (int rep = 0; rep < 3; rep++) { // alternated, so a change of load touches both
                Flat f = new Flat(sizes, 7);
                long t0 = System.nanoTime();
                train(f::step, sizes, steps);
                flat = Math.min(flat, (System.nanoTime() - t0) / 1e6 / steps);
                flatWeights = f.bytes();
                Mlp m = new Mlp(sizes, 7);
                Mlp.Trainer t = m.new Trainer();
                t0 = System.nanoTime();
                train(t::step, sizes, steps);
                rows = Math.min(rows, (System.nanoTime() - t0) / 1e6 / steps);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                m.write(new DataOutputStream(out));
                rowWeights = out.toByteArray();
            }
            System.out.printf(Locale.ROOT, "| %d, 3×128, %d | %.2f | %.2f | %.1f× | %s |%n", io[0], io[1], flat, rows, flat / rows,
                    Arrays.equals(flatWeights, rowWeights) ? "yes" : "NO");
        }
    }

    interface Step { double step(double[][] xs, double[][] ys, double[] weights, double lr); }

    private static void train(Step step, int[] sizes, int steps) {
        Random r = new Random(1);
        double[][] xs = new double[256][sizes[0]], ys = new double[256][sizes[sizes.length - 1]];
        double[] weights = new double[256];
        for (int s = 0; s < steps; s++) {
            for (double[] x : xs) for (int i = 0; i < x.length; i++) x[i] = r.nextGaussian();
            for (double[] y : ys) for (int i = 0; i < y.length; i++) y[i] = r.nextGaussian();
            for (int k = 0; k < weights.length; k++) weights[k] = 0.5 + r.nextDouble();
            step.step(xs, ys, weights, 1e-3);
        }
    }

    /** The flat layout before 2026-12-05 (w[l][i*out + j]), training only: the baseline. */
    private static final class Flat {
        private final int[] sizes;
        private final double[][] w, b, gw, gb, mw, vw, mb, vb, wt;
        private final double[][][] act, delta;
        private final double[] padding;
        private int t;

        Flat(int[] sizes, long seed) {
            this.sizes = sizes;
            int n = sizes.length - 1;
            w = new double[n][]; b = new double[n][]; gw = new double[n][]; gb = new double[n][];
            mw = new double[n][]; vw = new double[n][]; mb = new double[n][]; vb = new double[n][]; wt = new double[n][];
            Random r = new Random(seed);
            for (int l = 0; l < n; l++) {
                int in = sizes[l], out = sizes[l + 1];
                w[l] = new double[in * out];
                double sd = Math.sqrt(2.0 / in);
                for (int k = 0; k < w[l].length; k++) w[l][k] = r.nextGaussian() * sd;
                b[l] = new double[out]; gb[l] = new double[out]; mb[l] = new double[out]; vb[l] = new double[out];
                gw[l] = new double[in * out]; mw[l] = new double[in * out]; vw[l] = new double[in * out]; wt[l] = new double[in * out];
            }
            act = new double[sizes.length][4][];
            delta = new double[sizes.length][4][];
            for (int l = 0; l < sizes.length; l++) {
                for (int k = 0; k < 4; k++) {
                    if (l > 0) act[l][k] = new double[sizes[l]];
                    delta[l][k] = new double[sizes[l]];
                }
            }
            padding = new double[sizes[0]];
        }

        double step(double[][] xs, double[][] ys, double[] weights, double lr) {
            for (int l = 0; l < w.length; l++) {
                Arrays.fill(gw[l], 0);
                Arrays.fill(gb[l], 0);
                int in = sizes[l], out = sizes[l + 1];
                for (int i = 0; i < in; i++) for (int j = 0; j < out; j++) wt[l][j * in + i] = w[l][i * out + j];
            }
            int outN = sizes[sizes.length - 1], top = sizes.length - 1;
            double scale = 1.0 / (xs.length * outN), loss = 0;
            for (int s0 = 0; s0 < xs.length; s0 += 4) {
                int n = Math.min(4, xs.length - s0);
                for (int k = 0; k < 4; k++) act[0][k] = k < n ? xs[s0 + k] : padding;
                for (int l = 0; l < w.length; l++) {
                    int in = sizes[l], out = sizes[l + 1];
                    double[][] a = act[l], z = act[l + 1];
                    for (double[] zk : z) System.arraycopy(b[l], 0, zk, 0, out);
                    for (int i = 0; i < in; i++) add(w[l], i * out, out, a[0][i], a[1][i], a[2][i], a[3][i], z);
                    if (l < w.length - 1) for (double[] zk : z) for (int j = 0; j < out; j++) if (zk[j] < 0) zk[j] = 0;
                }
                for (int k = 0; k < 4; k++) {
                    double[] p = act[top][k], d = delta[top][k];
                    double wk = k >= n || weights == null ? 1 : weights[s0 + k];
                    for (int j = 0; j < outN; j++) {
                        if (k >= n) { d[j] = 0; continue; }
                        double e = p[j] - ys[s0 + k][j];
                        loss += wk * Math.abs(e);
                        d[j] = e > 0 ? wk * scale : e < 0 ? -wk * scale : 0;
                    }
                }
                for (int l = w.length - 1; l >= 0; l--) {
                    int in = sizes[l], out = sizes[l + 1];
                    double[][] d = delta[l + 1], a = act[l];
                    for (int j = 0; j < out; j++) gb[l][j] += d[0][j] + d[1][j] + d[2][j] + d[3][j];
                    for (int i = 0; i < in; i++) {
                        int o = i * out;
                        for (int j = 0; j < out; j++) gw[l][o + j] += a[0][i] * d[0][j] + a[1][i] * d[1][j] + a[2][i] * d[2][j] + a[3][i] * d[3][j];
                    }
                    if (l == 0) continue;
                    for (double[] dn : delta[l]) Arrays.fill(dn, 0);
                    for (int j = 0; j < out; j++) add(wt[l], j * in, in, d[0][j], d[1][j], d[2][j], d[3][j], delta[l]);
                    for (int k = 0; k < 4; k++) for (int i = 0; i < in; i++) if (a[k][i] <= 0) delta[l][k][i] = 0;
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

        private static void add(double[] v, int from, int n, double c0, double c1, double c2, double c3, double[][] y) {
            double[] y0 = y[0], y1 = y[1], y2 = y[2], y3 = y[3];
            for (int i = 0; i < n; i++) {
                double x = v[from + i];
                y0[i] += c0 * x;
                y1[i] += c1 * x;
                y2[i] += c2 * x;
                y3[i] += c3 * x;
            }
        }

        private static void adam(double[] p, double[] g, double[] m, double[] v, double lr, double c1, double c2) {
            for (int k = 0; k < p.length; k++) {
                m[k] = 0.9 * m[k] + 0.1 * g[k];
                v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k];
                p[k] -= lr * (m[k] / c1) / (Math.sqrt(v[k] / c2) + 1e-8);
            }
        }

        byte[] bytes() throws IOException {
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bo);
            out.writeInt(sizes.length);
            for (int s : sizes) out.writeInt(s);
            for (int l = 0; l < w.length; l++) {
                for (double v : w[l]) out.writeDouble(v);
                for (double v : b[l]) out.writeDouble(v);
            }
            return bo.toByteArray();
        }
    }
}
