package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.HeavyRead;
import org.sextant.engine.testing.TempSextant;

/**
 * A heavy read whose client goes away stops at its next checkpoint and gives back its turn: a
 * client that sent heavy reads and dropped them (curl -m 2, a cancelled MCP call) held every turn
 * until their budgets ended, and the next heavy read was refused with resource_limit.
 */
class AbandonedReadTest {
    private static final String TOKEN = "t0ken";
    @TempSextant private Sextant engine;

    @Test
    void aReadWhoseClientClosedTheConnectionStopsAndItsTurnGoesToTheNextRead() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/net/tcp")), "the kernel's connection table is read on Linux only");
        HeavyRead heavy = new HeavyRead(Map.of("drawn", true));
        try (LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", () -> "state", Map.of(Capabilities.RENDER_CHART, heavy))) {
            ComputingTurns turns = api.routes().computing;
            int others = turns.free() - 1;
            for (int i = 0; i < others; i++) assertNull(turns.acquire("other " + i, 0)); // other clients' calls hold every turn but one
            try {
                try (Socket first = new Socket("127.0.0.1", api.port())) {
                    OutputStream out = first.getOutputStream();
                    out.write(request(api.port()));
                    out.flush();
                    assertTrue(heavy.computing.await(60, TimeUnit.SECONDS), "the first read never started");
                } // the client gives up: its connection closes while the read computes
                HttpResponse<String> second = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + api.port() + "/api/v1/render_chart"))
                        .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(60))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"symbol\":\"IBM\"}")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, second.statusCode(), second.body());
                assertEquals(List.of(HeavyRead.STOPPED, HeavyRead.ANSWERED), heavy.events);
            } finally {
                for (int i = 0; i < others; i++) turns.release("other " + i);
            }
            assertEquals(others + 1, turns.free(), "every turn is given back");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (api.traffic().total(ApiTraffic.Event.CLIENT_GONE) == 0 && System.nanoTime() < until) Thread.sleep(10);
            assertEquals(1, api.traffic().total(ApiTraffic.Event.CLIENT_GONE), "counted as a client gone, not logged as a failure");
        }
    }

    private static byte[] request(int port) {
        String body = "{\"symbol\":\"IBM\"}";
        return ("POST /api/v1/render_chart HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + TOKEN
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                .getBytes(StandardCharsets.US_ASCII);
    }
}
