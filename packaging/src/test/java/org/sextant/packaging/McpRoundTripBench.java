package org.sextant.packaging;

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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Harness: round trips of read tools through sextant-mcp and the headless app, against a
 * baseline measured in the same run: the same local API call made directly over HTTP to the app
 * (no launcher, no MCP). Concurrency is real clients: N launcher processes (bin/sextant-mcp),
 * one MCP session each, as N editors would start them; the baseline uses N threads with their
 * own HTTP connection each. Each client makes its calls back to back after a warm-up; the
 * clients of a row all measure at the same time. Beside the latencies it prints the CPU time the
 * app and the client processes spent per call (from /proc, Linux).
 *
 * Before the rows, the app answers each call {@code sextant.bench.appWarmup} times (default
 * 2000; 0 measures a freshly started app), as an app that has been running would.
 * {@code sextant.bench.clients} lists the client counts (default "1,16"), {@code sextant.bench.tools}
 * the calls (default all of {@link #CALLS}).
 *
 * Before/after: {@code -Dsextant.bench.baselineRepo=DIR} names another built tree (its bin/sextant
 * and bin/sextant-mcp, e.g. an export of an older commit). Its app runs beside this tree's, each on
 * its own home, and every row is measured on both, back to back, in the same run;
 * {@code -Dsextant.bench.baselineFirst=true} measures the other tree first in each pair (alternate
 * runs to see order effects).
 *
 * Usage (from the repository root, after the packaging ITs compiled it; see docs/benchmarks.md):
 *   java -Dsextant.repo=. -cp "packaging/target/test-classes:mcp-launcher/target/lib/*" \
 *        org.sextant.packaging.McpRoundTripBench [calls per client, default 200]
 */
public final class McpRoundTripBench {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Linux USER_HZ: /proc reports CPU time in these ticks. */
    private static final long CLOCK_TICKS = 100;
    static final Map<String, Map<String, Object>> CALLS = new java.util.LinkedHashMap<>();

    static {
        CALLS.put("get_close_price", Map.of("symbol", "AA", "start", "2000-12-29", "end", "2000-12-29"));
        CALLS.put("run_select", Map.of("sql", "SELECT symbol, close FROM prices WHERE symbol='AA' ORDER BY date DESC LIMIT 5"));
        CALLS.put("compare_to_history", Map.of("horizon", 5, "top_k", 20));
    }

    /** One built tree under test: its running app and the launcher script its clients start. */
    record Build(String label, Path repo, Path home, HeadlessApp app, JsonNode discovery) implements AutoCloseable {
        static Build start(String label, Path repo) throws Exception {
            Path home = Files.createTempDirectory("sextant-rtt-bench");
            HeadlessApp app = HeadlessApp.start(home, repo.resolve("bin/sextant"));
            return new Build(label, repo, home, app, JSON.readTree(Files.readString(home.resolve("run/app.json"))));
        }

        Path launcher() {
            return repo.resolve("bin/sextant-mcp");
        }

        @Override
        public void close() throws Exception {
            app.close();
        }
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int warmup = Math.max(20, calls / 5);
        int appWarmup = Integer.getInteger("sextant.bench.appWarmup", 2000);
        int[] clientCounts = Arrays.stream(System.getProperty("sextant.bench.clients", "1,16").split(","))
                .mapToInt(x -> Integer.parseInt(x.trim())).toArray();
        List<String> tools = Arrays.stream(System.getProperty("sextant.bench.tools", String.join(",", CALLS.keySet())).split(","))
                .map(String::trim).toList();
        for (String t : tools) if (!CALLS.containsKey(t)) throw new IllegalArgumentException("sextant.bench.tools: unknown call " + t + "; known: " + CALLS.keySet());
        String baselineRepo = System.getProperty("sextant.bench.baselineRepo");
        List<Build> builds = new ArrayList<>();
        try {
            builds.add(Build.start(baselineRepo == null ? "this tree" : "after", Repo.root()));
            if (baselineRepo != null) {
                Build before = Build.start("before", Path.of(baselineRepo).toAbsolutePath().normalize());
                if (Boolean.getBoolean("sextant.bench.baselineFirst")) builds.add(0, before); else builds.add(before);
            }
            // The app of a working session has been up for a while: its JIT has compiled the
            // call path. A fresh app runs its first hundreds of calls partly interpreted, which
            // would be measured as the first rows' latency; so each call is made appWarmup times
            // first. Launchers stay fresh per row (their warm-up is the per-client one).
            for (Build b : builds) {
                for (String tool : tools) {
                    try (HttpCaller warm = new HttpCaller(b.discovery(), tool, CALLS.get(tool))) {
                        for (int i = 0; i < appWarmup; i++) warm.call();
                    }
                }
            }
            // With a baseline build, each row is measured in `rounds` parts that alternate between the
            // builds (before, after, after, before, ...), so a load that comes and goes on a shared
            // machine falls on both sides alike; the parts' latencies are pooled.
            int rounds = builds.size() > 1 ? Integer.getInteger("sextant.bench.rounds", 1) : 1;
            List<String[]> rows = new ArrayList<>();
            for (String tool : tools) {
                Map<String, Object> callArgs = CALLS.get(tool);
                for (int clients : clientCounts) {
                    for (String path : List.of("baseline: HTTP to the app", "sextant-mcp (stdio) + app")) {
                        Map<Build, Result> pooled = new java.util.LinkedHashMap<>();
                        for (Build b : builds) pooled.put(b, null);
                        for (int round = 0; round < rounds; round++) {
                            List<Build> order = new ArrayList<>(builds);
                            if (round % 2 == 1) java.util.Collections.reverse(order);
                            for (Build b : order) {
                                Callable<Caller> caller = path.startsWith("baseline")
                                        ? () -> new HttpCaller(b.discovery(), tool, callArgs)
                                        : () -> new McpCaller(b.launcher(), b.home(), tool, callArgs);
                                pooled.merge(b, run(b.app().pid(), clients, caller, warmup, Math.max(1, calls / rounds)), Result::plus);
                            }
                        }
                        pooled.forEach((b, r) -> rows.add(row(b.label(), path, tool, clients, r)));
                    }
                }
            }
            rows.sort(java.util.Comparator.comparing((String[] r) -> r[2]).thenComparing(r -> Integer.parseInt(r[3])).thenComparing(r -> r[0]));
            System.out.printf("cores=%d, load average=%s, calls per client=%d (after %d warm-up) in %d round(s) alternating the builds, app warmed with %d calls per tool, N clients = N launcher processes%n",
                    Runtime.getRuntime().availableProcessors(), Files.readString(Path.of("/proc/loadavg")).split(" ")[0], calls, warmup, rounds, appWarmup);
            for (Build b : builds) System.out.println("build " + b.label() + ": " + b.repo());
            System.out.println("cpu ms/call: CPU time of the app process, and of the client processes (the launchers; this JVM"
                    + " for the baseline), over the measured calls, divided by their number");
            String format = "%-10s %-28s %-20s %8s %8s %9s %9s %9s %13s %16s%n";
            System.out.printf(format, "build", "path", "tool", "clients", "calls", "p50 ms", "p99 ms", "max ms", "app cpu ms", "client cpu ms");
            for (String[] r : rows) System.out.printf(format, (Object[]) r);
        } finally {
            for (Build b : builds) b.close();
        }
    }

    interface Caller extends AutoCloseable {
        /** One round trip; throws when the answer is not ok. */
        void call() throws Exception;

        /** The process that makes the call on the client side (a launcher, or this JVM for the baseline). */
        long pid();
    }

    /** Sorted latencies of all clients, and the CPU the app and the client processes spent per call meanwhile. */
    record Result(long[] sorted, double appCpuMs, double clientCpuMs) {
        /** Two parts of one row pooled: all latencies, CPU per call weighted by the parts' calls. */
        Result plus(Result o) {
            long[] all = Arrays.copyOf(sorted, sorted.length + o.sorted.length);
            System.arraycopy(o.sorted, 0, all, sorted.length, o.sorted.length);
            Arrays.sort(all);
            double n = sorted.length, m = o.sorted.length;
            return new Result(all, (appCpuMs * n + o.appCpuMs * m) / (n + m), (clientCpuMs * n + o.clientCpuMs * m) / (n + m));
        }
    }

    static Result run(long appPid, int clients, Callable<Caller> factory, int warmup, int calls) throws Exception {
        List<Caller> callers = new ArrayList<>();
        for (int i = 0; i < clients; i++) callers.add(factory.call());
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            for (Caller c : callers) c.call(); // sessions up before the clock starts
            java.util.concurrent.CyclicBarrier warm = new java.util.concurrent.CyclicBarrier(clients + 1);
            java.util.concurrent.CyclicBarrier done = new java.util.concurrent.CyclicBarrier(clients + 1);
            List<Future<long[]>> futures = new ArrayList<>();
            for (Caller c : callers) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < warmup; i++) c.call();
                    warm.await(); // every client measures at the same time, after every warm-up
                    long[] t = new long[calls];
                    for (int i = 0; i < calls; i++) {
                        long start = System.nanoTime();
                        c.call();
                        t[i] = System.nanoTime() - start;
                    }
                    done.await();
                    return t;
                }));
            }
            java.util.Set<Long> clientPids = new java.util.TreeSet<>();
            for (Caller c : callers) clientPids.add(c.pid());
            warm.await();
            long app0 = cpuTicks(appPid);
            long client0 = 0;
            for (long pid : clientPids) client0 += cpuTicks(pid);
            done.await();
            long app1 = cpuTicks(appPid);
            long client1 = 0;
            for (long pid : clientPids) client1 += cpuTicks(pid);
            long[] all = new long[0];
            for (Future<long[]> f : futures) {
                long[] t = f.get();
                int n = all.length;
                all = Arrays.copyOf(all, n + t.length);
                System.arraycopy(t, 0, all, n, t.length);
            }
            Arrays.sort(all);
            return new Result(all, ticksToMs(app1 - app0) / all.length, ticksToMs(client1 - client0) / all.length);
        } finally {
            pool.shutdownNow();
            for (Caller c : callers) c.close();
        }
    }

    /** utime + stime of a process from /proc (Linux), in clock ticks. */
    static long cpuTicks(long pid) throws java.io.IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    static double ticksToMs(long ticks) {
        return ticks * 1000.0 / CLOCK_TICKS;
    }

    static String[] row(String build, String path, String tool, int clients, Result r) {
        long[] sorted = r.sorted();
        return new String[] {build, path, tool, String.valueOf(clients), String.valueOf(sorted.length),
                ms(sorted[sorted.length / 2]), ms(sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]),
                ms(sorted[sorted.length - 1]), cpu(r.appCpuMs()), cpu(r.clientCpuMs())};
    }

    static String cpu(double ms) {
        return String.format(java.util.Locale.ROOT, "%.2f", ms);
    }

    static String ms(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.2f", nanos / 1e6);
    }

    /**
     * The local API call as the launcher makes it (token, loopback, JSON body; one blocking
     * exchange on a kept-alive connection), with nothing else around it: the app's own answer.
     */
    static final class HttpCaller implements Caller {
        private final byte[] request;
        private final java.net.Socket socket;
        private final java.io.DataInputStream in;
        private final OutputStream out;

        HttpCaller(JsonNode discovery, String method, Map<String, Object> args) throws Exception {
            int port = discovery.path("port").asInt();
            byte[] body = JSON.writeValueAsBytes(args);
            String head = "POST /api/v1/" + method + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nAuthorization: Bearer " + discovery.path("token").asString()
                    + "\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n";
            byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
            request = Arrays.copyOf(h, h.length + body.length);
            System.arraycopy(body, 0, request, h.length, body.length);
            socket = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port);
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(60_000);
            in = new java.io.DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
            out = socket.getOutputStream();
        }

        @Override
        public void call() throws Exception {
            out.write(request);
            out.flush();
            String status = line();
            int length = -1;
            for (String l = line(); !l.isEmpty(); l = line()) {
                if (l.regionMatches(true, 0, "Content-Length:", 0, 15)) length = Integer.parseInt(l.substring(15).trim());
            }
            if (length < 0) throw new IllegalStateException("no Content-Length in the app's answer");
            byte[] body = new byte[length];
            in.readFully(body);
            if (!status.startsWith("HTTP/1.1 200")) {
                throw new IllegalStateException("app answered " + status + ": " + new String(body, StandardCharsets.UTF_8));
            }
        }

        private String line() throws java.io.IOException {
            StringBuilder b = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) throw new java.io.EOFException("the app closed the connection");
                if (c != '\r') b.append((char) c);
            }
            return b.toString();
        }

        @Override
        public long pid() {
            return ProcessHandle.current().pid();
        }

        @Override
        public void close() throws Exception {
            socket.close();
        }
    }

    /** One sextant-mcp process and its MCP session, driven with raw JSON-RPC lines as a client does. */
    static final class McpCaller implements Caller {
        private final Process process;
        private final OutputStream in;
        private final BufferedReader out;
        private final String tool;
        private final String arguments;
        private int id = 1;

        McpCaller(Path launcher, Path home, String tool, Map<String, Object> args) throws Exception {
            ProcessBuilder pb = new ProcessBuilder(launcher.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("SEXTANT_HOME", home.toString());
            process = pb.start();
            in = process.getOutputStream();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.tool = tool;
            this.arguments = JSON.writeValueAsString(args);
            send("{\"jsonrpc\":\"2.0\",\"id\":" + id++ + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"rtt-bench\",\"version\":\"1\"}}}");
            expectResult();
            send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        }

        private void send(String line) throws Exception {
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        private JsonNode expectResult() throws Exception {
            String line = out.readLine();
            if (line == null) throw new IllegalStateException("sextant-mcp exited");
            JsonNode n = JSON.readTree(line);
            if (!n.has("result")) throw new IllegalStateException("not a result: " + line);
            return n.get("result");
        }

        @Override
        public void call() throws Exception {
            send("{\"jsonrpc\":\"2.0\",\"id\":" + id++ + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                    + "\",\"arguments\":" + arguments + "}}");
            JsonNode r = expectResult();
            if (!r.path("structuredContent").path("ok").asBoolean()) throw new IllegalStateException("tool failed: " + r);
        }

        @Override
        public long pid() {
            return process.pid(); // bin/sextant-mcp execs java
        }

        @Override
        public void close() throws Exception {
            in.close();
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly();
        }
    }
}
