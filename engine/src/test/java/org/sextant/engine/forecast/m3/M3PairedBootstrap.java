package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.Accuracy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * How far apart two configurations of the global networks really are: per window, the sMAPE of
 * {@code global_weighted} (weight {@code --a} on global, the rest shared by ETS, ARIMA and Theta)
 * of configuration A and of B on the same series, their difference, and a paired bootstrap over
 * series (resampled within each category, so categories keep their counts) of that difference
 * and of A's own overall sMAPE. A difference smaller than its standard error says one window
 * cannot tell the two apart. Reads saved forecasts ({@code --members}, {@code --save-paths}); no
 * training.
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3PairedBootstrap /work/shared/data/m3 --a 0.6 [--only-series-in F] \
 *      --window DEPTH MEMBERS A=yearly=F,quarterly=F,... B=yearly=G,... [--window ...]
 * </pre>
 */
public final class M3PairedBootstrap {
    static final int RESAMPLES = 4000;

    /** One series' sMAPE under A and under B. */
    record Pair(String category, double a, double b) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        double weight = 0.6;
        Set<String> only = null; // only the series a forecast file holds (null: all)
        List<M3Series> all = M3Data.read(dir.resolve("m3_long.csv"));
        System.out.println("| window | category | series | A | B | B − A | s.e. of B − A | 95% interval of B − A | s.e. of A |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---|---:|");
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--a" -> weight = Double.parseDouble(args[++i]);
                case "--only-series-in" -> only = ids(Path.of(args[++i]));
                case "--window" -> {
                    int depth = Integer.parseInt(args[++i]);
                    Path members = Path.of(args[++i]);
                    Map<String, Path> a = paths(args[++i], "A="), b = paths(args[++i], "B=");
                    Set<String> ids = only;
                    List<Pair> pairs = pairs(all.stream().filter(s -> ids == null || ids.contains(s.id())).toList(), depth, members, a, b, weight);
                    String name = depth == 0 ? "test" : "validation, depth " + depth;
                    report(ids == null ? name : name + ", those of the file given", pairs);
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
    }

    /** The series ids of a saved forecast file (its first column). */
    private static Set<String> ids(Path file) throws java.io.IOException {
        try (var lines = java.nio.file.Files.lines(file)) {
            return lines.map(l -> l.substring(0, l.indexOf(','))).collect(Collectors.toSet());
        }
    }

    private static Map<String, Path> paths(String arg, String prefix) {
        if (!arg.startsWith(prefix)) throw new IllegalArgumentException("expected " + prefix + "yearly=F,... but got " + arg);
        Map<String, Path> out = new LinkedHashMap<>();
        M3SeriesWeights.byCategory(arg.substring(prefix.length()), out);
        return out;
    }

    /** Series with forecasts of both configurations, each scored under A and under B. */
    static List<Pair> pairs(List<M3Series> all, int depth, Path members, Map<String, Path> a, Map<String, Path> b, double weight) throws Exception {
        List<M3Series> series = M3SeriesWeights.split(all, depth);
        Map<String, Map<String, double[]>> fa = M3SeriesWeights.forecasts(members, a, series);
        Map<String, Map<String, double[]>> fb = M3SeriesWeights.forecasts(members, b, series);
        List<Pair> out = new ArrayList<>();
        for (M3Series s : series) {
            double[] ga = fa.get("global").get(s.id()), gb = fb.get("global").get(s.id());
            if (ga == null || gb == null) continue;
            double[] local = M3Benchmark.combine(M3Combination.LOCAL.stream().map(m -> fa.get(m).get(s.id())).toList(), false);
            out.add(new Pair(s.category(), Accuracy.smape(s.test(), weighted(ga, local, weight)),
                    Accuracy.smape(s.test(), weighted(gb, local, weight))));
        }
        return out;
    }

    private static double[] weighted(double[] global, double[] local, double a) {
        double[] c = new double[global.length];
        for (int k = 0; k < c.length; k++) c[k] = a * global[k] + (1 - a) * local[k];
        return c;
    }

    private static void report(String window, List<Pair> pairs) {
        for (String c : M3Score.CATEGORIES) {
            List<Pair> in = c.equals("all") ? pairs : pairs.stream().filter(p -> p.category().equals(c)).toList();
            Stats s = bootstrap(in, 1);
            System.out.printf(Locale.ROOT, "| %s | %s | %d | %.3f | %.3f | %+.3f | %.3f | %+.3f to %+.3f | %.3f |%n", window, c, in.size(),
                    s.a, s.b, s.b - s.a, s.seDiff, s.low, s.high, s.seA);
        }
    }

    record Stats(double a, double b, double seDiff, double low, double high, double seA) {}

    /** Means of A and B over the pairs, and the bootstrap's spread of B − A and of A (resampled within each category). */
    static Stats bootstrap(List<Pair> pairs, long seed) {
        Map<String, List<Pair>> byCategory = new LinkedHashMap<>();
        for (Pair p : pairs) byCategory.computeIfAbsent(p.category(), k -> new ArrayList<>()).add(p);
        double a = pairs.stream().mapToDouble(Pair::a).average().orElse(Double.NaN);
        double b = pairs.stream().mapToDouble(Pair::b).average().orElse(Double.NaN);
        SplittableRandom random = new SplittableRandom(seed);
        double[] diffs = new double[RESAMPLES], as = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            double sa = 0, sb = 0;
            for (List<Pair> group : byCategory.values()) {
                for (int k = 0; k < group.size(); k++) {
                    Pair p = group.get(random.nextInt(group.size()));
                    sa += p.a();
                    sb += p.b();
                }
            }
            as[r] = sa / pairs.size();
            diffs[r] = (sb - sa) / pairs.size();
        }
        Arrays.sort(diffs);
        return new Stats(a, b, sd(diffs), diffs[(int) (0.025 * RESAMPLES)], diffs[(int) (0.975 * RESAMPLES) - 1], sd(as));
    }

    private static double sd(double[] x) {
        double m = Arrays.stream(x).average().orElse(0), s = 0;
        for (double v : x) s += (v - m) * (v - m);
        return Math.sqrt(s / (x.length - 1));
    }
}
