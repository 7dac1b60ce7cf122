package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * Authenticated requests in flight are bounded (each holds its body and tree): one over the bound is
 * answered at once with resource_limit and Retry-After, and metadata reads still answer from their
 * reserve while heavy requests hold every shared slot; health takes no slot.
 */
class RequestSlotsTest {
    private static final String TOKEN = "t0ken";
    @TempSextant private Sextant engine;
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void overTheBoundARequestIsToldToRetryAndMetadataStillAnswers() throws Exception {
        CountDownLatch entered = new CountDownLatch(2), release = new CountDownLatch(1);
        try (LocalApiServer api = holdingApi(2, 1, entered, release)) {
            List<CompletableFuture<HttpResponse<String>>> heavy = new ArrayList<>();
            for (int i = 0; i < 2; i++) heavy.add(http.sendAsync(post(api, "render_chart", "{\"symbol\":\"IBM\"}"), HttpResponse.BodyHandlers.ofString()));
            try {
                assertTrue(entered.await(60, TimeUnit.SECONDS), "the heavy reads never started");
                HttpResponse<String> third = http.send(post(api, "render_chart", "{\"symbol\":\"IBM\"}"), HttpResponse.BodyHandlers.ofString());
                assertEquals(503, third.statusCode(), third.body());
                assertTrue(third.body().contains("\"resource_limit\"") && third.body().contains("the app is answering 2 requests already")
                        && third.body().contains("retry in a moment"), third.body());
                assertEquals("1", third.headers().firstValue("Retry-After").orElse(null));
                // other lanes: a metadata read takes the reserved slot, health none
                HttpResponse<String> jobs = http.send(post(api, "list_jobs", "{}"), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, jobs.statusCode(), jobs.body());
                HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/health"))
                        .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, health.statusCode(), health.body());
                assertEquals(2, held(api, 2), "the metadata read gave its slot back");
                assertEquals(1, api.traffic().total(ApiTraffic.Event.BUSY));
            } finally {
                release.countDown();
            }
            for (CompletableFuture<HttpResponse<String>> h : heavy) assertEquals(200, h.get(60, TimeUnit.SECONDS).statusCode());
            HttpResponse<String> after = http.send(post(api, "render_chart", "{\"symbol\":\"IBM\"}"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, after.statusCode(), after.body());
            assertEquals(0, held(api, 0), "every slot is given back");
        }
    }

    /**
     * The refusal used to leave the body unread, and closing over unread bytes resets the connection: a
     * client still sending its body (larger than the socket buffers take) got "connection reset", not the 503.
     */
    @Test
    void aClientStillSendingALargeBodyReadsTheRefusal() throws Exception {
        CountDownLatch entered = new CountDownLatch(1), release = new CountDownLatch(1);
        try (LocalApiServer api = holdingApi(1, 0, entered, release)) {
            CompletableFuture<HttpResponse<String>> heavy = http.sendAsync(post(api, "render_chart", "{\"symbol\":\"IBM\"}"), HttpResponse.BodyHandlers.ofString());
            try {
                assertTrue(entered.await(60, TimeUnit.SECONDS), "the heavy read never started");
                int length = 1_000_000; // under the 1 MiB bound: a body the app would read if a slot were free
                try (java.net.Socket s = new java.net.Socket()) {
                    s.setSendBufferSize(8192); // the rest of the body waits on the app reading it
                    s.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), api.port()));
                    s.setSoTimeout(60_000);
                    java.io.OutputStream out = s.getOutputStream();
                    out.write(("POST /api/v1/render_chart HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer " + TOKEN
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                    byte[] chunk = new byte[16 * 1024];
                    java.util.Arrays.fill(chunk, (byte) ' ');
                    for (int sent = 0; sent < length; sent += chunk.length) out.write(chunk, 0, Math.min(chunk.length, length - sent));
                    String answer = new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                    assertTrue(answer.startsWith("HTTP/1.1 503"), answer);
                    assertTrue(answer.contains("\"resource_limit\"") && answer.toLowerCase(java.util.Locale.ROOT).contains("retry-after: 1"), answer);
                }
                assertEquals(1, api.traffic().total(ApiTraffic.Event.BUSY));
            } finally {
                release.countDown();
            }
            assertEquals(200, heavy.get(60, TimeUnit.SECONDS).statusCode());
        }
    }

    /**
     * Attack pass 12, M1: a slot was taken before the body was read, so one client sending heads with a
     * Content-Length larger than what follows held every slot for the body deadline, and again after it:
     * every other client, even list_jobs, was told to retry. Now bodies are read before a slot is taken.
     */
    @Test
    void bodiesThatStallHoldNoSlotAndOtherClientsAreAnswered() throws Exception {
        CountDownLatch entered = new CountDownLatch(1), release = new CountDownLatch(0);
        List<java.net.Socket> stalled = new ArrayList<>();
        try (LocalApiServer api = holdingApi(2, 1, entered, release)) {
            for (int i = 0; i < 10; i++) stalled.add(stalledBody(api.port(), i % 2 == 0 ? "render_chart" : "list_jobs"));
            // each stalled request is being read, or (before the fix) holds a slot or was refused for want of one
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (api.bodiesArriving() + api.traffic().total(ApiTraffic.Event.BUSY) < 10 && System.nanoTime() < until) Thread.sleep(5);
            HttpResponse<String> jobs = http.send(post(api, "list_jobs", "{}"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, jobs.statusCode(), jobs.body());
            HttpResponse<String> chart = http.send(post(api, "render_chart", "{\"symbol\":\"IBM\"}"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, chart.statusCode(), chart.body());
            assertEquals(10, api.bodiesArriving(), "the stalled bodies are still being read, apart from the slots");
            assertEquals(0, held(api, 0), "a body still arriving holds no slot (the last call gives its slot back just after its answer)");
            assertEquals(0, api.traffic().total(ApiTraffic.Event.BUSY));
        } finally {
            for (java.net.Socket s : stalled) s.close();
        }
    }

    /** An answer larger than the sockets' buffers, never read, held its slot for as long as the client kept the connection. */
    @Test
    void aClientThatStopsReadingItsAnswerGivesItsSlotBack() throws Exception {
        ConnectionLimits limits = new ConnectionLimits(32, Duration.ofSeconds(60), Duration.ofMillis(300), Duration.ofSeconds(60), 1, 0);
        String large = "x".repeat(16 << 20);
        Function<org.sextant.engine.api.ApiCall, Object> drawing = call -> Map.of("text", large);
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(Capabilities.RENDER_CHART, drawing), limits);
             java.net.Socket s = new java.net.Socket()) {
            s.setReceiveBufferSize(4096);
            s.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), api.port()));
            s.getOutputStream().write(("POST /api/v1/render_chart HTTP/1.1\r\nHost: 127.0.0.1:" + api.port() + "\r\nAuthorization: Bearer " + TOKEN
                    + "\r\nContent-Length: 17\r\n\r\n{\"symbol\": \"IBM\"}").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (api.traffic().total(ApiTraffic.Event.SLOW_ANSWER_CUT) == 0 && System.nanoTime() < until) Thread.sleep(5);
            assertEquals(0, held(api, 0), "the answer nobody reads is cut and its slot given back");
            assertEquals(1, api.traffic().total(ApiTraffic.Event.SLOW_ANSWER_CUT));
            HttpResponse<String> jobs = http.send(post(api, "list_jobs", "{}"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, jobs.statusCode(), jobs.body());
        }
    }

    /** A connection that sends an authenticated head declaring 100,000 bytes of body, then 14 of them, and stalls. */
    static java.net.Socket stalledBody(int port, String method) throws java.io.IOException {
        java.net.Socket s = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port);
        s.getOutputStream().write(("POST /api/v1/" + method + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + TOKEN
                + "\r\nX-Sextant-Client: stalling\r\nContent-Length: 100000\r\n\r\n{\"symbol\": \"IBM").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        return s;
    }

    @Test
    void metadataReadsTakeTheReserveOnlyWhenTheSharedSlotsAreHeld() {
        RequestSlots slots = new RequestSlots(2, 1);
        RequestSlots.Slot a = slots.tryEnter(false), b = slots.tryEnter(false);
        assertEquals(null, slots.tryEnter(false), "a third heavy request finds no slot");
        RequestSlots.Slot meta = slots.tryEnter(true);
        assertTrue(meta != null, "a metadata read takes the reserve");
        assertEquals(null, slots.tryEnter(true), "the reserve is one slot");
        a.close();
        a.close(); // closing twice gives back one slot
        assertEquals(2, slots.held());
        RequestSlots.Slot c = slots.tryEnter(true);
        assertTrue(c != null, "a metadata read takes a shared slot once one is free");
        assertEquals(null, slots.tryEnter(false));
        for (RequestSlots.Slot s : List.of(b, meta, c)) s.close();
        assertEquals(0, slots.held());
    }

    /** An API of {@code shared} slots and {@code reserve} more for metadata, whose render_chart holds its slot until let go. */
    private LocalApiServer holdingApi(int shared, int reserve, CountDownLatch entered, CountDownLatch release) throws java.io.IOException {
        ConnectionLimits limits = new ConnectionLimits(32, Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(60), shared, reserve);
        Function<org.sextant.engine.api.ApiCall, Object> holding = call -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Map.of("drawn", true);
        };
        return LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(Capabilities.RENDER_CHART, holding), limits);
    }

    /** Slots held once they come to {@code expected} (a slot is given back just after its answer is sent), or after 60 s. */
    private static int held(LocalApiServer api, int expected) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (api.slots().held() != expected && System.nanoTime() < until) Thread.sleep(5);
        return api.slots().held();
    }

    private static HttpRequest post(LocalApiServer api, String method, String body) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }
}
