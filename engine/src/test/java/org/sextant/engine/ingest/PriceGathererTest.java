package org.sextant.engine.ingest;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.Settings;
import org.sextant.engine.store.Store;

/** Gathering against a loopback server that answers like Stooq, and like Stooq on a bad day. No real network. */
class PriceGathererTest {
    static final String KEY = "k3y-SECRET-42";
    static final String NOT_PRICES = "SECRETLINE";

    @TempDir Path tmp;
    @TempSextant Store store;
    HttpServer server;
    final List<String> requests = new CopyOnWriteArrayList<>();
    byte[] recorded;
    volatile boolean stopped;
    final AtomicLong foreverSent = new AtomicLong();

    @BeforeEach
    void start() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/ingest/msft.us.csv")) {
            recorded = in.readAllBytes();
        }
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/q/d/l/", this::answer);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    @AfterEach
    void stop() {
        stopped = true;
        server.stop(0);
    }

    /** The ticker decides the answer: msft.us gets the recorded CSV, the others a failure mode. */
    private void answer(HttpExchange ex) throws IOException {
        String query = URLDecoder.decode(ex.getRequestURI().getRawQuery(), StandardCharsets.UTF_8);
        requests.add(query);
        String symbol = query.replaceAll(".*s=([^&]*).*", "$1");
        try (ex) {
            switch (symbol) {
                case "msft.us" -> send(ex, 200, "text/csv", recorded);
                case "missing.us" -> send(ex, 404, "text/plain", "not found".getBytes());
                case "busy.us" -> send(ex, 429, "text/plain", "slow down".getBytes());
                case "html.us" -> send(ex, 200, "text/html", "<!DOCTYPE html><html><body>Service unavailable</body></html>".getBytes());
                // answers that are not prices, each with a line that must never reach a message
                case "passwd.us" -> send(ex, 200, "text/plain", ("root:x:0:0:" + NOT_PRICES + ":/root:/bin/bash\n").getBytes());
                case "page.us" -> send(ex, 200, "application/octet-stream",
                        ("<html><head><title>" + NOT_PRICES + "</title></head><body>login</body></html>").getBytes());
                case "datetrap.us" -> send(ex, 200, "text/csv", ("Date,Close\nuser=admin " + NOT_PRICES).getBytes());
                case "nodata.us" -> send(ex, 200, "text/csv", "No data".getBytes());
                case "empty.us" -> send(ex, 200, "text/csv", new byte[0]);
                case "cut.us" -> {
                    // announces the full length, sends half, hangs up
                    ex.getResponseHeaders().set("Content-Type", "text/csv");
                    ex.sendResponseHeaders(200, recorded.length);
                    OutputStream out = ex.getResponseBody();
                    out.write(recorded, 0, recorded.length / 2);
                    out.flush();
                }
                case "cutline.us" -> {
                    // a complete HTTP answer whose CSV stops mid-line
                    byte[] part = new String(recorded, StandardCharsets.UTF_8).substring(0, 150).getBytes(StandardCharsets.UTF_8);
                    send(ex, 200, "text/csv", part);
                }
                case "slow.us" -> {
                    try {
                        Thread.sleep(8000);
                    } catch (InterruptedException ignored) {
                        Thread.currentThread().interrupt();
                    }
                    send(ex, 200, "text/csv", recorded);
                }
                case "forever.us" -> {
                    // a price CSV that never ends: rows until the client hangs up (at most 8x the cap, so an unbounded client ends too)
                    ex.getResponseHeaders().set("Content-Type", "text/csv");
                    ex.sendResponseHeaders(200, 0);
                    OutputStream out = ex.getResponseBody();
                    out.write("Date,Open,High,Low,Close,Volume\n".getBytes(StandardCharsets.US_ASCII));
                    byte[] rows = "2000-01-03,1,2,0.5,1.5,100\n".repeat(4096).getBytes(StandardCharsets.US_ASCII);
                    while (!stopped && foreverSent.get() < 8 * PriceGatherer.MAX_ANSWER_BYTES) {
                        out.write(rows);
                        foreverSent.addAndGet(rows.length);
                    }
                }
                case "drip.us" -> {
                    // headers at once, then the CSV a byte every 100 ms (ending after 30 s, so an unbounded client ends too)
                    ex.getResponseHeaders().set("Content-Type", "text/csv");
                    ex.sendResponseHeaders(200, 0);
                    OutputStream out = ex.getResponseBody();
                    for (int i = 0; i < 300 && !stopped; i++) {
                        out.write(recorded[i % recorded.length]);
                        out.flush();
                        try {
                            Thread.sleep(100);
                        } catch (InterruptedException ignored) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                }
                default -> send(ex, 500, "text/plain", "unexpected".getBytes());
            }
        }
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) ex.getResponseBody().write(body);
    }

    Settings settings() {
        String template = "http://127.0.0.1:" + server.getAddress().getPort() + "/q/d/l/?s={symbol}&i=d&apikey={api_key}";
        return new Settings("local", Map.of("local", new Settings.Provider(template, KEY)));
    }

    PriceGatherer gatherer() {
        return new PriceGatherer(store, settings(), Duration.ofSeconds(5), Duration.ofSeconds(3));
    }

    long prices() {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    @Test
    void gathersRecordedStooqCsvIntoTheStore() {
        ImportReport report = gatherer().gather(List.of("msft.us"), null);
        assertEquals(List.of("MSFT.US"), report.symbols());
        assertEquals("stooq", report.files().get(0).layout());
        assertEquals(10, report.rowsInserted());
        assertTrue(requests.get(0).contains("apikey=" + KEY), "the key is sent to the provider");
        // timeSeries::MSFT close on 2000-09-28
        double close = store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT close FROM prices WHERE symbol = 'MSFT.US' AND date = DATE '2000-09-28' AND source = 'local'")) {
                r.next();
                return r.getDouble(1);
            }
        });
        assertEquals(61.3125, close);
        ImportReport again = gatherer().gather(List.of("msft.us"), "local");
        assertEquals(10, again.rowsUpdated());
        assertEquals(0, again.rowsInserted());
    }

    /** A disk that fills while the answers are written to staging: said as a full disk, naming the staging folder; nothing imported or left. */
    @Test
    void aFullDiskWhileStagingTheAnswersIsSaidAsSuch() throws Exception {
        StagedFile.Sink full = target -> new java.io.FilterOutputStream(java.nio.file.Files.newOutputStream(target)) {
            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }
        };
        PriceGatherer filling = new PriceGatherer(store, settings(), Duration.ofSeconds(5), Duration.ofSeconds(3), PriceRules.defaults(), full);
        SextantException e = assertThrows(SextantException.class, () -> filling.gather(List.of("msft.us"), null));
        java.nio.file.Path staging = store.stagingDir().toAbsolutePath().normalize();
        assertEquals("io_error", e.failReason());
        assertEquals("no space left to stage the local answers in " + staging + ": each answer is written there before it is imported, "
                + "and the disk is full (No space left on device); nothing was imported", e.getMessage());
        assertEquals("free disk space on the disk of " + staging + " (old backups, data/damaged-* copies), then gather again", e.fix());
        assertEquals(0, prices());
        try (var left = java.nio.file.Files.list(staging)) {
            assertEquals(0, left.count(), "the answers' folder is removed");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "missing.us, not_found,      404",
            "busy.us,    rate_limited,   429",
            "html.us,    provider_error, HTML page",
            "nodata.us,  not_found,      has no data for nodata.us",
            "empty.us,   not_found,      has no data for empty.us",
            "cut.us,     provider_error, cut short",
            "cutline.us, provider_error, cut short",
            "slow.us,    timeout,        within the time limit of 3 s",
            "drip.us,    timeout,        within the time limit of 3 s (headers and body)"})
    void eachFailureIsClearWritesNothingAndHidesTheKey(String symbol, String reason, String says) {
        SextantException e = assertThrows(SextantException.class, () -> gatherer().gather(List.of("msft.us", symbol), null));
        assertEquals(reason, e.failReason());
        // only a ticker the provider has nothing for is the argument at fault; the network or the provider's answer is not
        assertEquals(reason.equals("not_found") ? "symbols" : null, e.field());
        assertTrue(e.getMessage().contains(says), e.getMessage());
        assertTrue(e.getMessage().contains(symbol), e.getMessage());
        assertFalse(e.getMessage().contains(KEY), e.getMessage());
        assertFalse(String.valueOf(e.fix()).contains(KEY), e.fix());
        assertFalse(String.valueOf(e.getCause()).contains(KEY));
        assertEquals(0, prices(), "the good symbol fetched first must not be written either");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "passwd.us   | did not return a price CSV: its first line is not a header with a Date column (content type text/plain, 38 bytes)",
            "page.us     | returned an HTML page instead of CSV (content type application/octet-stream, 69 bytes)",
            "datetrap.us | was cut short: its last line has 1 field where the header has 2 (32 bytes)"})
    void anAnswerThatIsNotPricesIsDescribedNeverQuoted(String symbol, String says) {
        SextantException e = assertThrows(SextantException.class, () -> gatherer().gather(List.of(symbol), null));
        assertEquals("provider_error", e.failReason());
        assertTrue(e.getMessage().contains(symbol) && e.getMessage().contains(says), e.getMessage());
        assertFalse(e.getMessage().contains(NOT_PRICES) || e.getMessage().contains("root:") || e.getMessage().contains("admin"), e.getMessage());
        assertFalse(String.valueOf(e.fix()).contains(NOT_PRICES), e.fix());
    }

    @Test
    void aServerThatDoesNotSpeakHttpIsDescribedNeverQuoted() throws Exception {
        try (java.net.ServerSocket raw = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> {
                try (java.net.Socket s = raw.accept()) {
                    s.getOutputStream().write(("root:x:0:0:" + NOT_PRICES + ":/root:/bin/bash\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    s.getInputStream().read(new byte[4096]);
                } catch (IOException ignored) {
                    // the client hung up
                }
            });
            answering.start();
            Settings raws = new Settings("raw", Map.of("raw", new Settings.Provider("http://127.0.0.1:" + raw.getLocalPort() + "/?s={symbol}", null)));
            SextantException e = assertThrows(SextantException.class,
                    () -> new PriceGatherer(store, raws, Duration.ofSeconds(5), Duration.ofSeconds(30)).gather(List.of("msft.us"), null));
            answering.join(30_000);
            assertEquals("provider_error", e.failReason());
            assertTrue(e.getMessage().contains("not valid HTTP"), e.getMessage());
            assertFalse(e.getMessage().contains(NOT_PRICES) || e.getMessage().contains("root:"), e.getMessage());
        }
    }

    /** Endless response headers end the download at the JDK's header limit (jdk.http.maxHeaderSize), long before memory or the deadline. */
    @Test
    void endlessHeadersAreStoppedAndDescribedNeverQuoted() throws Exception {
        java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicReference<java.net.Socket> open = new java.util.concurrent.atomic.AtomicReference<>();
        try (java.net.ServerSocket raw = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> {
                try (java.net.Socket s = raw.accept()) {
                    open.set(s);
                    var out = s.getOutputStream();
                    out.write("HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\n".getBytes(StandardCharsets.US_ASCII));
                    byte[] line = ("X-Pad: " + NOT_PRICES + "x".repeat(1000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
                    while (sent.get() < 1L << 30) { // 1 GiB: far past any bound the client should keep
                        out.write(line);
                        sent.addAndGet(line.length);
                    }
                } catch (IOException ignored) {
                    // the client hung up: what this test waits for
                }
            });
            answering.start();
            Settings raws = new Settings("raw", Map.of("raw", new Settings.Provider("http://127.0.0.1:" + raw.getLocalPort() + "/?s={symbol}", null)));
            SextantException e = assertThrows(SextantException.class,
                    () -> new PriceGatherer(store, raws, Duration.ofSeconds(5), Duration.ofMinutes(5)).gather(List.of("msft.us"), null));
            long atFailure = sent.get();
            open.get().close(); // the writer may sit in a full socket buffer the client no longer reads
            answering.join(60_000);
            assertEquals("provider_error", e.failReason());
            assertFalse(e.getMessage().contains(NOT_PRICES) || e.getMessage().contains("X-Pad"), e.getMessage());
            assertTrue(e.getMessage().contains("headers were larger than the 384 KiB the client accepts"), e.getMessage());
            assertTrue(atFailure < 32L << 20, "the client stopped reading headers: " + atFailure + " bytes sent");
            assertEquals(0, prices());
        }
    }

    /** Keys written into the template itself (user-info, a query value) are masked like {api_key}; the ticker still shows. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "answered | http://reader:PASSWORD-1@127.0.0.1:PORT/q/d/l/?s={symbol}&token=TOKEN-2&i=d#FRAG-3 | missing.us | http://***@127.0.0.1:PORT/q/d/l/?s=missing.us&token=***&i=***#***",
            "invalid  | http://reader:PASSWORD-1@127.0.0.1:PORT/q d/?s={symbol}&token=TOKEN-2             | msft.us    | http://***@127.0.0.1:PORT/q d/?s=msft.us&token=***",
            "refused  | http://reader:PASSWORD-1@127.0.0.1:1/q/d/l/?s={symbol}&token=TOKEN-2&key={api_key} | msft.us    | http://***@127.0.0.1:1/q/d/l/?s=msft.us&token=***&key=***"})
    void secretsWrittenIntoTheUrlTemplateAreMasked(String what, String template, String symbol, String shown) {
        String port = String.valueOf(server.getAddress().getPort());
        Settings literal = new Settings("mine", Map.of("mine", new Settings.Provider(template.replace("PORT", port), KEY)));
        SextantException e = assertThrows(SextantException.class,
                () -> new PriceGatherer(store, literal, Duration.ofSeconds(5), Duration.ofSeconds(30)).gather(List.of(symbol), null));
        for (String secret : List.of("PASSWORD-1", "reader", "TOKEN-2", "FRAG-3", KEY)) {
            assertFalse(e.getMessage().contains(secret) || String.valueOf(e.fix()).contains(secret), secret + " in: " + e.getMessage());
        }
        assertTrue(e.getMessage().contains(shown.replace("PORT", port)), e.getMessage());
    }

    @Test
    void anAnswerThatNeverEndsIsStoppedAtTheSizeLimit() {
        // a generous answer deadline: this test is about memory, not time
        PriceGatherer patient = new PriceGatherer(store, settings(), Duration.ofSeconds(5), Duration.ofMinutes(5));
        SextantException e = assertThrows(SextantException.class, () -> patient.gather(List.of("msft.us", "forever.us"), null));
        assertEquals("provider_error", e.failReason());
        assertNull(e.field(), "no fault of the ticker");
        assertTrue(e.getMessage().contains("forever.us") && e.getMessage().contains("larger than the limit of 32 MB"), e.getMessage());
        assertFalse(e.getMessage().contains(KEY), e.getMessage());
        assertEquals(0, prices(), "nothing is stored for the batch, as for any failed ticker");
        assertTrue(foreverSent.get() < 4 * PriceGatherer.MAX_ANSWER_BYTES, "the download was stopped, not read to its end: " + foreverSent.get());
        assertEquals(10, patient.gather(List.of("msft.us"), null).rowsInserted(), "the next gather works as before");
    }

    @Test
    void unknownProviderAndMissingKeyAreNamed() {
        SextantException e = assertThrows(SextantException.class, () -> gatherer().gather(List.of("msft.us"), "yahoo"));
        assertEquals("provider", e.field());
        assertTrue(e.fix().contains("local"), e.fix());
        Settings noKey = new Settings("local", Map.of("local", new Settings.Provider(settings().providers().get("local").urlTemplate(), null)));
        e = assertThrows(SextantException.class, () -> new PriceGatherer(store, noKey, PriceRules.defaults()).gather(List.of("msft.us"), null));
        assertTrue(e.getMessage().contains("needs an API key"), e.getMessage());
        assertTrue(requests.isEmpty());
    }

    @Test
    void badTickerIsRefusedBeforeAnyRequest() {
        SextantException e = assertThrows(SextantException.class, () -> gatherer().gather(List.of("msft us&x=1"), null));
        assertEquals("symbols", e.field());
        assertTrue(requests.isEmpty());
    }
}
