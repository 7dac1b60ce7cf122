package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.BodyBounds;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * --http bounds what POSTed bodies hold (attack 29): a body dribbled a byte at a time is cut while
 * another client is served (F1), and large messages past the byte budget are refused with
 * resource_limit instead of all being held at once (F2). Real sockets against the launcher's Jetty.
 */
class HttpBodyBoundsTest {
    private static final String TOKEN = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    /** Generous: events are waited for, never timed. */
    private static final long PATIENCE_MS = 120_000;

    @TempDir
    Path home;

    @Test
    void dribbledAndStalledBodiesAreCutWhileAnotherClientsInitializeAnswers() throws Exception {
        BodyLane.Limits limits = new BodyLane.Limits(4, Duration.ofMillis(500), Duration.ofSeconds(3), BodyLane.Limits.DEFAULT.budgetBytes());
        try (HttpMcpServer server = start(limits)) {
            List<Socket> dribblers = new ArrayList<>();
            for (int i = 0; i < 2 * limits.maxBodies(); i++) dribblers.add(openBody(server.port(), 1000, "{"));
            Socket staller = openBody(server.port(), 1000, "{"); // never sends another byte
            ExecutorService dribble = Executors.newSingleThreadExecutor();
            dribble.execute(() -> { // a byte per dribbler well within the stall bound, until each is cut
                while (!Thread.currentThread().isInterrupted()) {
                    for (Socket s : dribblers) {
                        try {
                            s.getOutputStream().write(' ');
                        } catch (IOException e) {
                            // cut
                        }
                    }
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            try {
                // every one of them has reached the lane: those over it were cut as newer ones came
                assertTrue(eventually(() -> server.lane().cuts() >= dribblers.size() + 1 - limits.maxBodies()),
                        () -> "cut: " + server.lane().cuts());
                String answer = post(server.port(), INIT);
                assertTrue(answer.startsWith("HTTP/1.1 200"), () -> "initialize: [" + answer + "]");
                assertTrue(answer.contains("serverInfo"), answer);
                for (Socket s : dribblers) assertCut(s);
                assertCut(staller);
                assertTrue(eventually(() -> server.lane().arriving() == 0), "no body is still arriving");
            } finally {
                dribble.shutdownNow();
                for (Socket s : dribblers) s.close();
                staller.close();
            }
        }
    }

    @Test
    void theOldestBodyOverTheLaneIsAnsweredResourceLimitBeforeItsConnectionCloses() throws Exception {
        BodyLane.Limits limits = new BodyLane.Limits(2, Duration.ofSeconds(60), Duration.ofSeconds(120), BodyLane.Limits.DEFAULT.budgetBytes());
        try (HttpMcpServer server = start(limits);
             Socket oldest = openBody(server.port(), 1000, "{")) {
            assertTrue(eventually(() -> server.lane().arriving() == 1), "the oldest is arriving");
            try (Socket next = openBody(server.port(), 1000, "{")) {
                assertTrue(eventually(() -> server.lane().arriving() == 2), "the lane is full");
                try (Socket newest = openBody(server.port(), 1000, "{")) {
                    String refused = readAll(oldest);
                    assertTrue(refused.startsWith("HTTP/1.1 503"), () -> "the oldest is told, not cut: [" + refused + "]");
                    assertTrue(refused.contains("Retry-After: 1"), refused);
                    assertTrue(refused.contains("\"code\":-32003") && refused.contains("\"fail_reason\":\"resource_limit\""), refused);
                    assertTrue(refused.contains(BodyBounds.overArriving(2)) && refused.contains(BodyBounds.OVER_ARRIVING_FIX), refused);
                    assertTrue(eventually(() -> server.lane().arriving() == 2), () -> "the two newer are still read: " + server.lane().arriving());
                    String init = post(server.port(), INIT);
                    assertTrue(init.startsWith("HTTP/1.1 200") && init.contains("serverInfo"), () -> "a whole message is served: " + init);
                }
            }
        }
    }

    @Test
    void largeMessagesPastTheByteBudgetAreRefusedWithResourceLimit() throws Exception {
        int bodyBytes = 1 << 20, admitted = 3, sent = 8;
        BodyLane.Limits limits = new BodyLane.Limits(sent + 1, Duration.ofSeconds(60), Duration.ofSeconds(120), (long) admitted * bodyBytes);
        String prefix = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"run_select\",\"arguments\":{\"sql\":\"";
        String suffix = "\"}}}";
        byte[] body = (prefix + "x".repeat(bodyBytes - prefix.length() - suffix.length()) + suffix).getBytes(StandardCharsets.UTF_8);
        assertEquals(bodyBytes, body.length);
        try (HttpMcpServer server = start(limits)) {
            List<Socket> sockets = new ArrayList<>();
            try {
                int half = body.length / 2;
                for (int i = 0; i < sent; i++) sockets.add(openBody(server.port(), body.length, new String(body, 0, half, StandardCharsets.UTF_8)));
                // every message is being read at once before any finishes arriving
                assertTrue(eventually(() -> server.lane().arriving() == sent), () -> "arriving: " + server.lane().arriving());
                String init = post(server.port(), INIT);
                assertTrue(init.startsWith("HTTP/1.1 200") && init.contains("serverInfo"),
                        () -> "a small message is served while large ones fill the budget: " + init);
                ExecutorService senders = Executors.newFixedThreadPool(sent);
                List<CompletableFuture<String>> answers = new ArrayList<>();
                for (Socket s : sockets) {
                    answers.add(CompletableFuture.supplyAsync(() -> {
                        try {
                            s.getOutputStream().write(body, half, body.length - half);
                            s.getOutputStream().flush();
                            return readAll(s);
                        } catch (IOException e) {
                            return "failed: " + e;
                        }
                    }, senders));
                }
                List<String> refused = new ArrayList<>();
                for (CompletableFuture<String> a : answers) {
                    String answer = a.get(PATIENCE_MS, TimeUnit.MILLISECONDS);
                    if (answer.startsWith("HTTP/1.1 503")) refused.add(answer);
                    else assertFalse(answer.startsWith("failed"), answer);
                }
                senders.shutdownNow();
                assertEquals(sent - admitted, refused.size(), () -> "refused: " + refused);
                for (String r : refused) {
                    assertTrue(r.contains("Retry-After: 1"), r);
                    assertTrue(r.contains("\"code\":-32003") && r.contains("\"fail_reason\":\"resource_limit\""), r);
                    assertTrue(r.contains(Long.toString(limits.budgetBytes())) && r.contains("retry in a moment"), r);
                    assertFalse(r.contains("xxxx"), "the refusal does not echo the message");
                }
                assertTrue(server.lane().mostHeldBytes() <= limits.budgetBytes(), () -> "held at most " + server.lane().mostHeldBytes());
                assertTrue(server.lane().mostHeldBytes() >= (long) admitted * bodyBytes, "the admitted messages were held together");
                assertTrue(eventually(() -> server.lane().heldBytes() == 0), () -> "still held: " + server.lane().heldBytes());
            } finally {
                for (Socket s : sockets) s.close();
            }
        }
    }

    @Test
    void aChunkedMessageIsCountedFromItsFirstByte() throws Exception {
        int bodyBytes = (1 << 20) - 100; // not a whole number of 64 KiB reads: the last one is part-filled
        String prefix = "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"run_select\",\"arguments\":{\"sql\":\"";
        String suffix = "\"}}}";
        byte[] body = (prefix + "x".repeat(bodyBytes - prefix.length() - suffix.length()) + suffix).getBytes(StandardCharsets.UTF_8);
        try (HttpMcpServer server = start(BodyLane.Limits.DEFAULT); Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout((int) PATIENCE_MS);
            OutputStream out = s.getOutputStream();
            out.write(head(server.port(), -1).getBytes(StandardCharsets.UTF_8));
            for (int at = 0; at < body.length; at += 10_000) { // chunks of 10,000 bytes, no Content-Length
                int n = Math.min(10_000, body.length - at);
                out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.UTF_8));
                out.write(body, at, n);
                out.write("\r\n".getBytes(StandardCharsets.UTF_8));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            String answer = readAll(s);
            // read whole and checked (no session: the SDK's 400), not refused by the budget nor cut
            assertTrue(answer.startsWith("HTTP/1.1 400") && answer.contains("Session ID required"),
                    answer.length() > 300 ? answer.substring(0, 300) : answer);
            assertTrue(server.lane().mostHeldBytes() >= body.length,
                    () -> "the whole chunked message counted, not its first 64 KiB left out: " + server.lane().mostHeldBytes() + " of " + body.length);
            assertTrue(eventually(() -> server.lane().heldBytes() == 0), () -> "still held: " + server.lane().heldBytes());
        }
    }

    private HttpMcpServer start(BodyLane.Limits limits) throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), false);
        return HttpMcpServer.start(0, HttpToken.of(TOKEN), new ToolDispatcher(context), context.sessionTables(), limits);
    }

    /** A POST with the token whose head and the first part of its body are sent. */
    private static Socket openBody(int port, int contentLength, String firstPart) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout((int) PATIENCE_MS);
        OutputStream out = s.getOutputStream();
        out.write(head(port, contentLength).getBytes(StandardCharsets.UTF_8));
        out.write(firstPart.getBytes(StandardCharsets.UTF_8));
        out.flush();
        return s;
    }

    /** A POST's head with the token; a negative {@code contentLength} sends the body chunked. */
    private static String head(int port, int contentLength) {
        return "POST " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + TOKEN
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\n"
                + (contentLength < 0 ? "Transfer-Encoding: chunked" : "Content-Length: " + contentLength) + "\r\n\r\n";
    }

    private static String post(int port, String body) throws IOException {
        try (Socket s = openBody(port, body.getBytes(StandardCharsets.UTF_8).length, body)) {
            return readAll(s);
        }
    }

    /** What the server sent until it closed the connection (a reset ends it too). */
    private static String readAll(Socket s) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] b = new byte[8192];
        try {
            for (int n; (n = in.read(b)) >= 0; ) got.write(b, 0, n);
        } catch (SocketException reset) {
            // closed under us
        }
        return got.toString(StandardCharsets.UTF_8);
    }

    /** The server closes the connection without an answer (read within the patience, not timed). */
    private static void assertCut(Socket s) throws IOException {
        String got = readAll(s);
        assertFalse(got.startsWith("HTTP/1.1 2"), got);
    }

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MS);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) return true;
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
