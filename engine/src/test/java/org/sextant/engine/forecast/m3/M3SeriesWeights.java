package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.Accuracy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Per-series weights for the mean of ETS, ARIMA, Theta and global, from each member's sMAPE on
 * the series' own last window before the one scored: w ∝ 1 / (e_m + ē), ē the mean of the four
 * errors, so a member twice as wrong as the others gets less weight but none is dropped. Reads
 * member forecasts two harness runs wrote (no training): the window scored (depth d: 0 the test
 * parts, 1 the validation split) and the window before it (depth d + 1), both from
 * {@link M3GlobalBenchmark}'s {@code --members} and {@code --save-paths} files. Only values before
 * the scored window reach its weights; a series too short to have forecasts of the window before
 * (cut twice, see {@link M3GlobalBenchmark}'s {@code --depth 2}) keeps equal weights.
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3SeriesWeights /work/shared/data/m3 --depth 1 \
 *      --members /tmp/m3-val-members.csv --global yearly=F1,quarterly=F2,monthly=F3,other=F3 \
 *      --before-members /tmp/m3-val2-members.csv --before-global yearly=G1,...
 * </pre>
 */
public final class M3SeriesWeights {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int depth = 0;
        Path members = null, beforeMembers = null;
        Map<String, Path> global = new LinkedHashMap<>(), beforeGlobal = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--depth" -> depth = Integer.parseInt(args[++i]);
                case "--members" -> members = Path.of(args[++i]);
                case "--before-members" -> beforeMembers = Path.of(args[++i]);
                case "--global" -> byCategory(args[++i], global);
                case "--before-global" -> byCategory(args[++i], beforeGlobal);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<M3Series> all = M3Data.read(dir.resolve("m3_long.csv"));
        List<M3Series> scored = split(all, depth), before = split(all, depth + 1);
        Map<String, Map<String, double[]>> now = forecasts(members, global, scored), earlier = forecasts(beforeMembers, beforeGlobal, before);
        M3Score equal = new M3Score(), weighted = new M3Score();
        List<String> names = List.of("ets", "arima", "theta", "global");
        for (int i = 0; i < scored.size(); i++) {
            M3Series s = scored.get(i), b = before.get(i);
            double[] w = {1, 1, 1, 1}; // a series too short for a window before keeps equal weights
            if (earlier.get("global").containsKey(b.id())) {
                double[] e = new double[4];
                for (int m = 0; m < 4; m++) e[m] = Accuracy.smape(b.test(), earlier.get(names.get(m)).get(b.id()));
                double mean = Arrays.stream(e).average().orElseThrow();
                for (int m = 0; m < 4; m++) w[m] = 1 / (e[m] + mean + 1e-9);
            }
            double sum = Arrays.stream(w).sum();
            List<double[]> f = new ArrayList<>();
            for (String n : names) f.add(now.get(n).get(s.id()));
            equal.add(s, M3Benchmark.combine(f, false));
            double[] c = new double[s.horizon()];
            for (int m = 0; m < 4; m++) for (int k = 0; k < c.length; k++) c[k] += w[m] / sum * f.get(m)[k];
            weighted.add(s, c);
        }
        System.out.printf(Locale.ROOT, "depth %d (%s), weights from depth %d%n", depth, depth == 0 ? "test parts" : "validation", depth + 1);
        System.out.println("| sMAPE | yearly | quarterly | monthly | other | all |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        Map<String, M3Score> rows = new LinkedHashMap<>();
        rows.put("comb_global (equal weights)", equal);
        rows.put("comb_series_weighted", weighted);
        for (Map.Entry<String, M3Score> e : rows.entrySet()) {
            StringBuilder sb = new StringBuilder("| " + e.getKey());
            for (String c : M3Score.CATEGORIES) sb.append(String.format(Locale.ROOT, " | %.3f", e.getValue().smape(c)));
            System.out.println(sb.append(" |"));
        }
    }

    /** The series cut {@code depth} times by {@link M3GlobalBenchmark#validationSplit} (0: as published). */
    static List<M3Series> split(List<M3Series> series, int depth) {
        for (int d = 0; d < depth; d++) series = M3GlobalBenchmark.validationSplit(series);
        return series;
    }

    static void byCategory(String arg, Map<String, Path> out) {
        for (String kv : arg.split(",")) out.put(kv.split("=")[0], Path.of(kv.split("=")[1]));
    }

    /**
     * ets, arima, theta from the members cache; global, the median of every member of the
     * category's paths file, or with files joined by {@code +} (two configurations' networks), the
     * step-wise mean of each file's median: each configuration counts once, whatever its members.
     */
    static Map<String, Map<String, double[]>> forecasts(Path members, Map<String, Path> global, List<M3Series> series) throws Exception {
        Map<String, Map<String, double[]>> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(members)) {
            String[] f = line.split(",");
            if (f[0].equals("time")) continue;
            out.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], Arrays.stream(f[2].split(";")).mapToDouble(Double::parseDouble).toArray());
        }
        Map<Path, M3GlobalEnsemble.Forecasts> read = new LinkedHashMap<>();
        Map<String, double[]> g = new LinkedHashMap<>();
        for (M3Series s : series) {
            String[] files = global.get(s.category()).toString().split("\\+");
            double[] mean = null;
            for (String file : files) {
                Path p = Path.of(file);
                M3GlobalEnsemble.Forecasts f = read.get(p);
                if (f == null) read.put(p, f = M3GlobalEnsemble.Forecasts.read(p));
                if (!f.paths().containsKey(s.id())) { mean = null; break; }
                double[] median = f.median(s.id(), M3GlobalEnsemble.EVERY_GROUP);
                if (mean == null) mean = new double[median.length];
                for (int k = 0; k < median.length; k++) mean[k] += median[k] / files.length;
            }
            if (mean != null) g.put(s.id(), mean);
        }
        out.put("global", g);
        return out;
    }
}
