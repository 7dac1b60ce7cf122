package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.global.GlobalConfig;
import org.sextant.engine.forecast.global.GlobalModel;

import java.io.IOException;
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
 * The global model on all 3003 M3 series, alone and in combinations, with the scorer of
 * {@link M3Benchmark}. One model per M3 category is trained on the training parts of that
 * category's series only (cross-learning among training parts, as N-BEATS does), then forecasts
 * each series' official horizon. Wall and CPU time cover training plus forecasting. The local
 * members (ets, arima, theta) are fitted in the same run, or read from --members (a file this
 * harness wrote in an earlier run of the same code: they are deterministic).
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3GlobalBenchmark /work/shared/data/m3 \
 *      [--members /tmp/m3-members.csv] [--threads 2] [--seed 1] [--steps 1500] [--ensemble 6]
 * </pre>
 */
public final class M3GlobalBenchmark {
    private static final List<String> LOCAL = List.of("ets", "arima", "theta");

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path cache = null;
        int threads = 2, steps = -1, ensemble = -1;
        long seed = 1;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--members" -> cache = Path.of(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--steps" -> steps = Integer.parseInt(args[++i]);
                case "--ensemble" -> ensemble = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<M3Series> series = M3Data.read(dir.resolve("m3_long.csv"));
        System.out.printf(Locale.ROOT, "M3: %d series, %d threads, seed %d%n", series.size(), threads, seed);
        Map<String, Map<String, double[]>> fc = new LinkedHashMap<>();
        Map<String, double[]> times = new LinkedHashMap<>();
        long c0 = cpu(), t0 = System.nanoTime();
        fc.put("global", global(series, threads, seed, steps, ensemble));
        times.put("global", new double[] {(System.nanoTime() - t0) / 1e9, (cpu() - c0) / 1e9});
        locals(series, cache, threads, fc, times);

        Map<String, List<String>> combos = new LinkedHashMap<>();
        combos.put("comb_mean (ets+arima+theta)", LOCAL);
        combos.put("comb_global (ets+arima+theta+global)", List.of("ets", "arima", "theta", "global"));
        combos.put("theta+global", List.of("theta", "global"));
        combos.put("ets+theta+global", List.of("ets", "theta", "global"));
        Map<String, M3Score> scores = new LinkedHashMap<>();
        for (String m : List.of("global", "theta", "ets", "arima")) scores.put(m, score(series, List.of(fc.get(m)), false));
        for (Map.Entry<String, List<String>> e : combos.entrySet()) {
            scores.put(e.getKey(), score(series, e.getValue().stream().map(fc::get).toList(), false));
            double cpuS = 0;
            for (String m : e.getValue()) cpuS += times.get(m)[1];
            times.put(e.getKey(), new double[] {Double.NaN, cpuS});
        }
        scores.put("comb_median4 (median of the four)", score(series, List.of(fc.get("ets"), fc.get("arima"), fc.get("theta"), fc.get("global")), true));
        times.put("comb_median4 (median of the four)", times.get("comb_global (ets+arima+theta+global)"));
        M3Benchmark.print(scores, times, M3Benchmark.readOriginals(dir.resolve("m3_original_submissions_accuracy.csv")));
    }

    static Map<String, double[]> global(List<M3Series> series, int threads, long seed, int steps, int ensemble) throws InterruptedException {
        return global(series, M3Series::train, threads, seed, steps, ensemble);
    }

    /**
     * One model per category trained on {@code seen} of each series (the training part: anything
     * else is leakage, which M3GlobalLeakageTest shows would be caught), forecasting from the training part.
     */
    static Map<String, double[]> global(List<M3Series> series, java.util.function.Function<M3Series, double[]> seen, int threads, long seed,
                                        int steps, int ensemble) throws InterruptedException {
        Map<String, double[]> out = new ConcurrentHashMap<>();
        for (String category : List.of("yearly", "quarterly", "monthly", "other")) {
            List<M3Series> in = series.stream().filter(s -> s.category().equals(category)).toList();
            GlobalModel model = GlobalModel.train(in.stream().map(seen).toList(), config(in.get(0).horizon(), seed, threads, steps, ensemble),
                    f -> { }, () -> false);
            for (M3Series s : in) out.put(s.id(), model.median(s.train(), s.horizon()));
            System.out.printf(Locale.ROOT, "  global %-9s trained and forecast (%d series)%n", category, in.size());
        }
        return out;
    }

    static GlobalConfig config(int h, long seed, int threads, int steps, int ensemble) {
        GlobalConfig c = GlobalConfig.forHorizon(h, seed).withThreads(threads);
        if (steps > 0) c = c.withSteps(steps);
        if (ensemble > 0) c = c.withMembers(ensemble);
        return c;
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
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        var mx = ManagementFactory.getThreadMXBean();
        for (String m : LOCAL) {
            Map<String, double[]> own = new ConcurrentHashMap<>();
            java.util.concurrent.atomic.AtomicLong cpu = new java.util.concurrent.atomic.AtomicLong();
            long t0 = System.nanoTime();
            List<Future<?>> jobs = new ArrayList<>();
            for (M3Series s : series) {
                jobs.add(pool.submit(() -> {
                    long c = mx.getCurrentThreadCpuTime();
                    own.put(s.id(), ForecastModels.BUILT_IN.create(m).forecast(s.train(), s.frequency(), s.horizon(), new double[0]).median());
                    cpu.addAndGet(mx.getCurrentThreadCpuTime() - c);
                }));
            }
            for (Future<?> j : jobs) j.get();
            fc.put(m, own);
            times.put(m, new double[] {(System.nanoTime() - t0) / 1e9, cpu.get() / 1e9});
            System.out.printf(Locale.ROOT, "  %s done%n", m);
        }
        pool.shutdown();
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

    static M3Score score(List<M3Series> series, List<Map<String, double[]>> members, boolean median) {
        M3Score score = new M3Score();
        for (M3Series s : series) score.add(s, M3Benchmark.combine(members.stream().map(m -> m.get(s.id())).toList(), median));
        return score;
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
