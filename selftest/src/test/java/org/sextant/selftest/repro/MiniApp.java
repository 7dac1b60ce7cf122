package org.sextant.selftest.repro;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.sextant.mcp.envelope.Json;

/**
 * The smallest stand-in for the app's local API (docs/local-api.md, contract 1): bearer token,
 * GET health and POST list_symbols, and run/app.json published atomically like the app does.
 */
final class MiniApp implements AutoCloseable {
    private final Path home;
    private final String token = UUID.randomUUID().toString().replace("-", "") + "0".repeat(32);
    private final String symbol;
    final AtomicInteger served = new AtomicInteger();
    private HttpServer server;

    MiniApp(Path home, String symbol) {
        this.home = home;
        this.symbol = symbol;
    }

    MiniApp start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/", this::handle);
        server.start();
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("pid", ProcessHandle.current().pid());
        app.put("port", port());
        app.put("token", token);
        app.put("version", "0.1.0");
        app.put("contract", 1);
        app.put("started_at", "2026-11-30T16:00:00Z");
        Path file = home.resolve("run").resolve("app.json");
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), ".app", ".tmp");
        Files.writeString(tmp, Json.write(app));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return this;
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** Like a crash: the port closes, run/app.json stays behind. */
    void crash() {
        server.stop(0);
    }

    /** Like a clean exit: the port closes and run/app.json goes. */
    @Override
    public void close() throws IOException {
        server.stop(0);
        Files.deleteIfExists(home.resolve("run").resolve("app.json"));
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            if (!("Bearer " + token).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                reply(ex, 401, Map.of("ok", false, "error", "wrong token", "fail_reason", "unauthorized"));
                return;
            }
            String method = ex.getRequestURI().getPath().substring("/api/v1/".length());
            served.incrementAndGet();
            switch (method) {
                case "health" -> reply(ex, 200, Map.of("ok", true, "data", Map.of("version", "0.1.0", "mode", "headless")));
                case "list_symbols" -> reply(ex, 200, Map.of("ok", true, "data", Map.of("count", 1,
                        "symbols", List.of(Map.of("symbol", symbol, "name", symbol + " Inc.")))));
                default -> reply(ex, 404, Map.of("ok", false, "error", "no method " + method, "fail_reason", "not_found"));
            }
        }
    }

    private static void reply(HttpExchange ex, int status, Object body) throws IOException {
        byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
