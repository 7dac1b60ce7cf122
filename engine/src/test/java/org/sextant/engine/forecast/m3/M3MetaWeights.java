package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.Accuracy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * FFORMA's idea (Montero-Manso et al. 2020) with a smaller learner: per series, the weights of
 * ETS, ARIMA, Theta and global in their mean are a softmax of a linear function of the series'
 * features (category, length, seasonality, trend, volatility, and how far the members' forecasts
 * climb and disagree), learned on validation windows by minimising the sMAPE of the weighted
 * forecast itself (FFORMA minimises the weighted members' errors; the mean's own error is what is
 * scored here). Weights start equal, so the learner departs from comb_global only where the
 * windows it learns from agree. Reads forecasts of earlier {@link M3GlobalBenchmark} runs; only
 * the windows named with {@code --learn} reach the learner, and each window's features come from
 * the values before it.
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3MetaWeights /work/shared/data/m3 \
 *      [--l2 0.01] --learn 2 /tmp/m3-val2-members.csv yearly=G,... --score 1 /tmp/m3-val-members.csv yearly=F,...
 * </pre>
 */
public final class M3MetaWeights {
    private static final List<String> MEMBERS = List.of("ets", "arima", "theta", "global");
    private static final double RATE = 0.01;
    private static double l2 = 0.01; // --l2
    private static final int STEPS = 1500;

    /** One series of one window: its members' forecasts over the window, and its features. */
    record Example(M3Series series, double[][] forecasts, double[] features) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        List<M3Series> all = M3Data.read(dir.resolve("m3_long.csv"));
        List<Example> learn = new ArrayList<>();
        Map<String, List<Example>> scored = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String what = args[i];
            if (what.equals("--l2")) { l2 = Double.parseDouble(args[++i]); continue; }
            int depth = Integer.parseInt(args[++i]);
            Path members = Path.of(args[++i]);
            Map<String, Path> global = new LinkedHashMap<>();
            M3SeriesWeights.byCategory(args[++i], global);
            List<Example> window = examples(all, depth, members, global);
            switch (what) {
                case "--learn" -> {
                    if (depth < 1) throw new IllegalArgumentException("learn on validation windows only (depth 1 or more)");
                    learn.addAll(window);
                }
                case "--score" -> scored.put(depth == 0 ? "test" : "validation, depth " + depth, window);
                default -> throw new IllegalArgumentException("unknown argument " + what);
            }
        }
        Learner learner = Learner.fit(learn);
        System.out.printf(Locale.ROOT, "learned on %d series (in-sample sMAPE %.3f, equal weights %.3f)%n", learn.size(),
                learner.loss(learn), new Learner(learner.features()).loss(learn));
        System.out.println("| sMAPE | window | yearly | quarterly | monthly | other | all |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|");
        for (Map.Entry<String, List<Example>> e : scored.entrySet()) {
            M3Score equal = new M3Score(), weighted06 = new M3Score(), meta = new M3Score();
            for (Example x : e.getValue()) {
                equal.add(x.series(), combine(x.forecasts(), new double[] {0.25, 0.25, 0.25, 0.25}));
                weighted06.add(x.series(), combine(x.forecasts(), new double[] {0.4 / 3, 0.4 / 3, 0.4 / 3, 0.6}));
                meta.add(x.series(), combine(x.forecasts(), learner.weights(x.features())));
            }
            System.out.println(M3GlobalWeight.row("comb_global (equal weights)", e.getKey(), equal));
            System.out.println(M3GlobalWeight.row("global weight 0.6", e.getKey(), weighted06));
            System.out.println(M3GlobalWeight.row("comb_meta (learned weights)", e.getKey(), meta));
        }
    }

    static List<Example> examples(List<M3Series> all, int depth, Path members, Map<String, Path> global) throws Exception {
        List<M3Series> series = M3SeriesWeights.split(all, depth);
        Map<String, Map<String, double[]>> fc = M3SeriesWeights.forecasts(members, global, series);
        List<Example> out = new ArrayList<>();
        for (M3Series s : series) {
            if (!fc.get("global").containsKey(s.id())) continue; // depth 2 leaves out the shortest series
            double[][] f = new double[MEMBERS.size()][];
            for (int m = 0; m < f.length; m++) f[m] = fc.get(MEMBERS.get(m)).get(s.id());
            out.add(new Example(s, f, features(s, f)));
        }
        return out;
    }

    /** What the learner sees of a series: its training values and its members' forecasts, never the window scored. */
    static double[] features(M3Series s, double[][] f) {
        double[] y = s.train();
        int n = y.length, h = s.horizon(), m = s.frequency();
        double last = Math.abs(y[n - 1]) + 1e-9;
        List<Double> x = new ArrayList<>();
        for (String c : List.of("yearly", "quarterly", "monthly", "other")) x.add(s.category().equals(c) ? 1.0 : 0.0);
        x.add(Math.log(n));
        double[] d = new double[n - 1];
        for (int t = 1; t < n; t++) d[t - 1] = y[t] - y[t - 1];
        x.add(acf(d, 1));
        x.add(m > 1 && d.length > 2 * m ? acf(d, m) : 0);
        double meanAbs = 0;
        for (double v : y) meanAbs += Math.abs(v);
        meanAbs /= n;
        double vol = 0;
        for (double v : d) vol += Math.abs(v);
        x.add(vol / d.length / (meanAbs + 1e-9)); // typical step relative to the level
        int k = Math.min(h, n - 1);
        x.add((y[n - 1] - y[n - 1 - k]) / last); // the last h values' climb
        x.add((y[n - 1] - y[0]) / last / n); // the whole series' climb per step
        double max = Double.NEGATIVE_INFINITY;
        for (double v : y) max = Math.max(max, v);
        x.add(y[n - 1] / (Math.abs(max) + 1e-9)); // at a high or below it
        double mean = 0;
        for (double[] p : f) mean += p[h - 1] / f.length;
        double spread = 0;
        for (double[] p : f) {
            x.add((p[h - 1] - y[n - 1]) / last); // each member's climb over the horizon
            spread += (p[h - 1] - mean) * (p[h - 1] - mean) / f.length;
        }
        for (double[] p : f) x.add((p[h - 1] - mean) / (Math.abs(mean) + 1e-9)); // each member against the others
        x.add(Math.sqrt(spread) / (Math.abs(mean) + 1e-9));
        double[] out = new double[x.size()];
        for (int i = 0; i < out.length; i++) out[i] = x.get(i);
        return out;
    }

    private static double acf(double[] d, int lag) {
        double mean = 0;
        for (double v : d) mean += v / d.length;
        double num = 0, den = 0;
        for (int t = 0; t < d.length; t++) {
            den += (d[t] - mean) * (d[t] - mean);
            if (t >= lag) num += (d[t] - mean) * (d[t - lag] - mean);
        }
        return den == 0 ? 0 : num / den;
    }

    static double[] combine(double[][] f, double[] w) {
        double[] c = new double[f[0].length];
        for (int m = 0; m < f.length; m++) for (int k = 0; k < c.length; k++) c[k] += w[m] * f[m][k];
        return c;
    }

    /** Softmax weights of a linear function of standardised, clipped features; all zero gives equal weights. */
    static final class Learner {
        private final double[] centre, spread;
        private final double[][] coef; // [member][feature + 1], the last the intercept

        Learner(int features) {
            centre = new double[features];
            spread = new double[features];
            java.util.Arrays.fill(spread, 1);
            coef = new double[MEMBERS.size()][features + 1];
        }

        int features() { return centre.length; }

        private double[] standardised(double[] raw) {
            double[] z = new double[raw.length + 1];
            for (int j = 0; j < raw.length; j++) z[j] = Math.max(-5, Math.min(5, (raw[j] - centre[j]) / spread[j]));
            z[raw.length] = 1;
            return z;
        }

        double[] weights(double[] raw) {
            double[] z = standardised(raw), w = new double[coef.length];
            double max = Double.NEGATIVE_INFINITY, sum = 0;
            for (int m = 0; m < w.length; m++) {
                for (int j = 0; j < z.length; j++) w[m] += coef[m][j] * z[j];
                max = Math.max(max, w[m]);
            }
            for (int m = 0; m < w.length; m++) sum += w[m] = Math.exp(w[m] - max);
            for (int m = 0; m < w.length; m++) w[m] /= sum;
            return w;
        }

        double loss(List<Example> xs) {
            double s = 0;
            for (Example x : xs) s += Accuracy.smape(x.series().test(), combine(x.forecasts(), weights(x.features())));
            return s / xs.size();
        }

        /** Full-batch Adam on the mean sMAPE of the weighted forecasts plus an L2 penalty (no penalty on intercepts). */
        static Learner fit(List<Example> xs) {
            int p = xs.get(0).features().length;
            Learner l = new Learner(p);
            for (int j = 0; j < p; j++) {
                double mean = 0, sq = 0;
                for (Example x : xs) mean += x.features()[j] / xs.size();
                for (Example x : xs) sq += (x.features()[j] - mean) * (x.features()[j] - mean) / xs.size();
                l.centre[j] = mean;
                l.spread[j] = Math.sqrt(sq) > 1e-12 ? Math.sqrt(sq) : 1;
            }
            List<double[]> zs = new ArrayList<>();
            for (Example x : xs) zs.add(l.standardised(x.features()));
            int mCount = l.coef.length, q = p + 1;
            double[][] mom = new double[mCount][q], vel = new double[mCount][q];
            for (int step = 1; step <= STEPS; step++) {
                double[][] g = new double[mCount][q];
                for (int i = 0; i < xs.size(); i++) {
                    Example x = xs.get(i);
                    double[] z = zs.get(i), w = l.weights(x.features()), c = combine(x.forecasts(), w), y = x.series().test();
                    int h = c.length;
                    double[] dz = new double[mCount];
                    for (int k = 0; k < h; k++) {
                        double den = Math.abs(y[k]) + Math.abs(c[k]);
                        if (den == 0) continue;
                        double dc = 200.0 / h * (Math.signum(c[k] - y[k]) / den - Math.abs(y[k] - c[k]) * Math.signum(c[k]) / (den * den));
                        for (int m = 0; m < mCount; m++) dz[m] += dc * w[m] * (x.forecasts()[m][k] - c[k]);
                    }
                    for (int m = 0; m < mCount; m++) for (int j = 0; j < q; j++) g[m][j] += dz[m] * z[j] / xs.size();
                }
                for (int m = 0; m < mCount; m++) {
                    for (int j = 0; j < q; j++) {
                        double grad = g[m][j] + (j < p ? 2 * l2 * l.coef[m][j] : 0);
                        mom[m][j] = 0.9 * mom[m][j] + 0.1 * grad;
                        vel[m][j] = 0.999 * vel[m][j] + 0.001 * grad * grad;
                        double mh = mom[m][j] / (1 - Math.pow(0.9, step)), vh = vel[m][j] / (1 - Math.pow(0.999, step));
                        l.coef[m][j] -= RATE * mh / (Math.sqrt(vh) + 1e-8);
                    }
                }
            }
            return l;
        }
    }
}
