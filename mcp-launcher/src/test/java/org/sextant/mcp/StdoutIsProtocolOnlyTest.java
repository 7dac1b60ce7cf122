package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.envelope.Json;

/**
 * A client reads every stdout line as JSON-RPC: one stray log line breaks it. The launcher's own
 * log must go to stderr, and closing stdin must end the process cleanly.
 */
class StdoutIsProtocolOnlyTest {
    @TempDir
    Path home;

    @Test
    void everyStdoutLineIsJsonRpcAndTheLogIsOnStderr() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SextantMcp.class.getName(), "--home", home.toString()).start();
        BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> readLines(p.getInputStream(), stdout));
        reader.start();
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));

        List<String> lines = new ArrayList<>();
        try (OutputStream in = p.getOutputStream()) {
            in.write(String.join("\n",
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{}}}",
                    "").getBytes(StandardCharsets.UTF_8));
            in.flush();
            // Stdin stays open until the three answers are out: the client ends the session, not the server.
            // The poll bound only guards against a hang on a busy machine; it measures nothing.
            while (lines.size() < 3) {
                String line = stdout.poll(5, TimeUnit.MINUTES);
                assertNotNull(line, () -> "no answer after " + lines);
                lines.add(line);
            }
        }
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "closing stdin must end the launcher");
        assertEquals(0, p.exitValue());
        reader.join();
        stdout.drainTo(lines);
        assertEquals(3, lines.size(), () -> "stdout: " + lines);
        for (String line : lines) {
            Map<String, Object> message = Json.readObject(line);
            assertEquals("2.0", message.get("jsonrpc"), line);
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("app_not_running")), lines::toString);
        assertTrue(stderr.get().contains("serving stdio"), "the launcher log belongs on stderr: " + stderr.get());
    }

    private static void readLines(InputStream s, BlockingQueue<String> into) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty()) into.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readAll(InputStream s) {
        try {
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
