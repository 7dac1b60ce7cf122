package org.sextant.engine.api;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;

/** Issue #14: slow, idle and cut-off local connections neither starve the launcher nor fill the log. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConnectionAbuseTest {
    private static final String TOKEN = "t0ken";
    @TempSextant private Sextant engine;
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<Socket> sockets = new ArrayList<>();
    private final ScheduledExecutorService dribbler = Executors.newSingleThreadScheduledExecutor();

    @AfterAll
    void close() throws IOException {
        dribbler.shutdownNow();
        for (Socket s : sockets) s.close();
        engine.close();
    }

    private LocalApiServer start(ConnectionLimits limits) throws IOException {
        return LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(), limits);
    }

    /** An API reading at most {@code maxBodies} bodies at once, each within {@code whole}, its bytes at most {@code stall} apart. */
    private LocalApiServer withBodies(int maxBodies, Duration whole, Duration stall) throws IOException {
        return start(new ConnectionLimits(32, Duration.ofSeconds(60), whole, Duration.ofSeconds(60), 32, 8, maxBodies, stall));
    }

    private Socket stalledBody(LocalApiServer api) throws IOException {
        Socket s = RequestSlotsTest.stalledBody(api.port(), "list_symbols");
        sockets.add(s);
        return s;
    }

    /** A connection that sends its request head one byte every {@code everyMillis}, never finishing it. */
    private Socket slowHead(LocalApiServer api, long everyMillis) throws IOException {
        Socket s = new Socket("127.0.0.1", api.port());
        sockets.add(s);
        byte[] head = ("POST /api/v1/list_symbols HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nX-Pad: "
                + "a".repeat(10_000)).getBytes(StandardCharsets.US_ASCII);
        int[] next = {0};
        dribbler.scheduleWithFixedDelay(() -> {
            try {
                if (s.isClosed() || next[0] >= head.length) return;
                s.getOutputStream().write(head[next[0]++]);
            } catch (IOException cut) {
                // the server cut it: what we want
            }
        }, 0, everyMillis, TimeUnit.MILLISECONDS);
        return s;
    }

    private long healthMillis(LocalApiServer api) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/health"))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(60)).build();
        long t0 = System.nanoTime();
        HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(200, r.statusCode(), r.body());
        return millis;
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("never happened: " + what);
            Thread.sleep(20);
        }
    }

    /** Reads until the server closes the connection; true when it did (not the test's own close). */
    private static boolean closedByServer(Socket s) throws IOException {
        s.setSoTimeout(60_000);
        InputStream in = s.getInputStream();
        try {
            while (in.read() != -1) { /* the server says nothing to an unfinished head */ }
            return true;
        } catch (SocketException reset) {
            return true;
        }
    }

    /**
     * A body refused by its Content-Length (over 1 MiB) is never read: the connection is closed after the answer, so the
     * client cannot keep a socket holding its half-sent body (attack 18, L3: it stayed open, unread).
     */
    @Test
    void aBodyRefusedByItsLengthIsAnsweredAndItsConnectionClosed() throws Exception {
        try (LocalApiServer api = start(new ConnectionLimits(32, Duration.ofSeconds(600), Duration.ofSeconds(600), Duration.ofSeconds(60)))) {
            Socket s = new Socket("127.0.0.1", api.port());
            sockets.add(s);
            OutputStream out = s.getOutputStream();
            out.write(("POST /api/v1/list_symbols HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer " + TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + (2 << 20) + "\r\n\r\n{\"query\":\"").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            s.setSoTimeout(60_000); // far longer than an answer takes; far shorter than the server's 600 s deadlines
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            try {
                for (int b; (b = in.read()) != -1; ) answer.write(b);
            } catch (java.net.SocketTimeoutException open) {
                throw new AssertionError("the connection stayed open after the answer: " + answer.toString(StandardCharsets.UTF_8));
            } catch (SocketException reset) {
                // closed with the body unread: a reset may follow the answer
            }
            String text = answer.toString(StandardCharsets.UTF_8);
            assertTrue(text.startsWith("HTTP/1.1 400"), text);
            assertTrue(text.toLowerCase(java.util.Locale.ROOT).contains("connection: close"), text);
            assertTrue(text.contains("request body over 1 MiB"), text);
        }
    }

    @Test
    void slowAndIdleUnauthenticatedConnectionsDoNotStarveAnAuthenticatedCall() throws Exception {
        try (LocalApiServer api = start(new ConnectionLimits(32, Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(60)))) {
            healthMillis(api); // warm: the first call loads classes
            for (int i = 0; i < 16; i++) slowHead(api, 2_000);
            for (int i = 0; i < 8; i++) sockets.add(new Socket("127.0.0.1", api.port())); // idle: send nothing
            await(() -> api.unauthenticated() == 16, "16 slow heads held on server threads");
            long worst = 0;
            for (int i = 0; i < 5; i++) worst = Math.max(worst, healthMillis(api));
            assertTrue(worst < 1_000, "an authenticated call took " + worst + " ms behind 16 slow and 8 idle connections");
            assertEquals(16, api.unauthenticated(), "the slow ones are still being read: the call did not wait for them to go");
        }
    }

    @Test
    void overTheCapTheOldestUnauthenticatedConnectionIsCut() throws Exception {
        try (LocalApiServer api = start(new ConnectionLimits(4, Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(60)))) {
            Socket oldest = slowHead(api, 200);
            await(() -> api.unauthenticated() == 1, "the first slow head is read");
            for (int i = 0; i < 9; i++) slowHead(api, 200);
            await(() -> api.traffic().total(ApiTraffic.Event.OVER_CAP_CUT) == 6, "six cut over the cap of four");
            assertTrue(api.unauthenticated() <= 4, "at most the cap reads heads: " + api.unauthenticated());
            assertTrue(closedByServer(oldest), "the oldest was cut");
            healthMillis(api);
        }
    }

    @Test
    void aHeadThatDoesNotArriveInTimeIsCut() throws Exception {
        try (LocalApiServer api = start(new ConnectionLimits(32, Duration.ofMillis(300), Duration.ofSeconds(30), Duration.ofSeconds(60)))) {
            Socket slow = slowHead(api, 50);
            assertTrue(closedByServer(slow));
            await(() -> api.traffic().total(ApiTraffic.Event.SLOW_HEAD_CUT) == 1, "the slow head is counted");
            assertEquals(0, api.unauthenticated());
        }
    }

    @Test
    void aBodyThatDoesNotArriveInTimeIsCut() throws Exception {
        try (LocalApiServer api = start(new ConnectionLimits(32, Duration.ofSeconds(60), Duration.ofMillis(300), Duration.ofSeconds(60)))) {
            Socket s = new Socket("127.0.0.1", api.port());
            sockets.add(s);
            s.getOutputStream().write(("POST /api/v1/list_symbols HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer "
                    + TOKEN + "\r\nContent-Length: 100\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
            assertTrue(closedByServer(s));
            await(() -> api.traffic().total(ApiTraffic.Event.SLOW_BODY_CUT) == 1, "the slow body is counted");
        }
    }

    /**
     * Over the lane of bodies arriving, the oldest is refused: a client stalling bodies cannot keep a caller whose body
     * arrives at once out, and the refused one is told why and when to retry (503, resource_limit) before its connection closes.
     */
    @Test
    void overTheCapTheOldestBodyIsAnsweredResourceLimitAndANewCallerIsAnswered() throws Exception {
        try (LocalApiServer api = withBodies(4, Duration.ofSeconds(60), Duration.ofSeconds(60))) {
            Socket oldest = stalledBody(api);
            await(() -> api.bodiesArriving() == 1, "the first stalled body is read");
            for (int i = 0; i < 9; i++) stalledBody(api);
            await(() -> api.traffic().total(ApiTraffic.Event.OVER_CAP_BODY_CUT) == 6, "six refused over the cap of four");
            String refused = answer(oldest);
            assertTrue(refused.startsWith("HTTP/1.1 503"), () -> "the oldest is told, not only cut: [" + refused + "]");
            assertTrue(refused.toLowerCase(java.util.Locale.ROOT).contains("retry-after: 1"), refused);
            tools.jackson.databind.JsonNode body = org.sextant.engine.Json.MAPPER.readTree(refused.substring(refused.indexOf("\r\n\r\n") + 4));
            assertEquals("resource_limit", body.get("fail_reason").asString(), refused);
            assertEquals(org.sextant.contract.BodyBounds.overArriving(4), body.get("error").asString());
            assertEquals(org.sextant.contract.BodyBounds.OVER_ARRIVING_FIX, body.get("fix").asString());
            assertEquals(4, api.bodiesArriving());
            HttpRequest call = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/list_symbols"))
                    .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString("{}")).build();
            HttpResponse<String> answered = http.send(call, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answered.statusCode(), answered.body());
            assertEquals(7, api.traffic().total(ApiTraffic.Event.OVER_CAP_BODY_CUT), "the caller took the place of the oldest stalled body");
        }
    }

    /** What the server sent before it closed the connection (a reset ends it too). */
    private static String answer(Socket s) throws IOException {
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] b = new byte[4096];
        try {
            for (int n; (n = in.read(b)) >= 0; ) got.write(b, 0, n);
        } catch (SocketException reset) {
            // closed under us
        }
        return got.toString(StandardCharsets.UTF_8);
    }

    /** A body whose next byte does not come is cut long before the whole-body deadline: a local body arrives in milliseconds. */
    @Test
    void aBodyThatStallsIsCutBeforeItsDeadline() throws Exception {
        try (LocalApiServer api = withBodies(16, Duration.ofMinutes(10), Duration.ofMillis(300))) {
            assertTrue(closedByServer(stalledBody(api)));
            await(() -> api.traffic().total(ApiTraffic.Event.SLOW_BODY_CUT) == 1, "the stalled body is counted");
            assertEquals(0, api.bodiesArriving());
        }
    }

    @Test
    void requestsCutOffMidBodyAreCountedAndLogNoStackTrace() throws Exception {
        PrintStream realErr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        LocalApiServer api = start(ConnectionLimits.DEFAULT);
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8)); // slf4j-simple writes to System.err as it is now
        try {
            for (int i = 0; i < 200; i++) {
                try (Socket s = new Socket("127.0.0.1", api.port())) {
                    OutputStream out = s.getOutputStream();
                    out.write(("POST /api/v1/list_symbols HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer "
                            + TOKEN + "\r\nContent-Length: 1000\r\n\r\n{\"query\":").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            }
            HttpRequest bad = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/list_symbols"))
                    .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString("{oops")).build();
            HttpResponse<String> refused = http.send(bad, HttpResponse.BodyHandlers.ofString());
            assertEquals(400, refused.statusCode());
            // where the body breaks, with the field to fix, never its text (the parser's own words quote it: "Unrecognized token 'oops'")
            assertTrue(refused.body().contains("\"request body is not valid JSON (line 1, column "), refused.body());
            assertTrue(refused.body().replace(" ", "").contains("\"field\":\"body\""), refused.body());
            assertFalse(refused.body().contains("oops"), refused.body());
            // an argument given twice is refused, not answered for the last one
            HttpRequest twice = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/list_symbols"))
                    .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"AA\",\"query\":\"BA\"}")).build();
            HttpResponse<String> doubled = http.send(twice, HttpResponse.BodyHandlers.ofString());
            assertEquals(400, doubled.statusCode(), doubled.body());
            assertTrue(doubled.body().contains("request body names one argument twice (line 1, column "), doubled.body());
            await(() -> api.traffic().total(ApiTraffic.Event.CLIENT_GONE) == 200, "200 cut-off requests counted");
            assertEquals(2, api.traffic().total(ApiTraffic.Event.BAD_BODY));
            api.close(); // writes the pending summary
        } finally {
            System.setErr(realErr);
            api.close();
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains("Exception") || log.contains("\tat "), "no stack trace in the log:\n" + log);
        List<String> summaries = log.lines().filter(l -> l.contains("local API since the last summary")).toList();
        assertEquals(1, summaries.size(), log);
        assertTrue(summaries.get(0).contains("200 client gone mid-request") && summaries.get(0).contains("2 bad request body"), summaries.get(0));
    }

    @Test
    void bodiesPastTheReadersLimitsAreToldWhichLimitAndWhereNotTheirText() throws Exception {
        try (LocalApiServer api = start(ConnectionLimits.DEFAULT)) {
            int depth = tools.jackson.core.StreamReadConstraints.defaults().getMaxNestingDepth();
            String deep = post(api, "[".repeat(depth + 1));
            assertTrue(deep.contains("\"request body nests deeper than " + depth + " levels (line 1, column " + (depth + 1) + ")\""), deep);
            String name = "N".repeat(50_001);
            String longName = post(api, "{\n\"" + name + "\": 1}");
            assertTrue(longName.contains("\"request body has a property name longer than 50000 characters (at or after line 1, column 1)\""), longName);
            String longNumber = post(api, "{\"limit\": " + "7".repeat(1001) + "}");
            assertTrue(longNumber.contains("\"request body has a number longer than 1000 characters (at or after line 1, column "), longNumber);
            // 1 MiB of small values would be a tree of tens of MB before any argument check: refused as it is read
            long max = org.sextant.contract.JsonLimits.MAX_TOKENS;
            String many = post(api, "{\"query\":[" + "[],".repeat(300_000) + "[]]}");
            assertTrue(many.contains("\"request body holds more than " + max + " JSON tokens (values, names and brackets) (line 1, column "
                    + (12 + 3 * ((max - 3) / 2)) + ")\""), many);
            for (String refused : List.of(deep, longName, longNumber, many)) {
                assertTrue(refused.replace(" ", "").contains("\"field\":\"body\""), refused);
                assertFalse(refused.contains("NNNN") || refused.contains("7777") || refused.contains("[["), refused);
                assertFalse(refused.contains("Constraints") || refused.contains("jackson"), "no class of the parser: " + refused);
            }
            assertEquals(4, api.traffic().total(ApiTraffic.Event.BAD_BODY));
        }
    }

    /** The body of a refused POST to list_symbols. */
    private String post(LocalApiServer api, String body) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/list_symbols"))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode(), r.body());
        return r.body();
    }
}
