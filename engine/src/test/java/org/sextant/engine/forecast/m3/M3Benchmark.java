package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.ForecastModels;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Accuracy and speed of Sextant's models on all 3003 M3 series, printed beside the original
 * competition entrants and, with --r, beside R's forecast package run on the same series in
 * the same run (ets, thetaf and optionally auto.arima, timed inside R).
 *
 * <pre>
 * java -cp ... org.sextant.engine.forecast.m3.M3Benchmark /work/shared/data/m3 \
 *      [--methods naive2,theta,ets,comb_mean] [--threads 2] [--every k] [--r] [--r-arima]
 * </pre>
 * With --every k only series 1, 1+k, 1+2k... (in id order) are used, by both Sextant and R.
 */
public final class M3Benchmark {
    private static final List<String> ORIGINALS = List.of("THETA", "ForecastPro", "ForcX", "COMB S-H-D", "B-J auto", "NAIVE2");

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: M3Benchmark <m3 data folder> [--methods a,b] [--threads n] [--every k] [--r] [--r-arima]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        List<String> methods = List.of("naive2", "theta", "ets", "comb_mean", "comb_median");
        int threads = 2;
        boolean runR = false, rArima = false, reuse = false;
        Path rFile = null; // rows of r_forecast_m3.R (run separately, possibly stopped early)
        int every = 1; // every k-th series only (the same subset is given to R)
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--methods" -> methods = List.of(args[++i].split(","));
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--r" -> runR = true;
                case "--r-arima" -> { runR = true; rArima = true; }
                case "--every" -> every = Integer.parseInt(args[++i]);
                case "--r-file" -> rFile = Path.of(args[++i]);
                case "--reuse" -> reuse = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<M3Series> all = M3Data.read(dir.resolve("m3_long.csv"));
        List<M3Series> series = new ArrayList<>();
        for (int i = 0; i < all.size(); i += every) series.add(all.get(i));
        RFile rows = null;
        if (rFile != null) { // restrict both sides to the series R completed with all three methods
            rows = RFile.read(rFile);
            List<M3Series> kept = new ArrayList<>();
            for (M3Series s : series) if (rows.complete(s.id())) kept.add(s);
            System.out.printf(Locale.ROOT, "R file %s: %d of %d series complete%n", rFile, kept.size(), series.size());
            series = kept;
        }
        System.out.printf(Locale.ROOT, "M3: %d series, %d threads, %s%n", series.size(), threads, System.getProperty("java.vm.version"));

        Map<String, M3Score> scores = new LinkedHashMap<>();
        Map<String, double[]> times = new LinkedHashMap<>(); // wall s, cpu s
        Map<String, Map<String, double[]>> medians = new java.util.concurrent.ConcurrentHashMap<>(); // method → series → median
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "m3");
            t.setDaemon(true); // a failed series must not leave the JVM hanging
            return t;
        });
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (String method : methods) {
            M3Score score = new M3Score();
            AtomicLong cpu = new AtomicLong();
            long t0 = System.nanoTime();
            List<Future<?>> jobs = new ArrayList<>();
            List<String> parts = reuse ? COMBINATIONS.get(method) : null;
            if (parts != null && !medians.keySet().containsAll(parts)) parts = null;
            final List<String> members = parts;
            Map<String, double[]> own = new java.util.concurrent.ConcurrentHashMap<>();
            medians.put(method, own);
            for (M3Series s : series) {
                jobs.add(pool.submit(() -> {
                    long c0 = mx.getCurrentThreadCpuTime();
                    double[] fc;
                    if (members != null) {
                        // the combination's median is the mean/median of its members' medians: reuse them
                        List<double[]> ms = new ArrayList<>();
                        for (String p : members) ms.add(medians.get(p).get(s.id()));
                        fc = combine(ms, method.equals("comb_median"));
                    } else {
                        Forecaster f = ForecastModels.BUILT_IN.create(method);
                        fc = f.forecast(s.train(), s.frequency(), s.horizon(), new double[0]).median();
                    }
                    cpu.addAndGet(mx.getCurrentThreadCpuTime() - c0);
                    own.put(s.id(), fc);
                    score.add(s, fc);
                }));
            }
            for (Future<?> j : jobs) j.get();
            double wall = (System.nanoTime() - t0) / 1e9;
            double cpuS = cpu.get() / 1e9;
            if (members != null) { // charge the members' time: the combination costs their fits
                for (String p : members) cpuS += times.get("sextant " + p)[1];
                wall = Double.NaN;
            }
            scores.put("sextant " + method, score);
            times.put("sextant " + method, new double[] {wall, cpuS});
            System.out.printf(Locale.ROOT, "  %-22s done in %.1f s wall, %.1f s cpu%n", method, wall, cpu.get() / 1e9);
        }
        pool.shutdown();

        if (runR) RBaseline.run(dir, series, every, rArima, scores, times);
        if (rows != null) rows.score(series, scores, times);
        speed(times);

        print(scores, times, readOriginals(dir.resolve("m3_original_submissions_accuracy.csv")));
    }

    /** Members of the combinations, for --reuse (the harness must list members before the combination). */
    static final Map<String, List<String>> COMBINATIONS = Map.of(
            "comb_et", List.of("ets", "theta"),
            "comb_mean", List.of("ets", "arima", "theta"),
            "comb_median", List.of("ets", "arima", "theta"),
            "comb_eao", List.of("ets", "arima", "otm"));

    static double[] combine(List<double[]> paths, boolean median) {
        int h = paths.get(0).length;
        double[] out = new double[h];
        double[] col = new double[paths.size()];
        for (int i = 0; i < h; i++) {
            for (int j = 0; j < col.length; j++) col[j] = paths.get(j)[i];
            java.util.Arrays.sort(col);
            double sum = 0;
            for (double v : col) sum += v;
            int k = col.length;
            out[i] = median ? (k % 2 == 1 ? col[k / 2] : (col[k / 2 - 1] + col[k / 2]) / 2) : sum / k;
        }
        return out;
    }

    /** Sextant ETS + Theta + ARIMA against R's ets + thetaf + auto.arima, CPU seconds, when both were run. */
    static void speed(Map<String, double[]> times) {
        String[] ours = {"sextant ets", "sextant theta", "sextant arima"};
        double o = 0, r = 0;
        for (String k : ours) {
            if (!times.containsKey(k)) return;
            o += times.get(k)[1];
        }
        int found = 0;
        for (Map.Entry<String, double[]> e : times.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("R ") && (k.endsWith(" ets") || k.endsWith(" thetaf") || k.endsWith(" auto.arima"))) {
                r += e.getValue()[1];
                found++;
            }
        }
        if (found < 3) return;
        System.out.printf(Locale.ROOT, "%nSpeed: sextant ets+theta+arima %.1f cpu s, R ets+thetaf+auto.arima %.1f cpu s: %.1fx faster%n", o, r, r / o);
    }

    static Map<String, Map<String, double[]>> readOriginals(Path csv) throws IOException {
        Map<String, Map<String, double[]>> out = new LinkedHashMap<>();
        try (BufferedReader r = Files.newBufferedReader(csv)) {
            r.readLine();
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.replace("\"", "").split(",");
                out.computeIfAbsent(f[0], k -> new HashMap<>()).put(f[1], new double[] {num(f[3]), num(f[4])});
            }
        }
        return out;
    }

    private static double num(String s) { return s.equals("NA") ? Double.NaN : Double.parseDouble(s); }

    static void print(Map<String, M3Score> scores, Map<String, double[]> times, Map<String, Map<String, double[]>> originals) {
        for (int metric = 0; metric < 2; metric++) {
            System.out.println();
            System.out.println(metric == 0 ? "sMAPE (lower is better)" : "MASE (lower is better)");
            System.out.printf(Locale.ROOT, "| %-26s |", "method");
            for (String c : M3Score.CATEGORIES) System.out.printf(Locale.ROOT, " %9s |", c);
            if (metric == 0) System.out.printf(Locale.ROOT, " %9s | %9s |", "wall s", "cpu s");
            System.out.println();
            System.out.print("|" + "-".repeat(28) + "|");
            for (int i = 0; i < M3Score.CATEGORIES.size() + (metric == 0 ? 2 : 0); i++) System.out.print("-----------|");
            System.out.println();
            for (Map.Entry<String, M3Score> e : scores.entrySet()) {
                System.out.printf(Locale.ROOT, "| %-26s |", e.getKey());
                for (String c : M3Score.CATEGORIES) {
                    System.out.printf(Locale.ROOT, " %9.3f |", metric == 0 ? e.getValue().smape(c) : e.getValue().mase(c));
                }
                if (metric == 0) {
                    double[] t = times.get(e.getKey());
                    System.out.printf(Locale.ROOT, " %9s | %9.1f |", Double.isNaN(t[0]) ? "-" : String.format(Locale.ROOT, "%.1f", t[0]), t[1]);
                }
                System.out.println();
            }
            for (String m : ORIGINALS) {
                Map<String, double[]> o = originals.get(m);
                if (o == null) continue;
                System.out.printf(Locale.ROOT, "| %-26s |", "M3 original: " + m);
                for (String c : M3Score.CATEGORIES) System.out.printf(Locale.ROOT, " %9.3f |", o.get(c)[metric]);
                if (metric == 0) System.out.printf(Locale.ROOT, " %9s | %9s |", "", "");
                System.out.println();
            }
        }
    }
}
