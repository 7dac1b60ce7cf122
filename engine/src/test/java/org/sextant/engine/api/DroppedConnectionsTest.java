package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.api.ConnectionAbuseTest.await;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * A connection the API closes unanswered (cut by the guard, or its client gone) is let go by the JDK server too. Its
 * exchange ended without an answer, so the server never saw it end and kept the connection in its sets for good, ~24 kB
 * of buffers each: a tokenless flood of 6,000 requests left 142 MB of heap held (docs/local-api.md, "Connections").
 * Counted as live {@code sun.net.httpserver.HttpConnection} objects in this JVM (a class histogram, after a full GC).
 */
class DroppedConnectionsTest {
    private static final String TOKEN = "t0ken";
    private static final Duration LONG = Duration.ofSeconds(600); // no deadline passes while a test runs

    /** A POST to list_symbols with {@code token} declaring {@code declared} body bytes, of which {@code sent} are sent. */
    private static Socket send(LocalApiServer api, String token, int declared, String sent) throws IOException {
        Socket s = new Socket("127.0.0.1", api.port());
        s.getOutputStream().write(("POST /api/v1/list_symbols HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer " + token + "\r\n"
                + "Content-Length: " + declared + "\r\n\r\n" + sent).getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        return s;
    }

    /** Live connections the JDK's HTTP servers in this JVM hold (a full GC first: only what is still referenced). */
    static long serverConnections() {
        try {
            String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram", new Object[] {null}, new String[] {String[].class.getName()});
            for (String line : histogram.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 4 && f[3].equals("sun.net.httpserver.HttpConnection")) return Long.parseLong(f[1]);
            }
            return 0;
        } catch (javax.management.JMException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void tokenlessRequestsCutOverTheHeadsCapOrLeftByTheirClientAreLetGo(@TempSextant Sextant engine) throws Exception {
        long before = serverConnections();
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(), new ConnectionLimits(4, LONG, LONG, Duration.ofSeconds(60)))) {
            List<Socket> flood = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                flood.add(send(api, "wrong", 100_000, "{"));
                int opened = i + 1;
                await(() -> api.traffic().total(ApiTraffic.Event.REFUSED) == opened, "request " + opened + " refused");
            }
            await(() -> api.traffic().total(ApiTraffic.Event.OVER_CAP_CUT) == 8, "the oldest 8 cut over the cap");
            for (Socket s : flood) s.close(); // the newest 4: their clients go mid-body
            await(() -> api.handling() == 0, "every refused request ended");
            await(() -> serverConnections() <= before, "the JDK server holds none of the 12 connections closed unanswered");
        }
    }

    @Test
    void anAuthenticatedBodyCutForStallingIsLetGo(@TempSextant Sextant engine) throws Exception {
        long before = serverConnections();
        ConnectionLimits limits = new ConnectionLimits(32, LONG, LONG, Duration.ofSeconds(60), 32, 8, 16, Duration.ofMillis(200));
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(), limits);
             Socket s = send(api, TOKEN, 1_000, "{")) {
            s.setSoTimeout(60_000);
            assertEquals(-1, s.getInputStream().read(), "cut unanswered");
            await(() -> api.traffic().total(ApiTraffic.Event.SLOW_BODY_CUT) == 1, "cut for stalling");
            await(() -> serverConnections() <= before, "the JDK server holds no connection of the body cut");
        }
    }

    /**
     * Clients that take their answer and then close (FIN) or reset their kept-alive connection at once, or reset it as
     * the answer arrives: the server holds none of them after. One answered connection stays open beside them and is
     * answered again at the end: the JDK server's idle timer (30 s) did not run on it, so it let the others go because
     * they were cut, not because they idled out.
     */
    @Test
    void connectionsCutJustAfterTheirAnswerAreLetGo(@TempSextant Sextant engine) throws Exception {
        long before = serverConnections();
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(), new ConnectionLimits(32, LONG, LONG, Duration.ofSeconds(60)));
             Socket kept = new Socket("127.0.0.1", api.port())) {
            kept.setSoTimeout(60_000);
            health(api, kept, true);
            for (int i = 0; i < 24; i++) {
                Socket s = new Socket("127.0.0.1", api.port());
                s.setSoTimeout(60_000);
                if (i % 3 == 2) s.setSoLinger(true, 0); // closed with a reset
                health(api, s, i % 3 != 2); // the third kind resets as soon as the answer's status line is in
                s.close();
            }
            await(() -> api.handling() == 0 && api.unauthenticated() == 0, "no request of the cut connections still handled");
            await(() -> serverConnections() <= before + 1, "the JDK server holds none of the 24 connections cut after their answer");
            health(api, kept, true);
            assertEquals(before + 1, serverConnections(), "the kept connection is still held");
        }
    }

    /** One authorised /health on {@code s}, its answer read whole ({@code whole}) or up to its status line only. */
    private static void health(LocalApiServer api, Socket s, boolean whole) throws IOException {
        s.getOutputStream().write(("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer " + TOKEN
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = s.getInputStream();
        assertEquals("HTTP/1.1 200", new String(in.readNBytes(12), StandardCharsets.US_ASCII));
        if (whole) skipAnswer(in);
    }

    @Test
    void anAnsweredConnectionStaysOpenForTheNextRequest(@TempSextant Sextant engine) throws Exception {
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state");
             Socket s = new Socket("127.0.0.1", api.port())) {
            s.setSoTimeout(60_000);
            String health = "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer " + TOKEN + "\r\n\r\n";
            InputStream in = s.getInputStream();
            for (int i = 0; i < 2; i++) { // kept alive: the second request is answered on the same connection
                s.getOutputStream().write(health.getBytes(StandardCharsets.US_ASCII));
                String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
                assertEquals("HTTP/1.1 200", head, "request " + (i + 1));
                skipAnswer(in);
            }
        }
    }

    /** Reads the rest of one answer: its headers to the blank line, then Content-Length bytes. */
    private static void skipAnswer(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) head.append((char) in.read());
        String h = head.toString().toLowerCase(java.util.Locale.ROOT);
        int at = h.indexOf("content-length:");
        assertTrue(at >= 0, h);
        int length = Integer.parseInt(h.substring(at + 15, h.indexOf("\r\n", at)).trim());
        in.readNBytes(length);
    }
}
