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
        Function<org.sextant.engine.api.ApiCall, Object> blocking = call -> { // a heavy read holding its slot until let go
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Map.of("drawn", true);
        };
        ConnectionLimits limits = new ConnectionLimits(32, Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(60), 2, 1);
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(Capabilities.RENDER_CHART, blocking), limits)) {
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
