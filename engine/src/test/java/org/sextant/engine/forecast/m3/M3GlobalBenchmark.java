package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.ForecastModels;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The global ensemble on all 3003 M3 series, alone and in combinations, with the scorer of
 * {@link M3Benchmark}. Per M3 category, one model per {@link M3GlobalEnsemble.Group} is trained on
 * the training parts of that category's series only (cross-learning among training parts, as
 * N-BEATS does), then forecasts each series' official horizon. ETS, ARIMA and Theta are fitted in
 * the same run, or read from --members (a file this harness wrote in an earlier run of the same
 * code: they are deterministic).
 *
 * <p>Honest selection in two runs. {@code --split validation} replaces each series by its
 * training part without the last h values, scored on those h values, and with {@code --choose F}
 * writes to F the global groups and combination weights per category that do best there
 * ({@link M3Combination}). {@code --split test --choice F} then trains on the full training
 * parts and reports the declared combination ("comb_learned") on the test parts, beside
 * comb_mean, the equal-weight comb_global and comb_global_median. {@code --choose-mean-or-median F}
 * chooses per category only between the mean and the median of the four.
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3GlobalBenchmark /work/shared/data/m3 \
 *      [--split test|validation] [--members /tmp/m3-members.csv] [--choose F | --choose-mean-or-median F | --choice F]
 *      [--threads 2] [--seed 1] [--steps 800] [--members-per-group 3] [--locals-only]
 *      [--loss scale|relative|both] [--deseasonalise] [--category monthly] [--save-paths F | --paths F]
 *      [--extra m1,m2] [--hidden 128] [--layers 3] [--log] [--pool yearly=pooled|both|aggregated,...] [--depth 2] [--theta-anchored]
 * </pre>
 *
 * <p>{@code --save-paths F} writes every member's forecast; {@code --paths F} reads them instead of
 * training (with {@code --members-per-group k}, each group's first k), so combinations of a run
 * can be studied without training it again.
 */
public final class M3GlobalBenchmark {
    private static final List<String> LOCAL = M3Combination.LOCAL;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path cache = null, choose = null, choice = null, savePaths = null, readPaths = null;
        List<Boolean> losses = List.of(false);
        int threads = 2, steps = 800, perGroup = 3, hidden = 128, layers = 3, depth = 1;
        long seed = 1;
        boolean validation = false, localsOnly = false, deseasonalise = false, meanOrMedian = false, logValues = false, thetaAnchored = false;
        Map<String, String> pools = new LinkedHashMap<>();
        String category = null;
        List<String> extras = List.of();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--members" -> cache = Path.of(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--steps" -> steps = Integer.parseInt(args[++i]);
                case "--hidden" -> hidden = Integer.parseInt(args[++i]);
                case "--layers" -> layers = Integer.parseInt(args[++i]);
                case "--members-per-group" -> perGroup = Integer.parseInt(args[++i]);
                case "--split" -> validation = switch (args[++i]) {
                    case "validation" -> true;
                    case "test" -> false;
                    default -> throw new IllegalArgumentException("--split is test or validation, not " + args[i]);
                };
                case "--depth" -> depth = Integer.parseInt(args[++i]); // validation split of a validation split: 2
                case "--choose" -> choose = Path.of(args[++i]);
                case "--choose-mean-or-median" -> { choose = Path.of(args[++i]); meanOrMedian = true; }
                case "--choice" -> choice = Path.of(args[++i]);
                case "--locals-only" -> localsOnly = true;
                case "--relative-loss" -> losses = List.of(true);
                case "--loss" -> losses = switch (args[++i]) {
                    case "scale" -> List.of(false);
                    case "relative" -> List.of(true);
                    case "both" -> List.of(true, false);
                    default -> throw new IllegalArgumentException("--loss is scale, relative or both, not " + args[i]);
                };
                case "--save-paths" -> savePaths = Path.of(args[++i]);
                case "--paths" -> readPaths = Path.of(args[++i]);
                case "--deseasonalise" -> deseasonalise = true;
                case "--log" -> logValues = true;
                case "--theta-anchored" -> thetaAnchored = true;
                case "--pool" -> { // e.g. yearly=pooled,monthly=both
                    for (String kv : args[++i].split(",")) pools.put(kv.split("=")[0].toLowerCase(Locale.ROOT), kv.split("=")[1]);
                }
                case "--category" -> category = args[++i];
                case "--extra" -> extras = List.of(args[++i].split(","));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (choose != null && !validation) throw new IllegalArgumentException("--choose needs --split validation: choices are made on validation only");
        List<M3Series> series = M3Data.read(dir.resolve("m3_long.csv"));
        if (validation) series = M3SeriesWeights.split(series, depth);
        if (validation && depth > 1) { // cut twice, the shortest series keep too few values to fit
            series = series.stream().filter(s -> s.train().length >= 2 * s.horizon()).toList();
        }
        List<M3Series> pool = series;
        if (category != null) {
            String only = category;
            series = series.stream().filter(x -> x.category().equalsIgnoreCase(only)).toList(); // a quicker look at one category
        }
        System.out.printf(Locale.ROOT, "M3 %s split: %d series, %d threads, seed %d, %d steps, %d members per group of %dx%d units, %s loss%s%s%s%n",
                validation ? (depth == 1 ? "validation" : "validation (depth " + depth + ")") : "test", series.size(), threads, seed, steps, perGroup, layers, hidden,
                losses.size() == 2 ? "relative and scale-unit" : losses.get(0) ? "relative" : "scale-unit", deseasonalise ? ", deseasonalised" : "",
                logValues ? ", log values" : "", (pools.isEmpty() ? "" : ", pools " + pools) + (thetaAnchored ? ", anchored on Theta" : ""));
        Map<String, Map<String, double[]>> fc = new LinkedHashMap<>();
        Map<String, double[]> times = new LinkedHashMap<>();
        locals(series, cache, threads, fc, times);
        if (localsOnly) return;

        long t0 = System.nanoTime();
        M3GlobalEnsemble.Forecasts global = readPaths != null ? M3GlobalEnsemble.Forecasts.read(readPaths).firstMembers(perGroup)
                : M3GlobalEnsemble.forecast(series, pool, M3Series::train, new M3GlobalEnsemble.Settings(perGroup, steps, seed, threads, losses, deseasonalise, hidden, layers, logValues, pools, thetaAnchored));
        if (savePaths != null) global.write(savePaths);
        double cpuGlobal = global.trainCpuSeconds() + global.forecastCpuSeconds();
        System.out.printf(Locale.ROOT, "  global: train %.1f cpu s, forecast %.1f cpu s, %.1f wall s%n",
                global.trainCpuSeconds(), global.forecastCpuSeconds(), (System.nanoTime() - t0) / 1e9);
        Map<String, double[]> all = new LinkedHashMap<>();
        for (M3Series s : series) all.put(s.id(), global.median(s.id(), M3GlobalEnsemble.EVERY_GROUP));
        fc.put("global", all);
        times.put("global", new double[] {(System.nanoTime() - t0) / 1e9, cpuGlobal});

        Map<String, M3Score> scores = new LinkedHashMap<>();
        scores.put("global", score(series, List.of(all), false));
        int perLoss = M3GlobalEnsemble.GROUPS.size(), lossCount = global.groups() / perLoss;
        for (int l = 0; losses.size() > 1 && l < lossCount; l++) { // each loss's half alone, and with ETS, ARIMA and Theta
            Map<String, double[]> half = new LinkedHashMap<>();
            for (M3Series s : series) half.put(s.id(), global.median(s.id(), ((1 << perLoss) - 1) << (l * perLoss)));
            scores.put("global, loss " + (l + 1) + " only", score(series, List.of(half), false));
            scores.put("comb_global, loss " + (l + 1) + " only", score(series, List.of(fc.get("ets"), fc.get("arima"), fc.get("theta"), half), false));
            times.put("global, loss " + (l + 1) + " only", new double[] {Double.NaN, Double.NaN});
            times.put("comb_global, loss " + (l + 1) + " only", new double[] {Double.NaN, Double.NaN});
        }
        for (String m : List.of("theta", "ets", "arima")) scores.put(m, score(series, List.of(fc.get(m)), false));
        scores.put("comb_mean (ets+arima+theta)", score(series, LOCAL.stream().map(fc::get).toList(), false));
        times.put("comb_mean (ets+arima+theta)", new double[] {Double.NaN, LOCAL.stream().mapToDouble(m -> times.get(m)[1]).sum()});
        String equal = "comb_global (ets+arima+theta+global)";
        scores.put(equal, score(series, List.of(fc.get("ets"), fc.get("arima"), fc.get("theta"), all), false));
        double cpuAll = times.get("comb_mean (ets+arima+theta)")[1] + cpuGlobal;
        times.put(equal, new double[] {Double.NaN, cpuAll});
        String median = "comb_global_median (median of the four)";
        scores.put(median, score(series, List.of(fc.get("ets"), fc.get("arima"), fc.get("theta"), all), true));
        times.put(median, new double[] {Double.NaN, cpuAll});
        if (!extras.isEmpty()) { // further built-in models as fifth members of comb_global, equal weights
            List<Map<String, double[]>> withAll = new ArrayList<>(List.of(fc.get("ets"), fc.get("arima"), fc.get("theta"), all));
            for (String m : extras) {
                Map<String, double[]> own = fitted(m, series, threads, new double[1]);
                scores.put(m, score(series, List.of(own), false));
                List<Map<String, double[]>> five = new ArrayList<>(List.of(fc.get("ets"), fc.get("arima"), fc.get("theta"), all, own));
                scores.put("comb_global + " + m, score(series, five, false));
                withAll.add(own);
                times.put(m, new double[] {Double.NaN, Double.NaN});
                times.put("comb_global + " + m, new double[] {Double.NaN, Double.NaN});
            }
            if (extras.size() > 1) {
                scores.put("comb_global + " + String.join(" + ", extras), score(series, withAll, false));
                times.put("comb_global + " + String.join(" + ", extras), new double[] {Double.NaN, Double.NaN});
            }
        }
        Map<String, M3Combination.Choice> choices = null;
        if (choose != null) {
            choices = meanOrMedian ? M3Combination.chooseMeanOrMedian(series, fc, global) : M3Combination.choose(series, fc, global);
            M3Combination.write(choices, choose);
            System.out.println("  chosen on this validation split, written to " + choose + ":");
            for (M3Combination.Choice c : choices.values()) System.out.println("    " + c.line());
        } else if (choice != null) {
            choices = M3Combination.read(choice);
        }
        if (choices != null) {
            Map<String, M3Combination.Choice> chosen = choices;
            M3Score learned = new M3Score();
            for (M3Series s : series) learned.add(s, M3Combination.forecast(chosen.get(s.category()), s, fc, global));
            scores.put("comb_learned (declared)", learned);
            times.put("comb_learned (declared)", new double[] {Double.NaN, cpuAll});
        }
        M3Benchmark.print(scores, times, M3Benchmark.readOriginals(dir.resolve("m3_original_submissions_accuracy.csv")));
    }

    /** Each series' training part without its last h values, which become the part scored. */
    static List<M3Series> validationSplit(List<M3Series> series) {
        List<M3Series> out = new ArrayList<>();
        for (M3Series s : series) {
            int n = s.train().length - s.horizon();
            out.add(new M3Series(s.id(), s.category(), s.frequency(), s.horizon(), Arrays.copyOf(s.train(), n),
                    Arrays.copyOfRange(s.train(), n, s.train().length)));
        }
        return out;
    }

    private static void locals(List<M3Series> series, Path cache, int threads, Map<String, Map<String, double[]>> fc,
                               Map<String, double[]> times) throws Exception {
        if (cache != null && Files.exists(cache)) {
            for (String line : Files.readAllLines(cache)) {
                String[] f = line.split(",");
                if (f[0].equals("time")) { times.put(f[1], new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[3])}); continue; }
                fc.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], Arrays.stream(f[2].split(";")).mapToDouble(Double::parseDouble).toArray());
            }
            System.out.println("  ets, arima, theta read from " + cache);
            return;
        }
        for (String m : LOCAL) {
            long t0 = System.nanoTime();
            double[] cpu = new double[1];
            fc.put(m, fitted(m, series, threads, cpu));
            times.put(m, new double[] {(System.nanoTime() - t0) / 1e9, cpu[0]});
            System.out.printf(Locale.ROOT, "  %s done%n", m);
        }
        if (cache != null) {
            StringBuilder sb = new StringBuilder();
            for (String m : LOCAL) {
                double[] t = times.get(m);
                sb.append("time,").append(m).append(',').append(t[0]).append(',').append(t[1]).append('\n');
                for (Map.Entry<String, double[]> e : fc.get(m).entrySet()) {
                    sb.append(m).append(',').append(e.getKey()).append(',');
                    sb.append(String.join(";", Arrays.stream(e.getValue()).mapToObj(Double::toString).toList())).append('\n');
                }
            }
            Files.writeString(cache, sb.toString());
        }
    }

    /** One built-in model's forecasts of every series, on {@code threads} threads; its CPU seconds into {@code cpuSeconds[0]}. */
    private static Map<String, double[]> fitted(String model, List<M3Series> series, int threads, double[] cpuSeconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        var mx = ManagementFactory.getThreadMXBean();
        Map<String, double[]> own = new ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicLong cpu = new java.util.concurrent.atomic.AtomicLong();
        List<Future<?>> jobs = new ArrayList<>();
        for (M3Series s : series) {
            jobs.add(pool.submit(() -> {
                long c = mx.getCurrentThreadCpuTime();
                own.put(s.id(), ForecastModels.BUILT_IN.create(model).forecast(s.train(), s.frequency(), s.horizon(), new double[0]).median());
                cpu.addAndGet(mx.getCurrentThreadCpuTime() - c);
            }));
        }
        for (Future<?> j : jobs) j.get();
        pool.shutdown();
        cpuSeconds[0] = cpu.get() / 1e9;
        return own;
    }

    static M3Score score(List<M3Series> series, List<Map<String, double[]>> members, boolean median) {
        M3Score score = new M3Score();
        for (M3Series s : series) score.add(s, M3Benchmark.combine(members.stream().map(m -> m.get(s.id())).toList(), median));
        return score;
    }
}
