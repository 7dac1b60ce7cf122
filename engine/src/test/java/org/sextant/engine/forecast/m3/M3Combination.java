package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.Accuracy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A combination of ETS, ARIMA, Theta and the global ensemble whose weights, and the global
 * groups that forecast, are chosen per M3 category on a validation split (the last h values of
 * each training part forecast from the values before them), so the test parts play no part in
 * the choice. Weights are on a grid of tenths summing to one, plus equal weights (comb_global);
 * or, with {@link #chooseMeanOrMedian}, only whether the four are averaged or their median taken.
 */
final class M3Combination {
    static final List<String> LOCAL = List.of("ets", "arima", "theta");

    /**
     * One category's choice: global groups (bit mask) and weights of ets, arima, theta, global,
     * or (median) the step-wise median of the four, which is the mean of the middle two.
     */
    record Choice(String category, int groupMask, double[] weights, boolean median, double validationSmape) {
        String line() {
            return String.format(Locale.ROOT, "%s,%d,%.2f,%.2f,%.2f,%.2f,%.4f,%s", category, groupMask, weights[0], weights[1], weights[2], weights[3],
                    validationSmape, median ? "median" : "weights");
        }
    }

    private static final double[] EQUAL = {0.25, 0.25, 0.25, 0.25};

    private M3Combination() {}

    /** The forecast of {@code s} under a choice. */
    static double[] forecast(Choice c, M3Series s, Map<String, Map<String, double[]>> locals, M3GlobalEnsemble.Forecasts global) {
        List<double[]> members = new ArrayList<>();
        for (String m : LOCAL) members.add(locals.get(m).get(s.id()));
        members.add(global.median(s.id(), c.groupMask()));
        return c.median() ? M3Benchmark.combine(members, true) : weighted(members, c.weights());
    }

    /**
     * Per category, whether the mean or the median of ETS, ARIMA, Theta and all global groups has
     * the lower mean sMAPE on {@code validation}: two candidates, so little room to fit noise.
     */
    static Map<String, Choice> chooseMeanOrMedian(List<M3Series> validation, Map<String, Map<String, double[]>> locals,
                                                  M3GlobalEnsemble.Forecasts global) {
        Map<String, Choice> out = new LinkedHashMap<>();
        int all = M3GlobalEnsemble.allGroups(global);
        for (String category : List.of("yearly", "quarterly", "monthly", "other")) {
            Choice best = null;
            for (boolean median : new boolean[] {false, true}) {
                Choice c = new Choice(category, all, EQUAL, median, Double.NaN);
                double sum = 0;
                int n = 0;
                for (M3Series s : validation) {
                    if (!s.category().equals(category)) continue;
                    sum += Accuracy.smape(s.test(), forecast(c, s, locals, global));
                    n++;
                }
                if (best == null || sum / n < best.validationSmape()) best = new Choice(category, all, EQUAL, median, sum / n);
            }
            out.put(category, best);
        }
        return out;
    }

    /** Per category, the global groups and weights with the lowest mean sMAPE on {@code validation}. */
    static Map<String, Choice> choose(List<M3Series> validation, Map<String, Map<String, double[]>> locals, M3GlobalEnsemble.Forecasts global) {
        List<double[]> grid = simplex(4, 10);
        grid.add(EQUAL);
        Map<String, Choice> out = new LinkedHashMap<>();
        for (String category : List.of("yearly", "quarterly", "monthly", "other")) {
            List<M3Series> in = validation.stream().filter(s -> s.category().equals(category)).toList();
            Choice best = null;
            for (int mask = 1; mask <= M3GlobalEnsemble.allGroups(global); mask++) {
                List<List<double[]>> members = new ArrayList<>();
                for (M3Series s : in) {
                    List<double[]> m = new ArrayList<>();
                    for (String l : LOCAL) m.add(locals.get(l).get(s.id()));
                    m.add(global.median(s.id(), mask));
                    members.add(m);
                }
                for (double[] w : grid) {
                    double sum = 0;
                    for (int i = 0; i < in.size(); i++) sum += Accuracy.smape(in.get(i).test(), weighted(members.get(i), w));
                    double smape = sum / in.size();
                    if (best == null || smape < best.validationSmape() - 1e-12) best = new Choice(category, mask, w, false, smape);
                }
            }
            out.put(category, best);
        }
        return out;
    }

    static void write(Map<String, Choice> choices, Path file) throws IOException {
        StringBuilder sb = new StringBuilder("category,group_mask,w_ets,w_arima,w_theta,w_global,validation_smape,combine\n");
        for (Choice c : choices.values()) sb.append(c.line()).append('\n');
        Files.writeString(file, sb.toString());
    }

    static Map<String, Choice> read(Path file) throws IOException {
        Map<String, Choice> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file).subList(1, Files.readAllLines(file).size())) {
            String[] f = line.split(",");
            double[] w = {Double.parseDouble(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5])};
            boolean median = f.length > 7 && f[7].equals("median"); // files of before the median choice have 7 columns
            out.put(f[0], new Choice(f[0], Integer.parseInt(f[1]), w, median, Double.parseDouble(f[6])));
        }
        return out;
    }

    private static double[] weighted(List<double[]> members, double[] w) {
        double[] out = new double[members.get(0).length];
        for (int m = 0; m < members.size(); m++) {
            if (w[m] == 0) continue;
            double[] p = members.get(m);
            for (int k = 0; k < out.length; k++) out[k] += w[m] * p[k];
        }
        return out;
    }

    /** Every vector of n non-negative multiples of 1/parts summing to one. */
    static List<double[]> simplex(int n, int parts) {
        List<double[]> out = new ArrayList<>();
        fill(new int[n], 0, parts, parts, out);
        return out;
    }

    private static void fill(int[] k, int i, int left, int parts, List<double[]> out) {
        if (i == k.length - 1) {
            k[i] = left;
            double[] w = new double[k.length];
            for (int j = 0; j < k.length; j++) w[j] = k[j] / (double) parts;
            out.add(w);
            return;
        }
        for (int v = 0; v <= left; v++) {
            k[i] = v;
            fill(k, i + 1, left - v, parts, out);
        }
    }
}
