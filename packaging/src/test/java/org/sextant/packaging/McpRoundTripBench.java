package org.sextant.packaging;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * own HTTP connection each. Each client makes its calls back to back after a warm-up.
 *
 * Usage (from the repository root, after the packaging ITs compiled it; see docs/benchmarks.md):
 *   java -Dsextant.repo=. -cp "packaging/target/test-classes:mcp-launcher/target/lib/*" \
 *        org.sextant.packaging.McpRoundTripBench [calls per client, default 200]
 */
public final class McpRoundTripBench {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    static final Map<String, Map<String, Object>> CALLS = new java.util.LinkedHashMap<>();

    static {
        CALLS.put("get_close_price", Map.of("symbol", "AA", "start", "2000-12-29", "end", "2000-12-29"));
        CALLS.put("compare_to_history", Map.of("horizon", 5, "top_k", 20));
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int warmup = Math.max(20, calls / 5);
        Path home = Files.createTempDirectory("sextant-rtt-bench");
        try (HeadlessApp app = HeadlessApp.start(home)) {
            JsonNode discovery = JSON.readTree(Files.readString(home.resolve("run/app.json")));
            List<String[]> rows = new ArrayList<>();
            for (Map.Entry<String, Map<String, Object>> c : CALLS.entrySet()) {
                for (int clients : new int[] {1, 16}) {
                    rows.add(row("baseline: HTTP to the app", c.getKey(), clients, calls,
                            run(clients, () -> new HttpCaller(discovery, c.getKey(), c.getValue()), warmup, calls)));
                    rows.add(row("sextant-mcp (stdio) + app", c.getKey(), clients, calls,
                            run(clients, () -> new McpCaller(home, c.getKey(), c.getValue()), warmup, calls)));
                }
            }
            System.out.printf("cores=%d, load average=%s, calls per client=%d (after %d warm-up), N clients = N launcher processes%n",
                    Runtime.getRuntime().availableProcessors(), Files.readString(Path.of("/proc/loadavg")).split(" ")[0], calls, warmup);
            System.out.printf("%-28s %-20s %8s %8s %9s %9s %9s%n", "path", "tool", "clients", "calls", "p50 ms", "p99 ms", "max ms");
            for (String[] r : rows) System.out.printf("%-28s %-20s %8s %8s %9s %9s %9s%n", (Object[]) r);
        }
    }

    interface Caller extends AutoCloseable {
        /** One round trip; throws when the answer is not ok. */
        void call() throws Exception;
    }

    static long[] run(int clients, Callable<Caller> factory, int warmup, int calls) throws Exception {
        List<Caller> callers = new ArrayList<>();
        for (int i = 0; i < clients; i++) callers.add(factory.call());
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            for (Caller c : callers) c.call(); // sessions up before the clock starts
            List<Future<long[]>> futures = new ArrayList<>();
            for (Caller c : callers) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < warmup; i++) c.call();
                    long[] t = new long[calls];
                    for (int i = 0; i < calls; i++) {
                        long start = System.nanoTime();
                        c.call();
                        t[i] = System.nanoTime() - start;
                    }
                    return t;
                }));
            }
            long[] all = new long[0];
            for (Future<long[]> f : futures) {
                long[] t = f.get();
                int n = all.length;
                all = Arrays.copyOf(all, n + t.length);
                System.arraycopy(t, 0, all, n, t.length);
            }
            Arrays.sort(all);
            return all;
        } finally {
            pool.shutdownNow();
            for (Caller c : callers) c.close();
        }
    }

    static String[] row(String path, String tool, int clients, int calls, long[] sorted) {
        return new String[] {path, tool, String.valueOf(clients), String.valueOf(sorted.length),
                ms(sorted[sorted.length / 2]), ms(sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]),
                ms(sorted[sorted.length - 1])};
    }

    static String ms(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.2f", nanos / 1e6);
    }

    /** The local API call, as the launcher makes it (token, loopback, JSON body). */
    static final class HttpCaller implements Caller {
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        private final HttpRequest request;

        HttpCaller(JsonNode discovery, String method, Map<String, Object> args) {
            request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + discovery.path("port").asInt() + "/api/v1/" + method))
                    .header("Authorization", "Bearer " + discovery.path("token").asString())
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(60))
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(args))).build();
        }

        @Override
        public void call() throws Exception {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IllegalStateException("app answered " + r.statusCode() + ": " + r.body());
        }

        @Override
        public void close() {
            // the JDK 17 HttpClient has no close; its threads are daemons
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

        McpCaller(Path home, String tool, Map<String, Object> args) throws Exception {
            ProcessBuilder pb = new ProcessBuilder(Repo.root().resolve("bin/sextant-mcp").toString())
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
        public void close() throws Exception {
            in.close();
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly();
        }
    }
}
