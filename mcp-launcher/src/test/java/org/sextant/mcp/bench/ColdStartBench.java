package org.sextant.mcp.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Harness: how long a client waits from spawning sextant-mcp to the answer of its first
 * tools/list, against two baselines measured in the same run (a bare JVM, and the launcher's
 * own classpath printing --version). Raw JSON-RPC over the pipes, as a client does.
 *
 * Usage (after ./mvnw -pl mcp-launcher package):
 *   java -cp "mcp-launcher/target/test-classes:mcp-launcher/target/sextant-mcp.jar:mcp-launcher/target/lib/*" \
 *        org.sextant.mcp.bench.ColdStartBench [runs]
 */
public final class ColdStartBench {
    static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = "mcp-launcher/target/sextant-mcp.jar:mcp-launcher/target/lib/*";
        Path home = Files.createTempDirectory("sextant-bench");

        List<String[]> rows = new ArrayList<>();
        rows.add(row("baseline: java -version (exit)", runs, () -> exitMillis(java, "-version")));
        rows.add(row("baseline: sextant-mcp --version (exit)", runs,
                () -> exitMillis(java, "-cp", cp, "org.sextant.mcp.SextantMcp", "--version")));
        rows.add(row("sextant-mcp: spawn -> first tools/list answer", runs,
                () -> firstListMillis(java, "-cp", cp, "org.sextant.mcp.SextantMcp", "--home", home.toString())));
        rows.add(row("same, -XX:TieredStopAtLevel=1 -XX:+UseSerialGC", runs,
                () -> firstListMillis(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", cp,
                        "org.sextant.mcp.SextantMcp", "--home", home.toString())));
        // AppCDS (JDK 17: dump at the exit of one training run, then map the archive).
        String jsa = home.resolve("sextant-mcp.jsa").toString();
        firstListMillis(java, "-XX:ArchiveClassesAtExit=" + jsa, "-cp", cp, "org.sextant.mcp.SextantMcp",
                "--home", home.toString());
        rows.add(row("same + AppCDS archive", runs,
                () -> firstListMillis(java, "-XX:SharedArchiveFile=" + jsa, "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC", "-cp", cp, "org.sextant.mcp.SextantMcp", "--home", home.toString())));
        // the same with G1 and its periodic collection (bin/sextant's), which gives an idle launcher's heap back
        String jsaG1 = home.resolve("sextant-mcp-g1.jsa").toString();
        String[] g1 = {"-XX:TieredStopAtLevel=1", "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=15000", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30"};
        firstListMillis(concat(new String[] {java, "-XX:ArchiveClassesAtExit=" + jsaG1}, g1, "-cp", cp, "org.sextant.mcp.SextantMcp", "--home", home.toString()));
        rows.add(row("same + AppCDS archive, G1 in place of SerialGC", runs,
                () -> firstListMillis(concat(new String[] {java, "-XX:SharedArchiveFile=" + jsaG1}, g1, "-cp", cp,
                        "org.sextant.mcp.SextantMcp", "--home", home.toString()))));

        // What clients actually start: the script, with its own AppCDS cache (a fresh one here).
        Path cache = Files.createTempDirectory("sextant-bench-cache");
        String script = Path.of("bin", "sextant-mcp").toAbsolutePath().toString();
        rows.add(row("bin/sextant-mcp, CDS off (SEXTANT_MCP_CDS=0)", runs,
                () -> firstListMillis(Map.of("SEXTANT_MCP_CDS", "0", "XDG_CACHE_HOME", cache.toString()),
                        script, "--home", home.toString())));
        firstListMillis(Map.of("XDG_CACHE_HOME", cache.toString()), script, "--home", home.toString()); // starts the training run
        Path archiveDir = cache.resolve("sextant-mcp");
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline && !hasArchive(archiveDir)) Thread.sleep(200);
        if (!hasArchive(archiveDir)) throw new IllegalStateException("bin/sextant-mcp made no archive in " + archiveDir);
        rows.add(row("bin/sextant-mcp, archive made on first run", runs,
                () -> firstListMillis(Map.of("XDG_CACHE_HOME", cache.toString()), script, "--home", home.toString())));

        System.out.printf("cores=%d, load average=%s, runs=%d%n", Runtime.getRuntime().availableProcessors(),
                Files.readString(Path.of("/proc/loadavg")).split(" ")[0], runs);
        System.out.printf("%-50s %10s %10s %10s %14s%n", "case", "min ms", "median ms", "max ms", "median cpu ms");
        for (String[] r : rows) System.out.printf("%-50s %10s %10s %10s %14s%n", (Object[]) r);
    }

    static final List<Long> CPU = new ArrayList<>();

    private static String[] concat(String[] head, String[] middle, String... tail) {
        List<String> all = new ArrayList<>(Arrays.asList(head));
        all.addAll(Arrays.asList(middle));
        all.addAll(Arrays.asList(tail));
        return all.toArray(String[]::new);
    }

    interface Sample {
        long millis() throws Exception;
    }

    static String[] row(String name, int runs, Sample sample) throws Exception {
        long[] t = new long[runs];
        CPU.clear();
        for (int i = 0; i < runs; i++) t[i] = sample.millis();
        Arrays.sort(t);
        List<Long> cpu = new ArrayList<>(CPU);
        cpu.sort(null);
        String cpuMedian = cpu.isEmpty() ? "-" : String.valueOf(cpu.get(cpu.size() / 2));
        return new String[] {name, String.valueOf(t[0]), String.valueOf(t[runs / 2]), String.valueOf(t[runs - 1]),
                cpuMedian};
    }

    static long exitMillis(String... command) throws Exception {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        p.waitFor();
        return (System.nanoTime() - start) / 1_000_000;
    }

    static boolean hasArchive(Path dir) throws java.io.IOException {
        if (!Files.isDirectory(dir)) return false;
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().matches("sextant-mcp-.*\\.jsa"));
        }
    }

    static long firstListMillis(String... command) throws Exception {
        return firstListMillis(Map.of(), command);
    }

    static long firstListMillis(Map<String, String> env, String... command) throws Exception {
        long start = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write((INIT + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            expect(out.readLine(), "\"id\":1");
            in.write((INITIALIZED + "\n" + LIST + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            expect(out.readLine(), "\"id\":2");
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            // CPU used by the launcher up to its first tools/list answer: less sensitive to a busy machine.
            p.info().totalCpuDuration().ifPresent(cpu -> CPU.add(cpu.toMillis()));
            in.close();
            p.waitFor();
            return elapsed;
        } finally {
            p.destroy();
        }
    }

    static void expect(String line, String id) {
        if (line == null || !line.contains(id) || !line.contains("\"result\"")) {
            throw new IllegalStateException("unexpected answer: " + line);
        }
    }
}
