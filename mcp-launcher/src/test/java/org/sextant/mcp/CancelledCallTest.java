package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.AppFile;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Sextant;
import org.sextant.engine.Version;
import org.sextant.engine.api.LocalApiServer;
import org.sextant.engine.home.AppDiscovery;
import org.sextant.engine.testing.HeavyRead;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.server.HttpMcpServer;
import org.sextant.mcp.server.HttpToken;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * A tools/call the client cancels (notifications/cancelled) gets no response, as MCP asks, and its
 * read in the app stops: the launcher closes its connection, so the app gives back the turn. The
 * exploratory test found cancelled analogue_calibration calls answered 22 s later, having held
 * the app's heavy-compute turns all along.
 */
class CancelledCallTest {
    private static final String TOKEN = AppFile.newToken();
    @TempDir Path home;
    @TempSextant Sextant engine;

    @Test
    void aCancelledCallIsNotAnsweredAndItsReadInTheAppStops() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/net/tcp")), "the app notices a closed connection on Linux only");
        // render_chart as a heavy read: the first call computes until stopped
        HeavyRead chart = new HeavyRead(Map.of("symbol", "IBM", "mime_type", "image/png", "width", 1, "height", 1, "png_base64", TappedApp.PNG_1X1));
        LauncherHome launcherHome = new LauncherHome(home);
        try (LocalApiServer api = app(chart, launcherHome)) {
            PipedOutputStream toLauncher = new PipedOutputStream();
            PipedInputStream stdin = new PipedInputStream(toLauncher, 1 << 16);
            Lines stdout = new Lines();
            Thread launcher = new Thread(() -> {
                try {
                    StdioServer.serve(launcherHome, Duration.ofSeconds(45), false, stdin, stdout);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "launcher");
            launcher.start();
            try {
                send(toLauncher, StdoutIsProtocolOnlyTest.INITIALIZE);
                assertNotNull(stdout.answer(1), "initialize answered");
                send(toLauncher, StdoutIsProtocolOnlyTest.INITIALIZED);
                send(toLauncher, call(2));
                assertTrue(chart.computing.await(60, TimeUnit.SECONDS), "the first call never reached the app");
                send(toLauncher, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2,\"reason\":\"user gave up\"}}");
                assertTrue(chart.stopped.await(30, TimeUnit.SECONDS), "the app's read went on after its call was cancelled"); // under the read's 40 s budget
                assertEquals(List.of(HeavyRead.STOPPED), chart.events);
                send(toLauncher, call(3));
                Map<?, ?> third = stdout.answer(3);
                assertEquals(Boolean.FALSE, ((Map<?, ?>) third.get("result")).get("isError"), String.valueOf(third));
                send(toLauncher, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}");
                assertNotNull(stdout.answer(4));
                assertEquals(List.of(1, 3, 4), stdout.ids(), "no response for the cancelled call 2: " + stdout.all);
            } finally {
                toLauncher.close();
                launcher.join(TimeUnit.SECONDS.toMillis(30));
            }
        }
    }

    /** --http: the cancel comes in its own POST of the call's session; the call's POST ends without an answer. */
    @Test
    void overHttpACancelledCallIsNotAnsweredAndItsReadInTheAppStops() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/net/tcp")), "the app notices a closed connection on Linux only");
        HeavyRead chart = new HeavyRead(Map.of("symbol", "IBM", "mime_type", "image/png", "width", 1, "height", 1, "png_base64", TappedApp.PNG_1X1));
        LauncherHome launcherHome = new LauncherHome(home);
        ToolContext context = ToolContext.forHome(launcherHome, Duration.ofSeconds(45), false);
        try (LocalApiServer api = app(chart, launcherHome);
             HttpMcpServer server = HttpMcpServer.start(0, HttpToken.of(LauncherOverHttpTest.TOKEN), new ToolDispatcher(context), context.sessionTables())) {
            String init = LauncherOverHttpTest.post(server.port(), "127.0.0.1:" + server.port(), null, LauncherOverHttpTest.INIT);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?im)^Mcp-Session-Id: *(\\S+)").matcher(init);
            assertTrue(m.find(), init);
            String session = m.group(1);
            assertTrue(post(server.port(), session, StdoutIsProtocolOnlyTest.INITIALIZED).startsWith("HTTP/1.1 202"));
            java.util.concurrent.CompletableFuture<String> cancelled = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return post(server.port(), session, call(2));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(chart.computing.await(60, TimeUnit.SECONDS), "the call never reached the app");
            String other = post(server.port(), "another-session", CANCEL_2);
            assertTrue(other.startsWith("HTTP/1.1 "), other);
            assertEquals(1, chart.stopped.getCount(), "another session's cancel of its own id 2 does not stop this call");
            assertTrue(post(server.port(), session, CANCEL_2).startsWith("HTTP/1.1 202"), "a notification is accepted");
            assertTrue(chart.stopped.await(30, TimeUnit.SECONDS), "the app's read went on after its call was cancelled");
            assertEquals(List.of(HeavyRead.STOPPED), chart.events);
            String answer = cancelled.get(60, TimeUnit.SECONDS);
            assertFalse(answer.contains("\"id\":2"), "no response for the cancelled call: " + answer);
        }
    }

    private static final String CANCEL_2 = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}";

    private static String post(int port, String session, String body) throws Exception {
        return LauncherOverHttpTest.raw(port, "POST " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nAuthorization: " + LauncherOverHttpTest.BEARER + "\r\nMcp-Session-Id: " + session
                + "\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + body);
    }

    /** The app's local API serving {@code chart} as render_chart, published in the launcher's home. */
    private LocalApiServer app(HeavyRead chart, LauncherHome launcherHome) throws IOException {
        LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", Map::of, Map.of(Capabilities.RENDER_CHART, chart));
        Files.createDirectories(launcherHome.appJson().getParent());
        AppDiscovery.write(new AppFile(ProcessHandle.current().pid(), api.port(), TOKEN, Version.APP, Version.CONTRACT,
                Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString()), launcherHome.appJson());
        return api;
    }

    private static String call(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"render_chart\",\"arguments\":{\"symbol\":\"IBM\"}}}";
    }

    private static void send(OutputStream to, String line) throws IOException {
        to.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        to.flush();
    }

    /** The launcher's stdout, one JSON-RPC message a line. */
    private static final class Lines extends OutputStream {
        final List<String> all = new CopyOnWriteArrayList<>();
        private final BlockingQueue<Map<?, ?>> messages = new LinkedBlockingQueue<>();
        private final List<Integer> ids = new ArrayList<>();
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b != '\n') {
                line.write(b);
                return;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            all.add(text);
            messages.add(Json.MAPPER.readValue(text, Map.class));
        }

        /** The response with this id; notifications and other responses met on the way are kept in {@link #ids}. */
        Map<?, ?> answer(int id) throws InterruptedException {
            while (true) {
                Map<?, ?> m = messages.poll(60, TimeUnit.SECONDS); // guards a hang; measures nothing
                if (m == null) return null;
                if (m.get("id") instanceof Number n) {
                    synchronized (ids) {
                        ids.add(n.intValue());
                    }
                    if (n.intValue() == id) return m;
                }
            }
        }

        List<Integer> ids() {
            synchronized (ids) {
                return List.copyOf(ids);
            }
        }
    }
}
