package org.sextant.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.sextant.contract.AppFile;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Sextant;
import org.sextant.engine.Version;
import org.sextant.engine.api.LocalApiServer;
import org.sextant.engine.home.AppDiscovery;
import org.sextant.mcp.envelope.Json;

/**
 * The app's real local API (the engine's {@link LocalApiServer}, as the headless app serves it)
 * on a test engine, published in a launcher home's run/app.json. The launcher reaches it through
 * a tap on its own port that forwards each request byte for byte (its Host rewritten to the
 * server's port only when it named the tap's) and records it, so a test can check what the
 * launcher sent. The tap can also stall (a slow app) or close (a crashed app: the port closes,
 * app.json stays).
 */
public final class TappedApp implements AutoCloseable {
    /** A 1x1 PNG: render_chart draws with JavaFX in the app, which the engine does not have; the launcher only passes the picture on. */
    public static final String PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    private final Path appJson;
    private final String token = AppFile.newToken();
    private final LocalApiServer api;
    private final HttpServer tap;
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final Map<String, Object> lastArgs = new ConcurrentHashMap<>();
    private final Map<String, java.util.concurrent.CountDownLatch> holds = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> holding = new ConcurrentHashMap<>();
    private volatile long delayMillis;
    private boolean open = true;
    private boolean closed;

    private TappedApp(Sextant engine, Path launcherHome) throws IOException {
        this.appJson = launcherHome.resolve("run").resolve("app.json");
        this.api = LocalApiServer.start(engine, token, "headless", () -> Map.of("version", Version.APP),
                Map.of(Capabilities.RENDER_CHART, call -> {
                    String symbol = engine.requireSymbol(call.requiredText("symbol", "\"AA\""));
                    return Map.of("symbol", symbol, "mime_type", "image/png", "width", call.args().path("width").asInt(1000),
                            "height", call.args().path("height").asInt(600), "png_base64", PNG_1X1);
                }));
        this.tap = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tap.createContext("/", this::forward);
        tap.setExecutor(Executors.newCachedThreadPool());
        tap.start();
    }

    /** Serves {@code engine} and publishes it in {@code launcherHome}/run/app.json with this build's contract. */
    public static TappedApp start(Sextant engine, Path launcherHome) throws IOException {
        return start(engine, launcherHome, Version.CONTRACT);
    }

    /** As above, with app.json naming another contract major (an app of another release). */
    public static TappedApp start(Sextant engine, Path launcherHome, int contract) throws IOException {
        TappedApp app = new TappedApp(engine, launcherHome);
        app.writeAppJson(ProcessHandle.current().pid(), contract);
        return app;
    }

    /** Writes app.json as the app does (atomically, mode 600), naming the tap's port. */
    public void writeAppJson(long pid, int contract) throws IOException {
        Files.createDirectories(appJson.getParent());
        AppDiscovery.write(new AppFile(pid, port(), token, Version.APP, contract,
                Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString()), appJson); // a fixed length: AppClientTest rewrites it in place
    }

    /** What list_symbols counts on {@code engine}: symbols with daily prices and those with bars only. */
    public static int listedSymbols(Sextant engine) {
        return engine.listSymbols(null).size() + engine.listBarsOnlySymbols(null).size();
    }

    public int port() { return tap.getAddress().getPort(); }

    public String token() { return token; }

    /** How many times the app was asked for this method (refused requests included). */
    public int calls(String method) { return calls.getOrDefault(method, new AtomicInteger()).get(); }

    public int totalCalls() { return calls.values().stream().mapToInt(AtomicInteger::get).sum(); }

    /** The arguments of the last request for this method, as the app received them. */
    public Object lastArgs(String method) { return lastArgs.get(method); }

    /** Makes every answer wait, to provoke the launcher's request timeout. */
    public void delay(long millis) { this.delayMillis = millis; }

    /** Holds every request for this method until {@link #release}: a slow app for one route, the others answered. */
    public void hold(String method) { holds.put(method, new java.util.concurrent.CountDownLatch(1)); }

    /** Lets the held requests for this method through, and later ones straight on. */
    public void release(String method) {
        java.util.concurrent.CountDownLatch held = holds.remove(method);
        if (held != null) held.countDown();
    }

    /** How many requests for this method are held now. */
    public int holding(String method) { return holding.getOrDefault(method, new AtomicInteger()).get(); }

    /** Stops answering as a crashed app would: the port closes, app.json stays. */
    public synchronized void stop() {
        if (open) tap.stop(0);
        open = false;
    }

    /** Stops the tap and the server behind it; a second close does nothing. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        stop();
        api.close();
    }

    private void forward(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath();
            String method = path.substring(path.lastIndexOf('/') + 1);
            calls.computeIfAbsent(method, m -> new AtomicInteger()).incrementAndGet();
            byte[] body = ex.getRequestBody().readAllBytes();
            lastArgs.put(method, body.length == 0 ? Map.of() : Json.readObject(new String(body, StandardCharsets.UTF_8)));
            if (delayMillis > 0) Thread.sleep(delayMillis);
            java.util.concurrent.CountDownLatch held = holds.get(method);
            if (held != null) {
                AtomicInteger waiting = holding.computeIfAbsent(method, m -> new AtomicInteger());
                waiting.incrementAndGet();
                try {
                    held.await();
                } finally {
                    waiting.decrementAndGet();
                }
            }
            relay(ex, path, body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One request to the real server, its answer back unchanged. */
    private void relay(HttpExchange ex, String path, byte[] body) throws IOException {
        String host = String.valueOf(ex.getRequestHeaders().getFirst("Host")).replace(":" + port(), ":" + api.port());
        StringBuilder headers = new StringBuilder();
        for (String h : new String[] {"Authorization", "Origin", "Content-Type"}) {
            String v = ex.getRequestHeaders().getFirst(h);
            if (v != null) headers.append(h).append(": ").append(v).append("\r\n");
        }
        Answer a = exchange(ex.getRequestMethod(), path, host, headers.toString(), body);
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        ex.sendResponseHeaders(a.status(), a.body().length == 0 ? -1 : a.body().length);
        if (a.body().length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(a.body());
            }
        }
    }

    /** The app's own answer (the whole body: ok, data or error, fail_reason, fix) to a call made past the launcher and the tap. */
    public Map<String, Object> ask(String method, Map<String, Object> args) throws IOException {
        Answer a = exchange("POST", "/api/v1/" + method, "127.0.0.1:" + api.port(), "Authorization: Bearer " + token + "\r\n",
                Json.write(args).getBytes(StandardCharsets.UTF_8));
        return Json.readObject(new String(a.body(), StandardCharsets.UTF_8));
    }

    /** The data of the app's own answer to a call that must succeed. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> data(String method, Map<String, Object> args) throws IOException {
        Map<String, Object> answer = ask(method, args);
        if (!Boolean.TRUE.equals(answer.get("ok"))) throw new AssertionError(method + " " + args + ": " + answer);
        return (Map<String, Object>) answer.get("data");
    }

    /** The run the app stored last. */
    @SuppressWarnings("unchecked")
    public Object newestRunId() throws IOException {
        return ((java.util.List<Map<String, Object>>) data("list_runs", Map.of("limit", 1)).get("runs")).get(0).get("run_id");
    }

    private record Answer(int status, byte[] body) {}

    /** A raw HTTP/1.1 exchange (Connection: close, so the answer ends at end of stream): Host and Origin go exactly as given. */
    private Answer exchange(String verb, String path, String host, String headers, byte[] body) throws IOException {
        String head = verb + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + headers
                + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
        byte[] answer;
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), api.port())) {
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            answer = s.getInputStream().readAllBytes();
        }
        int split = indexOf(answer, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        String statusLine = new String(answer, 0, split, StandardCharsets.ISO_8859_1).split("\r\n")[0];
        return new Answer(Integer.parseInt(statusLine.split(" ")[1]), java.util.Arrays.copyOfRange(answer, split + 4, answer.length));
    }

    private static int indexOf(byte[] data, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= data.length; i++) {
            for (int j = 0; j < part.length; j++) if (data[i + j] != part[j]) continue outer;
            return i;
        }
        throw new UncheckedIOException(new IOException("the app's answer has no header end"));
    }
}
