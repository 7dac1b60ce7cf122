package org.sextant.engine.jobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * What the job registry holds as an agent runs many jobs with large results (docs/benchmarks.md "Job registry memory"):
 * JOBS jobs one after another, each returning its own result of about KB kilobytes of JSON (a list of texts), through
 * {@link Jobs} as it is. The baseline is what the registry held before 2026-12-05, every job's whole result until the app
 * stopped, kept here by the harness beside the same registry in the same run (so it also counts what the bounded registry
 * holds). Live heap: used heap after System.gc() once every job has ended, over the heap before the first.
 *
 * <pre>java -Xmx2g ... JobRegistryMemoryBench JOBS[,JOBS...] [KB]</pre>
 */
public final class JobRegistryMemoryBench {
    public static void main(String[] args) throws Exception {
        int kb = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, max heap %d MB, results of %d KB%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().maxMemory() >> 20, kb);
        System.out.println("| jobs | registry | jobs held | live heap MB | ms |");
        System.out.println("|---|---|---:|---:|---:|");
        for (String n : args[0].split(",")) {
            run(Integer.parseInt(n), kb, true, "baseline: every job's whole status, as before");
            run(Integer.parseInt(n), kb, false, "bounded: newest 500 ended, 32 MB of whole results");
        }
    }

    /** A result of about {@code kb} KB of JSON, its own texts (no two jobs share them). */
    private static List<String> result(int job, int kb) {
        return IntStream.range(0, kb * 10).mapToObj(i -> String.format(Locale.ROOT, "job %d row %d %s", job, i, "x".repeat(80))).toList();
    }

    private static void run(int n, int kb, boolean baseline, String label) throws Exception {
        Path dir = Files.createTempDirectory("job-registry-");
        List<Object> heldAsBefore = java.util.Collections.synchronizedList(new ArrayList<>()); // the baseline: each job's whole result, as the registry held it before
        try (Jobs jobs = new Jobs(dir)) {
            long before = used();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int job = i;
                String id = jobs.submit("scan", List.of("S" + job), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                    List<String> r = result(job, kb);
                    if (baseline) heldAsBefore.add(r);
                    return r;
                }).id();
                if (jobs.await(id, Duration.ofMinutes(10)).state() != JobState.SUCCEEDED) throw new IllegalStateException(id + " did not succeed");
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            long live = used() - before;
            System.out.printf(Locale.ROOT, "| %,d | %s | %,d | %.1f | %d |%n", n, label, baseline ? n : jobs.held(), live / 1048576.0, ms);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        heldAsBefore.clear();
    }

    private static long used() {
        for (int i = 0; i < 2; i++) System.gc();
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
