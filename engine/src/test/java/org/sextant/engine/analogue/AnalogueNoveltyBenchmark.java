package org.sextant.engine.analogue;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What the "no close analogue" check adds to one compare_to_history call: the whole answer (which
 * includes it) beside the check alone, over 10k, 100k and 1M rows x 16 dimensions; first computed
 * on every call (the baseline: no kept references), then the same call repeated with the reference
 * distribution kept ({@link NoveltyReferences}), in the same run on the same dates.
 * Prints a table; docs/benchmarks.md records it with the command. Not a unit test: wall-clock varies.
 */
public final class AnalogueNoveltyBenchmark {
    public static void main(String[] args) {
        int[] sizes = {10_000, 100_000, 1_000_000};
        int[] runs = {50, 20, 10};
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        System.out.println("| rows | dims | searched | reference | path | answer p50 cpu ms | check p50 cpu ms | check share | runs |");
        System.out.println("|---:|---:|---:|---:|---|---:|---:|---:|---:|");
        for (int k = 0; k < sizes.length; k++) {
            DailySignals s = NearestSelectionTest.synthetic(sizes[k], 16, 2026, 0);
            AnalogueMatcher plain = new AnalogueMatcher(s, false, false, 0, new NoveltyReferences(0));
            AnalogueMatcher kept = new AnalogueMatcher(s, false, false, 0, new NoveltyReferences(NoveltyReferences.CAPACITY));
            SplittableRandom rnd = new SplittableRandom(99);
            double[][] answer = new double[2][runs[k]], check = new double[2][runs[k]];
            AnalogueNovelty last = null;
            int searched = 0;
            for (int r = -3; r < runs[k]; r++) { // three warm-up calls
                int row = s.size() - 1 - rnd.nextInt(s.size() / 10);
                Map<String, Object> call = Map.of("as_of", s.date(row).toString(), "horizon", 5, "top_k", 100);
                AnalogueRequest request = AnalogueRequest.parse(call, s.registry());
                kept.match(call); // the first call on this date keeps its reference
                for (int path = 0; path < 2; path++) {
                    AnalogueMatcher m = path == 0 ? plain : kept;
                    long c0 = cpu.getCurrentThreadCpuTime();
                    AnalogueResponse resp = m.match(call);
                    long c1 = cpu.getCurrentThreadCpuTime();
                    AnalogueNovelty alone = m.novelty(request);
                    long c2 = cpu.getCurrentThreadCpuTime();
                    if (!alone.equals(resp.novelty())) throw new IllegalStateException("the check alone differs from the answer's");
                    if (last != null && path == 1 && !alone.equals(last)) throw new IllegalStateException("the kept reference changed the check");
                    last = alone;
                    searched = alone.searchedDays();
                    if (r < 0) continue;
                    answer[path][r] = (c1 - c0) / 1e6;
                    check[path][r] = (c2 - c1) / 1e6;
                }
                last = null;
            }
            for (int path = 0; path < 2; path++) {
                Arrays.sort(answer[path]);
                Arrays.sort(check[path]);
                double a = answer[path][runs[k] / 2], c = check[path][runs[k] / 2];
                System.out.printf(Locale.ROOT, "| %,d | 16 | %,d | %d | %s | %.1f | %.1f | %.0f%% | %d |%n", sizes[k], searched, Novelty.REFERENCE_DAYS,
                        path == 0 ? "baseline: computed every call" : "repeated call, reference kept", a, c, 100 * c / a, runs[k]);
            }
        }
    }
}
