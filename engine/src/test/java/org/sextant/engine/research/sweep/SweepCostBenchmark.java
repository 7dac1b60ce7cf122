package org.sextant.engine.research.sweep;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import org.sextant.engine.research.stats.Pbo;

/**
 * What PBO's CSCV costs against what {@link SweepCost} prices it at (the estimate must stay at or below it): random
 * block sums of n configurations, 16 blocks, timed in wall and process CPU seconds. Not a unit test: a main
 * (docs/benchmarks.md, "Sweep pricing"). Arguments: the configuration counts, e.g. 7140 50000.
 */
public final class SweepCostBenchmark {
    private SweepCostBenchmark() {}

    public static void main(String[] args) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.println("| configurations | priced s (SweepCost) | wall s | CPU s | CPU ns per configuration-split | wall / priced |");
        System.out.println("|---|---|---|---|---|---|");
        for (String a : args) {
            int n = Integer.parseInt(a);
            Random r = new Random(1);
            double[][] s = new double[n][16], q = new double[n][16];
            int[] count = new int[16];
            Arrays.fill(count, 150);
            for (int c = 0; c < n; c++) for (int b = 0; b < 16; b++) { s[c][b] = r.nextGaussian() * 0.1; q[c][b] = 0.02 + r.nextDouble() * 0.01; }
            Pbo.fromBlockSums(Arrays.copyOf(s, Math.min(n, 2000)), Arrays.copyOf(q, Math.min(n, 2000)), count); // warm up
            long cpu0 = os.getProcessCpuTime(), w0 = System.nanoTime();
            Pbo.fromBlockSums(s, q, count);
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9, wall = (System.nanoTime() - w0) / 1e9;
            double priced = SweepCost.statistics(n, cores);
            System.out.printf("| %,d | %.2f | %.2f | %.2f | %.1f | %.1f |%n", n, priced, wall, cpu, cpu * 1e9 / ((double) n * SweepCost.SPLITS), wall / priced);
        }
    }
}
