package org.sextant.engine.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sextant.engine.testing.ProcessStatus;

/**
 * Whether the app's JVM options give memory back after a burst of requests (docs/benchmarks.md, "Local API: memory
 * after a burst"): the app's server ({@link ApiFloodBench.Serve}) in a JVM of its own per option set, idle 2 s, then 4
 * clients each sending N authorised {@code GET /health} calls on new connections, then left idle; RSS is read idle, at
 * its peak and 10/30/60/120 s after the burst, with the heap's committed size (jcmd GC.heap_info) at the end and the CPU time the idle server used
 * meanwhile (what its periodic collections cost). The burst's
 * rate and a good client's /health latency during it (a call every 20 ms) show what the options cost the common path.
 * Option sets run alternately, each {@code rounds} times, in one run: the first is the baseline. Run: java -cp
 * engine/target/test-classes:engine/target/classes:DEPS org.sextant.engine.api.BurstMemoryReturnBench N ROUNDS
 * "name=OPTIONS" "name=OPTIONS"...
 */
public final class BurstMemoryReturnBench {
    private static final int[] AFTER_SECONDS = {10, 30, 60, 120};

    public static void main(String[] args) throws Exception {
        if (args.length < 3) throw new IllegalArgumentException("usage: N ROUNDS \"name=JVM options\"... (the first set is the baseline)");
        int perClient = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        System.out.printf("cores=%d, load average %.1f (shared machine), 4 clients x %d authorised /health; RSS in MB, latency in ms%n",
                Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), perClient);
        System.out.println("| JVM options | RSS idle | RSS peak | 10 s after | 30 s | 60 s | 120 s | heap committed / used at 120 s | CPU s in the 120 s after | burst requests/s | /health p50 | p99 |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int r = 0; r < rounds; r++) {
            for (int i = 2; i < args.length; i++) {
                int eq = args[i].indexOf('=');
                if (eq < 1) throw new IllegalArgumentException("option set '" + args[i] + "': expected name=JVM options");
                List<String> options = Arrays.stream(args[i].substring(eq + 1).trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
                System.out.println(run(args[i].substring(0, eq), options, perClient));
            }
        }
    }

    private static String run(String name, List<String> options, int perClient) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ApiFloodBench.Serve.class.getName()));
        Process app = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            int port = ApiFloodBench.port(app);
            long pid = app.pid();
            Thread.sleep(2000);
            long idle = ProcessStatus.rssMb(pid);
            AtomicBoolean bursting = new AtomicBoolean(true);
            List<Long> latencies = new ArrayList<>();
            Thread good = ApiFloodBench.goodClient(port, bursting, latencies);
            List<Thread> clients = new ArrayList<>();
            long start = System.nanoTime();
            for (int c = 0; c < 4; c++) {
                Thread t = new Thread(() -> {
                    for (int i = 0; i < perClient; i++) {
                        try {
                            ApiFloodBench.health(port);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
                clients.add(t);
                t.start();
            }
            long peak = idle;
            while (clients.stream().anyMatch(Thread::isAlive)) {
                peak = Math.max(peak, ProcessStatus.rssMb(pid));
                Thread.sleep(50);
            }
            long end = System.nanoTime();
            bursting.set(false);
            good.join();
            double cpuAtEnd = ProcessStatus.cpuSeconds(pid);
            StringBuilder after = new StringBuilder();
            for (int s : AFTER_SECONDS) {
                Thread.sleep(Math.max(0, end + s * 1_000_000_000L - System.nanoTime()) / 1_000_000);
                after.append(" | ").append(ProcessStatus.rssMb(pid));
            }
            double idleCpu = ProcessStatus.cpuSeconds(pid) - cpuAtEnd;
            long[] ms = latencies.stream().mapToLong(n -> n / 1_000).sorted().toArray();
            return String.format("| %s | %d | %d%s | %s | %.2f | %.0f | %.1f | %.1f |", name, idle, peak, after, heap(pid), idleCpu,
                    4.0 * perClient / ((end - start) / 1e9), ms[ms.length / 2] / 1e3, ms[(int) (ms.length * 0.99)] / 1e3);
        } finally {
            app.destroy();
            app.waitFor();
        }
    }

    /** Committed / used heap in MB from jcmd GC.heap_info's first line ("garbage-first heap total 123456K, used 7890K"). */
    private static String heap(long pid) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), "GC.heap_info")
                .redirectErrorStream(true).start();
        String text = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("total (\\d+)K, used (\\d+)K").matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) / 1024 + " / " + Long.parseLong(m.group(2)) / 1024 : "?";
    }

    private BurstMemoryReturnBench() { }
}
