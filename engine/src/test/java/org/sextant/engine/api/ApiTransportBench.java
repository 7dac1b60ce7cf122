package org.sextant.engine.api;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The cost of the connection guard on a call's round trip (docs/benchmarks.md, "Local API
 * transport"): the JDK server with the guard as its executor against the same server with the
 * fixed pool of 8 it had before, same handler (reads a small JSON body, answers a small JSON), same
 * client, interleaved rounds. Run: java -cp engine/target/test-classes:engine/target/classes:DEPS
 * org.sextant.engine.api.ApiTransportBench [calls]
 */
public final class ApiTransportBench {
    private static final byte[] REPLY = "{\"ok\":true,\"data\":{\"symbol\":\"AA\",\"count\":1}}".getBytes(StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        System.setProperty("sun.net.httpserver.nodelay", "true");
        ExecutorService fixed = Executors.newFixedThreadPool(8);
        ConnectionGuard guard = new ConnectionGuard(ConnectionLimits.DEFAULT, new ApiTraffic(ConnectionLimits.DEFAULT.summaryInterval(), s -> { }));
        HttpServer baseline = server(fixed, null);
        HttpServer guarded = server(guard, guard);
        HttpClient client = HttpClient.newHttpClient();
        long[][] ms = new long[2][];
        for (int round = 0; round < 3; round++) { // the last round counts; the first two warm both paths
            ms[0] = measure(client, baseline, calls);
            ms[1] = measure(client, guarded, calls);
        }
        System.out.printf("cores=%d, calls=%d (after 2 warm-up rounds), one client, keep-alive%n", Runtime.getRuntime().availableProcessors(), calls);
        System.out.printf("%-44s %9s %9s %9s%n", "transport", "p50 ms", "p99 ms", "max ms");
        row("baseline: JDK server, fixed pool of 8", ms[0]);
        row("ConnectionGuard executor (as shipped)", ms[1]);
        baseline.stop(0);
        guarded.stop(0);
        fixed.shutdownNow();
        guard.close();
    }

    private static HttpServer server(Executor executor, ConnectionGuard guard) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        s.createContext("/api/v1/", ex -> handle(ex, guard));
        s.setExecutor(executor);
        s.start();
        return s;
    }

    private static void handle(HttpExchange ex, ConnectionGuard guard) throws IOException {
        try (ex) {
            if (guard != null && !guard.headArrived()) return;
            if (guard != null) guard.bodyStarted(() -> {}); // one call at a time: never over the lane
            ex.getRequestBody().readAllBytes();
            if (guard != null && !guard.bodyRead()) return;
            ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            ex.sendResponseHeaders(200, REPLY.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(REPLY);
            }
        }
    }

    private static long[] measure(HttpClient client, HttpServer s, int calls) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.getAddress().getPort() + "/api/v1/get_close_price"))
                .header("Authorization", "Bearer x").POST(HttpRequest.BodyPublishers.ofString("{\"symbol\":\"AA\",\"start\":\"2000-12-29\"}")).build();
        long[] nanos = new long[calls];
        for (int i = 0; i < calls; i++) {
            long t = System.nanoTime();
            client.send(req, HttpResponse.BodyHandlers.ofByteArray());
            nanos[i] = System.nanoTime() - t;
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static void row(String name, long[] sorted) {
        System.out.printf("%-44s %9.3f %9.3f %9.3f%n", name, sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.99)] / 1e6,
                sorted[sorted.length - 1] / 1e6);
    }
}
