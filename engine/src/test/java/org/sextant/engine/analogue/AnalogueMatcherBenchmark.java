package org.sextant.engine.analogue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Latency of one compare_to_history call (selection, thinning, three bootstraps, response) over
 * 10k, 100k and 1M history rows x 16 dimensions, beside the baseline that sorts every candidate,
 * in the same run. Prints a table; docs/benchmarks.md records it with the command.
 * Not a unit test: wall-clock numbers vary by machine.
 */
public final class AnalogueMatcherBenchmark {
    public static void main(String[] args) {
        int[] sizes = {10_000, 100_000, 1_000_000};
        int[] runs = {300, 100, 30};
        int[] only = args.length > 0 ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray() : sizes;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        System.out.println("| rows | dims | top_k | path | p50 ms | p99 ms | p50 cpu ms | p99 cpu ms | runs |");
        System.out.println("|---:|---:|---:|---|---:|---:|---:|---:|---:|");
        for (int k = 0; k < sizes.length; k++) {
            final int size = sizes[k];
            if (Arrays.stream(only).noneMatch(x -> x == size)) continue;
            DailySignals s = NearestSelectionTest.synthetic(sizes[k], 16, 2026, 0);
            AnalogueMatcher heap = new AnalogueMatcher(s, false, false);
            AnalogueMatcher sort = new AnalogueMatcher(s, true);
            SplittableRandom rnd = new SplittableRandom(99);
            List<Map<String, Object>> calls = new ArrayList<>();
            for (int r = 0; r < runs[k]; r++) {
                int row = s.size() - 1 - rnd.nextInt(s.size() / 10);
                calls.add(Map.of("as_of", s.date(row).toString(), "horizon", 5, "top_k", 100));
            }
            // Warm both paths, and check they agree before timing them.
            for (int r = 0; r < Math.min(20, runs[k]); r++) {
                String a = org.sextant.engine.Json.write(heap.match(calls.get(r)));
                String b = org.sextant.engine.Json.write(sort.match(calls.get(r)));
                if (!a.equals(b)) throw new IllegalStateException("heap and full sort disagree on " + calls.get(r));
            }
            for (AnalogueMatcher m : new AnalogueMatcher[]{heap, sort}) {
                double[] ms = new double[runs[k]];
                double[] cpuMs = new double[runs[k]];
                for (int r = 0; r < runs[k]; r++) {
                    long c0 = cpu.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    AnalogueResponse resp = m.match(calls.get(r));
                    ms[r] = (System.nanoTime() - t0) / 1e6;
                    cpuMs[r] = (cpu.getCurrentThreadCpuTime() - c0) / 1e6;
                    if (resp.sampleSize() != 100) throw new IllegalStateException("expected 100 analogues");
                }
                Arrays.sort(ms);
                Arrays.sort(cpuMs);
                System.out.printf(Locale.ROOT, "| %,d | 16 | 100 | %s | %.2f | %.2f | %.2f | %.2f | %d |%n", sizes[k],
                        m == heap ? "bounded heap + early abandon" : "baseline: full sort", pct(ms, 0.50), pct(ms, 0.99),
                        pct(cpuMs, 0.50), pct(cpuMs, 0.99), runs[k]);
            }
        }
    }

    private static double pct(double[] sorted, double p) {
        return WeightedStats.percentile(sorted, p);
    }
}
