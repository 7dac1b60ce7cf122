package org.sextant.engine.forecast.m3;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One weight for the global ensemble in the mean with ETS, ARIMA and Theta (the three share the
 * rest equally), the same in every category, chosen on validation windows only: the weight of
 * {@link #GRID} with the lowest overall sMAPE averaged over the windows given. One number chosen
 * on two windows leaves less room to fit noise than per-category weights chosen on one (which
 * did not carry over to the test parts, docs/benchmarks.md). Reads forecasts earlier runs of
 * {@link M3GlobalBenchmark} wrote ({@code --members}, {@code --save-paths}); no training. With
 * {@code --test}, the chosen weight is then reported on the test parts, once, beside equal weights.
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3GlobalWeight /work/shared/data/m3 \
 *      --window 1 /tmp/m3-val-members.csv yearly=F,quarterly=F,monthly=F,other=F \
 *      --window 2 /tmp/m3-val2-members.csv yearly=G,... [--test /tmp/m3-members.csv yearly=H,...]
 * </pre>
 */
public final class M3GlobalWeight {
    /** Candidate weights of global; 0.25 is comb_global (equal weights), 1 is global alone. */
    static final double[] GRID = {0.25, 0.4, 0.5, 0.6, 0.75, 1.0};

    record Window(int depth, Path members, Map<String, Path> global) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        List<Window> validation = new ArrayList<>();
        Window test = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--window" -> validation.add(new Window(Integer.parseInt(args[++i]), Path.of(args[++i]), categories(args[++i])));
                case "--test" -> test = new Window(0, Path.of(args[++i]), categories(args[++i]));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (validation.isEmpty() || validation.stream().anyMatch(w -> w.depth() < 1)) {
            throw new IllegalArgumentException("choose on validation windows only: --window DEPTH (1 or more) MEMBERS GLOBAL");
        }
        List<M3Series> all = M3Data.read(dir.resolve("m3_long.csv"));
        double[] mean = new double[GRID.length];
        System.out.println("| sMAPE | window | yearly | quarterly | monthly | other | all |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|");
        for (Window w : validation) {
            M3Score[] scores = scores(all, w);
            for (int a = 0; a < GRID.length; a++) {
                mean[a] += scores[a].smape("all") / validation.size();
                System.out.println(row(label(a), "validation, depth " + w.depth(), scores[a]));
            }
        }
        int best = 0;
        for (int a = 1; a < GRID.length; a++) if (mean[a] < mean[best] - 1e-12) best = a;
        System.out.printf(Locale.ROOT, "chosen: global weight %.2f (mean overall sMAPE over %d windows %.4f)%n", GRID[best], validation.size(), mean[best]);
        if (test == null) return;
        M3Score[] scores = scores(all, test);
        System.out.println(row(label(0), "test", scores[0]));
        System.out.println(row("global_weighted (declared, global " + GRID[best] + ")", "test", scores[best]));
    }

    private static String label(int a) {
        return GRID[a] == 0.25 ? "comb_global (equal weights)" : GRID[a] == 1 ? "global" : "global weight " + GRID[a];
    }

    /** Per weight of {@link #GRID}, the scores of one window (series without global forecasts left out, as depth 2 drops the shortest). */
    static M3Score[] scores(List<M3Series> all, Window w) throws Exception {
        List<M3Series> series = M3SeriesWeights.split(all, w.depth());
        Map<String, Map<String, double[]>> fc = M3SeriesWeights.forecasts(w.members(), w.global(), series);
        M3Score[] out = new M3Score[GRID.length];
        for (int a = 0; a < GRID.length; a++) out[a] = new M3Score();
        for (M3Series s : series) {
            double[] g = fc.get("global").get(s.id());
            if (g == null) continue;
            double[] local = M3Benchmark.combine(M3Combination.LOCAL.stream().map(m -> fc.get(m).get(s.id())).toList(), false);
            for (int a = 0; a < GRID.length; a++) {
                double[] c = new double[s.horizon()];
                for (int k = 0; k < c.length; k++) c[k] = GRID[a] * g[k] + (1 - GRID[a]) * local[k];
                out[a].add(s, c);
            }
        }
        return out;
    }

    private static Map<String, Path> categories(String arg) {
        Map<String, Path> out = new LinkedHashMap<>();
        M3SeriesWeights.byCategory(arg, out);
        return out;
    }

    static String row(String name, String window, M3Score s) {
        StringBuilder sb = new StringBuilder("| " + name + " | " + window);
        for (String c : M3Score.CATEGORIES) sb.append(String.format(Locale.ROOT, " | %.3f", s.smape(c)));
        return sb.append(" |").toString();
    }
}
