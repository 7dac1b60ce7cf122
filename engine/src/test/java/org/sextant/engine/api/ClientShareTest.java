package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * The computing turns' per-client share (attack 13 M3, attack 15): one client's two heavy reads held both turns
 * of a 2-core machine and every other client's forecast was refused after 5 s. Each heavy read here is a
 * render_chart held open by its own latch (named by its symbol), not by time.
 */
class ClientShareTest {
    @TempSextant private Sextant engine;
    private final Map<String, CountDownLatch> started = new ConcurrentHashMap<>(), release = new ConcurrentHashMap<>();
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void letGo() {
        release.values().forEach(CountDownLatch::countDown);
        pool.shutdownNow();
    }

    private ApiRoutes routes(Duration turnWait) {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofMinutes(5), 2, turnWait);
        routes.add(Capabilities.RENDER_CHART, call -> {
            String name = call.text("symbol");
            latch(started, name).countDown();
            try {
                return latch(release, name).await(2, TimeUnit.MINUTES) ? "drawn " + name : "never released";
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        return routes;
    }

    private static CountDownLatch latch(Map<String, CountDownLatch> m, String name) {
        return m.computeIfAbsent(name, n -> new CountDownLatch(1));
    }

    private Future<Object> send(ApiRoutes routes, String client, String name) {
        return pool.submit(() -> routes.dispatch(new ApiCall("render_chart", Json.MAPPER.readTree("{\"symbol\":\"" + name + "\"}"), client)));
    }

    private void draw(ApiRoutes routes, String client, String name) throws Exception {
        latch(release, name).countDown();
        assertEquals("drawn " + name, send(routes, client, name).get(1, TimeUnit.MINUTES));
    }

    /** Until {@code name}'s call asked for its turn and waits, or got it: counted, not timed. */
    private void awaitAsked(ApiRoutes routes, String name) throws InterruptedException {
        while (routes.computing.waiting() < 1 && latch(started, name).getCount() > 0) Thread.sleep(5);
    }

    @Test
    void aClientHoldingATurnWaitsBehindAnotherClientsRead() throws Exception {
        ApiRoutes routes = routes(Duration.ofMinutes(2)); // no wait runs out in this test: who gets the turn is what counts
        draw(routes, "client B", "B0"); // B is working (its agent asked a moment ago)
        Future<Object> a1 = send(routes, "client A", "A1");
        assertTrue(latch(started, "A1").await(1, TimeUnit.MINUTES));
        Future<Object> a2 = send(routes, "client A", "A2");
        awaitAsked(routes, "A2");
        Future<Object> b1 = send(routes, "client B", "B1");
        assertTrue(latch(started, "B1").await(1, TimeUnit.MINUTES), "B's read got the turn A's second read did not take");
        assertEquals(1, routes.computing.held("client A"));
        assertFalse(a2.isDone() || latch(started, "A2").getCount() == 0, "A's second read waits: A already holds a turn and B is working");

        latch(release, "B1").countDown();
        assertEquals("drawn B1", b1.get(1, TimeUnit.MINUTES));
        latch(release, "A1").countDown();
        assertEquals("drawn A1", a1.get(1, TimeUnit.MINUTES));
        latch(release, "A2").countDown();
        assertEquals("drawn A2", a2.get(1, TimeUnit.MINUTES), "A's second read ran once its first gave its turn back");
        assertEquals(2, routes.computing.free());
    }

    @Test
    void aLoneClientStillGetsBothTurns() throws Exception {
        ApiRoutes routes = routes(Duration.ofMinutes(2));
        Future<Object> a1 = send(routes, "client A", "A1"), a2 = send(routes, "client A", "A2");
        assertTrue(latch(started, "A1").await(1, TimeUnit.MINUTES) && latch(started, "A2").await(1, TimeUnit.MINUTES),
                "with no other client working, one client computes on both turns");
        assertEquals(2, routes.computing.held("client A"));
        latch(release, "A1").countDown();
        latch(release, "A2").countDown();
        assertEquals("drawn A1", a1.get(1, TimeUnit.MINUTES));
        assertEquals("drawn A2", a2.get(1, TimeUnit.MINUTES));
    }

    @Test
    void aReadOverItsClientsShareIsRefusedNamingWhyAndTheFix() throws Exception {
        ApiRoutes routes = routes(Duration.ofMillis(300));
        draw(routes, "client B", "B0");
        Future<Object> a1 = send(routes, "client A", "A1");
        assertTrue(latch(started, "A1").await(1, TimeUnit.MINUTES));
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> send(routes, "client A", "A2").get(1, TimeUnit.MINUTES), "a free turn is kept for B");
        SextantException refused = (SextantException) e.getCause();
        assertEquals("resource_limit", refused.failReason());
        assertTrue(refused.getMessage().contains("this client already holds a computing turn; another client is waiting"), refused.getMessage());
        assertTrue(refused.fix().startsWith("send your heavy reads one after another"), refused.fix());
        assertEquals(1, routes.computing.free(), "the refused read took nothing");
        latch(release, "A1").countDown();
        assertEquals("drawn A1", a1.get(1, TimeUnit.MINUTES));
    }
}
