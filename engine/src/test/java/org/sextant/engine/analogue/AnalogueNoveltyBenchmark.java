package org.sextant.engine.analogue;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What the "no close analogue" check adds to one compare_to_history call: the whole answer (which
 * includes it) beside the check alone, in the same run, over 10k, 100k and 1M rows x 16 dimensions.
 * Prints a table; docs/benchmarks.md records it with the command. Not a unit test: wall-clock varies.
 */
public final class AnalogueNoveltyBenchmark {
    public static void main(String[] args) {
        int[] sizes = {10_000, 100_000, 1_000_000};
        int[] runs = {50, 20, 10};
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        System.out.println("| rows | dims | searched | reference | answer p50 cpu ms | check p50 cpu ms | check share | runs |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int k = 0; k < sizes.length; k++) {
            DailySignals s = NearestSelectionTest.synthetic(sizes[k], 16, 2026, 0);
            AnalogueMatcher m = new AnalogueMatcher(s, false, false);
            SplittableRandom rnd = new SplittableRandom(99);
            double[] answer = new double[runs[k]], check = new double[runs[k]];
            AnalogueNovelty last = null;
            for (int r = -3; r < runs[k]; r++) { // three warm-up calls
                int row = s.size() - 1 - rnd.nextInt(s.size() / 10);
                Map<String, Object> call = Map.of("as_of", s.date(row).toString(), "horizon", 5, "top_k", 100);
                long c0 = cpu.getCurrentThreadCpuTime();
                AnalogueResponse resp = m.match(call);
                long c1 = cpu.getCurrentThreadCpuTime();
                last = m.novelty(AnalogueRequest.parse(call, s.registry()));
                long c2 = cpu.getCurrentThreadCpuTime();
                if (!last.equals(resp.novelty())) throw new IllegalStateException("the check alone differs from the answer's");
                if (r < 0) continue;
                answer[r] = (c1 - c0) / 1e6;
                check[r] = (c2 - c1) / 1e6;
            }
            Arrays.sort(answer);
            Arrays.sort(check);
            double a = answer[runs[k] / 2], c = check[runs[k] / 2];
            System.out.printf(Locale.ROOT, "| %,d | 16 | %,d | %d | %.1f | %.1f | %.0f%% | %d |%n", sizes[k], last.searchedDays(), last.referenceDays(),
                    a, c, 100 * c / a, runs[k]);
        }
    }
}
