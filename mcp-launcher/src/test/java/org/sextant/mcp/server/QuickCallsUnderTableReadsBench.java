package org.sextant.mcp.server;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.ProcessStatus;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.tables.SessionTables;
import org.sextant.mcp.tables.TableStore;

/**
 * Quick calls while other sessions read big tables (docs/benchmarks.md, "sextant-mcp over HTTP: quick calls while
 * sessions read tables"; attack 35, F6): the launcher's --http server in a JVM of its own with bin/sextant-mcp's flags, one
 * session calling health_check, list_jobs and cancel_job one after another, alone (the baseline) and then while
 * {@link #READERS} other sessions each read the pages of a ~30 MB table of their own over and over. Latency of each quick
 * call as the client sees it (p50, p99, max) and the table pages the readers got; first with every page written at once
 * (as before), then in turns ({@link SessionTables#READS_AT_ONCE}). Then what the burst leaves: RSS once the readers'
 * sessions ended, and the launcher's CPU while idle. Other JVM options for the launcher may be given as arguments (added last). Run: java -cp mcp-launcher/target/test-classes:mcp-launcher/target/classes:DEPS
 * org.sextant.mcp.server.QuickCallsUnderTableReadsBench
 */
public final class QuickCallsUnderTableReadsBench {
    static final int READERS = 4;
    static final long TABLE_BYTES = 30L * 1024 * 1024;
    static final int QUICK_CALLS = 150;
    /** The quick calls beside the readers go on this long at least, so the pages read compare across runs. */
    static final int BUSY_SECONDS = 30;
    private static final String[] QUICK = {"health_check", "list_jobs", "cancel_job"};

    public static void main(String[] args) throws Exception {
        System.out.printf("cores=%d, load average %.1f (shared machine); latency in ms%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Path appHome = Files.createTempDirectory("sextant-table-reads-bench-app");
        List<String> memory = new ArrayList<>();
        try (Sextant engine = Sextant.open(new SextantHome(appHome))) {
            System.out.println("| table pages written at once | quick calls (" + QUICK_CALLS + " at least, one at a time; beside the readers for " + BUSY_SECONDS + " s at least) | p50 | p99 | max | seconds taken | table pages read | MB read | launcher CPU s |");
            System.out.println("|---|---|---|---|---|---|---|---|---|");
            // as before: every read written at once; then in turns, as shipped
            for (int readsAtOnce : new int[] {Integer.MAX_VALUE, SessionTables.READS_AT_ONCE}) memory.add(run(engine, readsAtOnce, args));
        }
        System.out.println();
        System.out.println("| launcher JVM, pages written at once | RSS before the tables (MB) | after the reads | 30 s after the sessions ended | 60 s after | CPU s in those 60 s |");
        System.out.println("|---|---|---|---|---|---|");
        memory.forEach(System.out::println);
    }

    /** One launcher with bin/sextant-mcp's flags and {@code extra} options: its latency rows printed, its memory row returned. */
    private static String run(Sextant engine, int readsAtOnce, String[] extra) throws Exception {
        Path home = Files.createTempDirectory("sextant-table-reads-bench");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.05", "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=15000", "-Xmx1g", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30"));
        command.addAll(Arrays.asList(extra));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Launcher.class.getName(), home.toString(), String.valueOf(readsAtOnce)));
        String turns = readsAtOnce == Integer.MAX_VALUE ? "all (before)" : String.valueOf(readsAtOnce);
        try (TappedApp app = TappedApp.start(engine, home)) {
            Process launcher = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
                PrintStream in = new PrintStream(launcher.getOutputStream(), true, StandardCharsets.UTF_8);
                int port = Integer.parseInt(out.readLine().trim());
                String quick = HttpSessions.open(port);
                long rssBefore = ProcessStatus.rssMb(launcher.pid());
                List<String[]> readers = new ArrayList<>(); // session, first page's URI, pages
                for (int r = 0; r < READERS; r++) {
                    String session = HttpSessions.open(port);
                    in.println(session); // the launcher stores a table in it
                    String[] stored = out.readLine().trim().split(" ");
                    readers.add(new String[] {session, stored[0], stored[1]});
                }
                quickCalls(port, quick, 30, 0); // warm-up, not measured
                double cpu = ProcessStatus.cpuSeconds(launcher.pid());
                long start = System.nanoTime();
                long[] alone = quickCalls(port, quick, QUICK_CALLS, 0);
                System.out.println(row(turns, "alone (baseline)", alone, System.nanoTime() - start, 0, 0, ProcessStatus.cpuSeconds(launcher.pid()) - cpu));
                AtomicBoolean reading = new AtomicBoolean(true);
                AtomicLong pages = new AtomicLong(), bytes = new AtomicLong();
                List<Thread> threads = new ArrayList<>();
                for (String[] r : readers) {
                    Thread t = new Thread(() -> readPages(port, r[0], r[1], Integer.parseInt(r[2]), reading, pages, bytes));
                    t.start();
                    threads.add(t);
                }
                Thread.sleep(3000); // the readers under way
                cpu = ProcessStatus.cpuSeconds(launcher.pid());
                long pagesBefore = pages.get(), bytesBefore = bytes.get();
                start = System.nanoTime();
                long[] busy = quickCalls(port, quick, QUICK_CALLS, BUSY_SECONDS); // the readers' throughput over a like time
                long taken = System.nanoTime() - start;
                double cpuBusy = ProcessStatus.cpuSeconds(launcher.pid()) - cpu;
                long pagesRead = pages.get() - pagesBefore, mbRead = (bytes.get() - bytesBefore) >> 20;
                reading.set(false);
                for (Thread t : threads) t.join();
                System.out.println(row(turns, "while " + READERS + " sessions read 30 MB tables", busy, taken, pagesRead, mbRead, cpuBusy));
                // what the burst leaves: the readers' sessions ended (their tables dropped), then the launcher idle
                long rssReading = ProcessStatus.rssMb(launcher.pid());
                for (String[] r : readers) delete(port, r[0]);
                cpu = ProcessStatus.cpuSeconds(launcher.pid());
                Thread.sleep(30_000);
                long rss30 = ProcessStatus.rssMb(launcher.pid());
                Thread.sleep(30_000);
                return String.format("| %s, %s | %d | %d | %d | %d | %.2f |", extra.length == 0 ? "as bin/sextant-mcp starts it" : "the same with " + String.join(" ", extra),
                        turns, rssBefore, rssReading, rss30, ProcessStatus.rssMb(launcher.pid()), ProcessStatus.cpuSeconds(launcher.pid()) - cpu);
            } finally {
                launcher.destroy();
                launcher.waitFor();
            }
        }
    }

    /** Quick calls one after another, {@code count} at least and for {@code seconds} at least: their latencies, sorted. */
    private static long[] quickCalls(int port, String session, int count, int seconds) {
        List<Long> millis = new ArrayList<>();
        long until = System.nanoTime() + seconds * 1_000_000_000L;
        for (int i = 0; i < count || System.nanoTime() < until; i++) {
            String tool = QUICK[i % QUICK.length];
            String body = tool.equals("cancel_job")
                    ? "{\"jsonrpc\":\"2.0\",\"id\":" + (i + 1) + ",\"method\":\"tools/call\",\"params\":{\"name\":\"cancel_job\",\"arguments\":{\"job_id\":\"none\"}}}"
                    : HttpSessions.call(i + 1, tool);
            long start = System.nanoTime();
            String answer = HttpSessions.post(port, session, body);
            millis.add((System.nanoTime() - start) / 1_000_000);
            if (!answer.startsWith("HTTP/1.1 200")) throw new IllegalStateException(tool + " answered " + answer.lines().findFirst().orElse(""));
        }
        return millis.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /** The client ends the session (DELETE): the launcher drops its tables. */
    private static void delete(int port, String session) throws java.io.IOException {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            s.getOutputStream().write(("DELETE " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                    + HttpSessions.TOKEN + "\r\nMcp-Session-Id: " + session + "\r\nMcp-Protocol-Version: 2025-06-18\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            s.getInputStream().readAllBytes();
        }
    }

    private static void readPages(int port, String session, String uri, int pageCount, AtomicBoolean reading, AtomicLong pages, AtomicLong bytes) {
        for (int i = 0; reading.get(); i++) {
            int page = i % pageCount + 1;
            String pageUri = page == 1 ? uri : uri + "/page/" + page;
            String answer = HttpSessions.post(port, session,
                    "{\"jsonrpc\":\"2.0\",\"id\":" + (i + 1) + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + pageUri + "\"}}");
            if (!answer.startsWith("HTTP/1.1 200") || !answer.contains("row_count")) {
                throw new IllegalStateException("page " + pageUri + ": " + answer.substring(0, Math.min(300, answer.length())));
            }
            pages.incrementAndGet();
            bytes.addAndGet(answer.length());
        }
    }

    private static String row(String turns, String what, long[] sorted, long nanos, long pages, long mb, double cpu) {
        return String.format("| %s | %s | %d | %d | %d | %.1f | %d | %d | %.1f |", turns, what, sorted[sorted.length / 2],
                sorted[(int) Math.ceil(sorted.length * 0.99) - 1], sorted[sorted.length - 1], nanos / 1e9, pages, mb, cpu);
    }

    /**
     * The launcher's --http server over {@code args[0]}'s app, in its own JVM: prints its port; then for each session id read
     * from stdin stores a ~30 MB table of bars in that session and prints its URI and pages. Serves until killed.
     */
    public static final class Launcher {
        public static void main(String[] args) throws Exception {
            org.sextant.mcp.tools.ToolContext context = HttpSessions.context(Path.of(args[0]), java.time.Duration.ofSeconds(30),
                    new SessionTables(TableStore::withDefaults, SessionTables.LAUNCHER_BYTES, Integer.parseInt(args[1])));
            try (HttpMcpServer server = HttpSessions.start(context, new org.sextant.mcp.tools.ToolDispatcher(context))) {
                System.out.println(server.port());
                System.out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String session; (session = in.readLine()) != null; ) {
                    TableStore.Table t = context.sessionTables().of(session.trim()).put("bench", List.of("date", "open", "high", "low", "close", "volume"), bars());
                    System.out.println(t.uri() + " " + t.pages());
                    System.out.flush();
                }
                server.join();
            }
        }

        /** Daily bars whose rows take about {@link #TABLE_BYTES} of JSON. */
        private static List<List<Object>> bars() {
            List<List<Object>> rows = new ArrayList<>();
            java.util.Random random = new java.util.Random(7);
            java.time.LocalDate day = java.time.LocalDate.of(1900, 1, 1);
            double close = 100;
            for (long bytes = 0; bytes < TABLE_BYTES; day = day.plusDays(1)) {
                double open = close, high = open * (1 + random.nextDouble() / 50), low = open * (1 - random.nextDouble() / 50);
                close = low + (high - low) * random.nextDouble();
                List<Object> row = List.of(day.toString(), open, high, low, close, random.nextInt(50_000_000));
                rows.add(row);
                bytes += org.sextant.mcp.envelope.Json.write(row).length() + 1;
            }
            return rows;
        }
    }

    private QuickCallsUnderTableReadsBench() { }
}
