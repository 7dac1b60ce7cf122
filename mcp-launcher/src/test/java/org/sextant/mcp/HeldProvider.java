package org.sextant.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.Settings;

/**
 * The one stand-in of these tests: the network. A price provider on loopback, the test engine's
 * default, that answers every symbol with the engine's recorded Stooq file ({@link #ROWS} daily
 * rows; FAILME.US gets a 404). While {@link #hold held} it keeps each answer back, so a gather job
 * stays RUNNING, deterministically, until the test releases it.
 */
public final class HeldProvider implements AutoCloseable {
    /** Daily rows in the recorded answer (engine test resource ingest/msft.us.csv). */
    public static final int ROWS = 10;

    private final HttpServer server;
    private final byte[] recorded;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private volatile int requestsWhenHeld;

    private HeldProvider() throws IOException {
        try (InputStream in = HeldProvider.class.getResourceAsStream("/ingest/msft.us.csv")) {
            recorded = in.readAllBytes();
        }
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/q/d/l/", this::answer);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    /** Starts the provider and makes it {@code engine}'s default in its settings.json. */
    public static HeldProvider serve(Sextant engine) throws IOException {
        HeldProvider p = new HeldProvider();
        String url = "http://127.0.0.1:" + p.server.getAddress().getPort() + "/q/d/l/?s={symbol}&i=d";
        new Settings("held", Map.of("held", new Settings.Provider(url, null))).save(engine.home().settingsJson());
        return p;
    }

    /** Keeps every answer back from now until {@link #release}. */
    public HeldProvider hold() {
        requestsWhenHeld = requests.size();
        gate = new CountDownLatch(1);
        return this;
    }

    public void release() { gate.countDown(); }

    /** Releases what is held and waits for every job of {@code engine} to end, so that no test leaves a writer job running for the next. */
    public void settle(Sextant engine) throws InterruptedException {
        release();
        for (var job : engine.jobs().list()) engine.jobs().await(job.id(), java.time.Duration.ofMinutes(2));
    }

    /** Waits (bounded generously) until a request arrives after {@link #hold}: the gather job is then RUNNING. */
    public boolean awaitHeldRequest() throws InterruptedException {
        for (int i = 0; i < 6000 && requests.size() <= requestsWhenHeld; i++) Thread.sleep(10);
        return requests.size() > requestsWhenHeld;
    }

    private void answer(HttpExchange ex) throws IOException {
        try (ex) {
            String query = String.valueOf(ex.getRequestURI().getQuery());
            requests.add(query);
            if (!gate.await(120, TimeUnit.SECONDS)) throw new IOException("held past the test's bound");
            boolean fail = query.toUpperCase().contains("S=FAILME");
            byte[] body = fail ? "not found".getBytes() : recorded;
            ex.getResponseHeaders().set("Content-Type", fail ? "text/plain" : "text/csv");
            ex.sendResponseHeaders(fail ? 404 : 200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        release();
        server.stop(0);
    }
}
