package org.sextant.engine.forecast.global;

import org.sextant.engine.forecast.model.Theta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * M3 benchmark only (not offered to users): a global ensemble whose networks see, beside the lag
 * window, Theta's forecast from the same origin (fitted on every value up to it, so it carries
 * what the window does not show) and learn a correction of it. Trained as {@link GlobalModel}'s
 * members are (same windows, seeds, rates, relative weights); no calibration.
 */
public final class ThetaAnchoredModel {
    private static final int MIN_OBSERVED = 3;
    private static final int THETA_MIN = 5; // Theta's own minimum length; shorter histories anchor on their last value

    private final GlobalConfig config;
    private final List<Mlp> members;

    private ThetaAnchoredModel(GlobalConfig config, List<Mlp> members) {
        this.config = config;
        this.members = members;
    }

    /** Trains every member on {@code series} (one thread; the benchmark runs models in parallel). */
    public static ThetaAnchoredModel train(List<double[]> series, GlobalConfig c) {
        int h = c.horizon();
        List<double[]> usable = new ArrayList<>();
        for (double[] y : series) if (y.length >= h + MIN_OBSERVED) usable.add(y);
        // Theta from every training origin, once for all members: [series][origin][step]
        List<double[][]> anchors = new ArrayList<>();
        for (double[] y : usable) {
            int last = y.length - 1 - h, first = Math.max(MIN_OBSERVED - 1, last - c.recentOrigins() + 1);
            double[][] a = new double[last + 1][];
            for (int o = first; o <= last; o++) a[o] = theta(y, o, h);
            anchors.add(a);
        }
        List<Mlp> nets = new ArrayList<>();
        for (int m = 0; m < c.members(); m++) nets.add(trainMember(usable, anchors, c, m));
        return new ThetaAnchoredModel(c, nets);
    }

    /** Theta's mean forecast of the h values after index {@code origin} of {@code y}, from y[0..origin]. */
    static double[] theta(double[] y, int origin, int h) {
        if (origin + 1 < THETA_MIN) {
            double[] out = new double[h];
            Arrays.fill(out, y[origin]);
            return out;
        }
        return new Theta().compute(Arrays.copyOf(y, origin + 1), 1, h, new double[0]).median();
    }

    private static double[] input(Window w, double[] anchor) {
        double[] x = Arrays.copyOf(w.input(), w.input().length + anchor.length);
        for (int k = 0; k < anchor.length; k++) x[w.input().length + k] = normalised(w, anchor[k]);
        return x;
    }

    private static double normalised(Window w, double v) {
        return Math.max(-50, Math.min(50, (v - w.level()) / w.scale()));
    }

    private static Mlp trainMember(List<double[]> series, List<double[][]> anchors, GlobalConfig c, int member) {
        int h = c.horizon(), lookback = c.lookback(member);
        Mlp net = GlobalModel.network(c, member, lookback + 1 + h);
        Mlp.Trainer trainer = net.new Trainer();
        Random r = GlobalModel.windowDraws(c, member);
        double[][] xs = new double[c.batch()][], ys = new double[c.batch()][];
        double[] weights = c.relativeLoss() ? new double[c.batch()] : null;
        for (int s = 0; s < c.steps(); s++) {
            double sum = 0;
            for (int k = 0; k < xs.length; k++) {
                int i = r.nextInt(series.size());
                double[] y = series.get(i);
                int last = y.length - 1 - h, first = Math.max(MIN_OBSERVED - 1, last - c.recentOrigins() + 1);
                int origin = first + r.nextInt(last - first + 1);
                Window w = Window.at(y, origin, lookback);
                double[] anchor = anchors.get(i)[origin];
                xs[k] = input(w, anchor);
                double[] t = w.target(y, origin, h);
                for (int j = 0; j < h; j++) t[j] -= normalised(w, anchor[j]); // the correction of Theta is learned
                ys[k] = t;
                if (weights != null) sum += weights[k] = GlobalModel.relativeWeight(w);
            }
            if (weights != null) for (int k = 0; k < weights.length; k++) weights[k] *= weights.length / sum;
            trainer.step(xs, ys, weights, s < c.steps() * 2 / 3 ? c.learningRate() : c.learningRate() / 10);
        }
        return net;
    }

    /** Every member's path for the next h values after {@code history}. */
    public double[][] paths(double[] history, int h) {
        int origin = history.length - 1;
        double[] anchor = theta(history, origin, config.horizon());
        double[][] paths = new double[members.size()][];
        for (int m = 0; m < members.size(); m++) {
            Window w = Window.at(history, origin, config.lookback(m));
            double[] out = members.get(m).predict(input(w, anchor));
            paths[m] = new double[h];
            for (int k = 0; k < h; k++) paths[m][k] = w.denormalise(normalised(w, anchor[k]) + out[k]);
        }
        return paths;
    }
}
