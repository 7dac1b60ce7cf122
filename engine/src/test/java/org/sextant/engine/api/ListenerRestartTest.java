package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * The JDK server's dispatcher thread ending with an Error (an OutOfMemoryError in its loop) left the
 * port accepting connections that nobody read: every client hung until its own timeout, for good. The
 * app now frees the port from the ending thread and listens there again with the same token.
 */
class ListenerRestartTest {
    private static final String TOKEN = "t0ken";
    @TempSextant private Sextant engine;

    @Test
    void aListenerWhoseThreadDiedListensAgainOnItsPortWithTheSameToken() throws Exception {
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of())) {
            int old = api.port();
            java.util.concurrent.atomic.AtomicInteger published = new java.util.concurrent.atomic.AtomicInteger(-1);
            api.onMoved(published::set);
            assertEquals(200, health(api.port()).statusCode());
            endWithAnError(api.listener().dispatcher());
            long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (api.listener().restarts() == 0 && System.nanoTime() < until) Thread.sleep(20);
            assertEquals(1, api.listener().restarts(), "the listener was started again");
            // the ending thread freed its port and listens there again: a client keeping the old port is answered
            // (it used to stay bound, accepting connections nobody read: this call waited out its timeout)
            HttpResponse<String> again = health(old);
            assertEquals(200, again.statusCode(), again.body());
            assertEquals(old, api.port(), "listening on the same port");
            api.listener().check(); // what the next sweep does: nothing more to restart, the port is published as it is
            assertEquals(1, api.listener().restarts(), "started again once");
            assertEquals(-1, published.get(), "no new port to publish");
        }
    }

    /**
     * The ending thread's wake-up lost (out of memory there too) while the app is idle: no sweep runs, and the listener is
     * checked at the guard's next idle watch (every 10 s; run by hand here), which sees its thread ended.
     */
    @Test
    void aListenerThatEndedUnheardWhileIdleIsCheckedAtTheNextWatch() throws Exception {
        java.util.List<Runnable> watches = new java.util.concurrent.CopyOnWriteArrayList<>();
        ApiTraffic traffic = new ApiTraffic(Duration.ofMinutes(1), line -> {});
        try (ConnectionGuard guard = new ConnectionGuard(ConnectionLimits.DEFAULT, traffic, (period, check) -> watches.add(check));
             Listener listener = Listener.start(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), ex -> {
                 ex.sendResponseHeaders(204, -1);
                 ex.close();
             }, guard, () -> {
                 throw new OutOfMemoryError("no memory left to wake the guard");
             })) {
            java.util.concurrent.atomic.AtomicInteger published = new java.util.concurrent.atomic.AtomicInteger(-1);
            guard.alsoEachSweep(() -> {
                int port = listener.check();
                if (port >= 0) published.set(port);
            }, listener::needsCheck);
            int port = listener.port();
            endWithAnError(listener.dispatcher());
            assertTrue(listener.needsCheck(), "a check is due");
            assertFalse(guard.sweepPending(), "and nothing woke the guard to run it");

            watches.get(0).run();
            long hang = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // a hang guard, far past one sweep
            while (listener.needsCheck() && System.nanoTime() < hang) Thread.sleep(10);
            assertFalse(listener.needsCheck(), "checked at the watch");
            assertEquals(port, published.get(), "its port published: the one it listens on again");
            assertEquals(204, HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/health"))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding()).statusCode(), "and answered there");
        }
    }

    /** Ends the dispatcher thread with an Error thrown asynchronously into its loop, as an OutOfMemoryError anywhere in it would be. */
    private static void endWithAnError(Thread dispatcher) throws Exception {
        try {
            Thread.class.getMethod("stop").invoke(dispatcher);
        } catch (java.lang.reflect.InvocationTargetException e) {
            Assumptions.assumeFalse(e.getCause() instanceof UnsupportedOperationException, "Thread.stop is gone from this JDK (20+)");
            throw e;
        }
        dispatcher.join(60_000); // a hang guard: its handler runs before it ends
        assertFalse(dispatcher.isAlive(), "the dispatcher thread ended");
    }

    private static HttpResponse<String> health(int port) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/health"))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
