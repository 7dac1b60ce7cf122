package org.sextant.mcp.app;

/**
 * docs/benchmarks.md, "sextant-mcp: large app answers at once": N sessions' run_select answers of 5,000 x 1,000 one-character
 * cells read at once by a launcher JVM with the shipped heap (-Xmx1g), as before launcher 0.13.0 (unbounded, parsed to a tree)
 * and now (bounded, compact rows), in the same run. Run: java -cp mcp-launcher/target/test-classes:mcp-launcher/target/classes:DEPS
 * org.sextant.mcp.app.ConcurrentLargeAnswersBench [answers ...]
 */
public final class ConcurrentLargeAnswersBench {
    public static void main(String[] args) throws Exception {
        System.out.printf("cores=%d, load average %.1f (shared machine)%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.println("| read | answers at once | answered | refused | out of memory | most heap in use (MB) | seconds |");
        System.out.println("|---|---|---|---|---|---|---|");
        int[] counts = args.length == 0 ? new int[] {4, 8} : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        for (int n : counts) {
            for (String mode : new String[] {"unbounded", "bounded"}) {
                String line = ConcurrentLargeAnswers.inJvm("-Xmx1g", mode, n, 5000, 1000);
                java.util.Map<String, String> f = new java.util.HashMap<>();
                for (String kv : line.split(" ")) f.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
                System.out.printf("| %s | %d | %s | %s | %s | %s | %s |%n", mode.equals("bounded") ? "bounded (0.13.0)" : "unbounded (before)",
                        n, f.get("answered"), f.get("refused"), f.get("failed"), f.get("peak_heap_mb"), f.get("seconds"));
            }
        }
    }
}
