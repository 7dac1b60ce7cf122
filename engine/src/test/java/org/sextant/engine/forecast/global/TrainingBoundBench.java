package org.sextant.engine.forecast.global;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.sextant.engine.jobs.JobContext;

/**
 * What training the global model of prices holds as the store grows (docs/benchmarks.md "Global
 * model training: memory bound"): synthetic stores of SYMBOLS random walks of DAYS closes
 * ({@link SyntheticStore}, which makes only the parts asked for), trained with the workstation's
 * configuration at horizon 20 (fewer steps: what is held does not depend on them), with no cap
 * (the baseline, as before 2026-12-05) and with {@link TrainingSample#MAX_CLOSES}, in the same run.
 * Live heap: used heap after System.gc() at the first training step, over the heap before the read.
 *
 * <pre>java -Xmx1g ... TrainingBoundBench SYMBOLS:DAYS[,SYMBOLS:DAYS...] [steps]</pre>
 */
public final class TrainingBoundBench {
    public static void main(String[] args) throws Exception {
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, max heap %d MB, %d steps%n", Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().maxMemory() >> 20, steps);
        System.out.println("| symbols × days | training | closes held | windows drawn from | of windows | live heap MB | ms |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|");
        for (String size : args[0].split(",")) {
            int symbols = Integer.parseInt(size.split(":")[0]), days = Integer.parseInt(size.split(":")[1]);
            run(symbols, days, steps, Long.MAX_VALUE, "baseline: every close, no cap");
            run(symbols, days, steps, TrainingSample.MAX_CLOSES, "capped at 4,000,000 closes");
        }
    }

    private static void run(int symbols, int days, int steps, long cap, String label) throws Exception {
        Path dir = Files.createTempDirectory("training-bound-");
        try {
            SyntheticStore store = new SyntheticStore(symbols, days);
            long before = used();
            long[] live = {-1};
            JobContext probe = new JobContext() {
                @Override public void progress(double fraction, String message) {
                    if (fraction > 0 && live[0] < 0) live[0] = used() - before; // the first step: every part read is held
                }
                @Override public boolean cancelled() { return false; }
            };
            long t0 = System.nanoTime();
            GlobalTraining t = new GlobalPriceModels(dir, store, () -> "fp", h -> GlobalPriceModels.config(h).withSteps(steps), cap).train(20, probe);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            int[] counts = new int[symbols];
            java.util.Arrays.fill(counts, days);
            TrainingSample s = GlobalPriceModels.sample(counts, GlobalPriceModels.config(20), cap); // what the result reports only when it sampled
            if (t.sample() != null && t.sample().windows() != s.windows()) throw new IllegalStateException("result and sample disagree");
            System.out.printf(Locale.ROOT, "| %,d × %,d | %s | %,d | %,d | %,d | %.1f | %d |%n", symbols, days, label, store.closesHandedOver,
                    s.windows(), s.windowsOfAll(), live[0] / 1048576.0, ms);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static long used() {
        for (int i = 0; i < 2; i++) System.gc();
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
