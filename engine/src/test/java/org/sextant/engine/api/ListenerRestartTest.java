package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
            Thread dispatcher = api.listener().dispatcher();
            // an Error thrown asynchronously into its loop, as an OutOfMemoryError anywhere in it would be
            try {
                Thread.class.getMethod("stop").invoke(dispatcher);
            } catch (java.lang.reflect.InvocationTargetException e) {
                Assumptions.assumeFalse(e.getCause() instanceof UnsupportedOperationException, "Thread.stop is gone from this JDK (20+)");
                throw e;
            }
            dispatcher.join(60_000);
            assertFalse(dispatcher.isAlive(), "the dispatcher thread ended");
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

    private static HttpResponse<String> health(int port) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/health"))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
