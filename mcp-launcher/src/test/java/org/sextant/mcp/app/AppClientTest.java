package org.sextant.mcp.app;

import org.sextant.contract.Capabilities;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.envelope.ToolFailure;

/** Discovery (kept while run/app.json is unchanged, re-read on a refusal) and transport failures, each with its named fail_reason. */
class AppClientTest {
    @TempDir
    Path home;
    @TempSextant
    static Sextant engine;

    AppClient client(Duration timeout) {
        return new AppClient(home.resolve("run/app.json"), timeout);
    }

    static String reason(ThrowingCall call) {
        return assertThrows(ToolFailure.class, call::run).failReason();
    }

    interface ThrowingCall {
        void run() throws Exception;
    }

    /** The app bounds run_select per client (two at once): each MCP session of a launcher is its own client. */
    @Test
    void callsNameTheLauncherAndTheSessionTheyServe() {
        String launcher = "sextant-mcp-" + ProcessHandle.current().pid();
        assertEquals(launcher, AppClient.client());
        assertEquals(launcher + "/6a1c-e2", AppClient.forSession("6a1c-e2", AppClient::client));
        String odd = AppClient.forSession("a session id with spaces", AppClient::client);
        assertTrue(odd.matches(java.util.regex.Pattern.quote(launcher) + "/sha256:[0-9a-f]{64}"), odd);
        assertEquals(launcher, AppClient.client(), "the session is the call's, not the thread's after it");
        String request = new String(LoopbackHttp.request(4711, "/api/v1/run_select", "t", launcher + "/6a1c-e2", new byte[0]),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(request.contains("\r\nX-Sextant-Client: " + launcher + "/6a1c-e2\r\n"), request);
    }

    /**
     * Two sessions are two clients whatever their ids hold: "Aa!" and "BB!" have one String hash, and
     * a plain id cannot pass for another's hashed one. Every form fits the app's header rule
     * (LocalApiServer: 1 to 100 of letters, digits and . _ : / -).
     */
    @Test
    void sessionIdsOfOtherCharactersNeverShareAClient() {
        assertEquals("Aa!".hashCode(), "BB!".hashCode());
        String a = AppClient.forSession("Aa!", AppClient::client), b = AppClient.forSession("BB!", AppClient::client);
        assertTrue(!a.equals(b), a);
        String hashed = a.substring(a.indexOf('/') + 1);
        assertTrue(!AppClient.forSession(hashed.substring("sha256:".length()), AppClient::client).equals(a), "a plain id of the hash's hex is another client");
        String longest = AppClient.forSession("\u001b[31m\u202e" + "x".repeat(10_000), AppClient::client);
        for (String c : java.util.List.of(a, b, longest)) assertTrue(c.matches("[A-Za-z0-9._:/-]{1,100}"), c);
    }

    @Test
    void aStaleFileFromACrashedAppMeansNotRunning() throws Exception {
        Process gone = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-version").redirectErrorStream(true).start();
        gone.getInputStream().readAllBytes();
        gone.waitFor();
        try (TappedApp app = TappedApp.start(engine, home)) {
            app.writeAppJson(gone.pid(), org.sextant.engine.Version.CONTRACT);
            ToolFailure f = assertThrows(ToolFailure.class, () -> client(Duration.ofSeconds(5)).call(Capabilities.LIST_SYMBOLS, Map.of()));
            assertEquals("app_not_running", f.failReason());
            assertTrue(f.getMessage().contains("pid " + gone.pid()), f.getMessage());
            assertEquals(0, app.totalCalls());
        }
    }

    @Test
    void aTornFileMeansNotRunning() throws Exception {
        Files.createDirectories(home.resolve("run"));
        Files.writeString(home.resolve("run/app.json"), "{\"pid\": 1, \"po");
        assertEquals("app_not_running", reason(() -> client(Duration.ofSeconds(5)).health()));
    }

    @Test
    void aSlowAppIsATimeoutNotAHang() throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            app.delay(4_000);
            ToolFailure f = assertThrows(ToolFailure.class, () -> client(Duration.ofSeconds(1)).call(Capabilities.LIST_SYMBOLS, Map.of()));
            assertEquals("timeout", f.failReason());
            assertTrue(f.getMessage().contains("list_symbols"), f.getMessage());
        }
    }

    @Test
    void aWrongTokenIsAnAuthFailure() throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            String text = Files.readString(home.resolve("run/app.json")).replace(app.token(), "0".repeat(64));
            Files.writeString(home.resolve("run/app.json"), text);
            assertEquals("app_auth_failed", reason(() -> client(Duration.ofSeconds(5)).health()));
        }
    }

    /** Rewrites run/app.json in place (same file, same size) and puts its old time back: a change a stat cannot see. */
    private void rewriteUnseen(String text) throws Exception {
        Path file = home.resolve("run/app.json");
        FileTime modified = Files.getLastModifiedTime(file);
        assertEquals(Files.size(file), text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length,
                "the rewrite must keep the size for the stat to miss it");
        Files.writeString(file, text); // truncates and writes the same inode
        Files.setLastModifiedTime(file, modified);
    }

    @Test
    void aRefusedConnectionRereadsTheDiscoveryFileAndCallsTheAppItNowNames(@TempDir Path elsewhere) throws Exception {
        AppClient client = client(Duration.ofSeconds(5));
        try (TappedApp first = TappedApp.start(engine, home); TappedApp second = TappedApp.start(engine, elsewhere)) {
            assertEquals(TappedApp.listedSymbols(engine), client.call(Capabilities.LIST_SYMBOLS, Map.of()).get("count"));
            assertEquals(1, first.calls("list_symbols"));
            first.stop(); // the app went away and another one now serves...
            rewriteUnseen(Files.readString(elsewhere.resolve("run/app.json"))); // ...as the file says, unseen by a stat

            assertEquals(TappedApp.listedSymbols(engine), client.call(Capabilities.LIST_SYMBOLS, Map.of()).get("count"));
            assertEquals(1, second.calls("list_symbols"), "the call went to the app the re-read file names");
            assertEquals(second.port(), client.discover().port());
        }
    }

    /**
     * The app's listener thread ended and the app is listening again on the same port: a call refused in
     * between used to fail with app_not_running although run/app.json still named the running app.
     */
    @Test
    void aConnectionRefusedByTheAppTheFileStillNamesIsTriedOnceMoreAfterItsListenerIsBack() throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            int port = app.port();
            app.stop(); // the port refuses connections; run/app.json and the process stay
            java.util.concurrent.atomic.AtomicReference<com.sun.net.httpserver.HttpServer> back = new java.util.concurrent.atomic.AtomicReference<>();
            AppClient client = new AppClient(home.resolve("run/app.json"), Duration.ofSeconds(30), () -> { // meanwhile, the app listens again
                try {
                    com.sun.net.httpserver.HttpServer again = com.sun.net.httpserver.HttpServer.create(
                            new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port), 0);
                    again.createContext("/api/v1/health", ex -> {
                        byte[] ok = "{\"ok\":true,\"data\":{\"mode\":\"headless\"}}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        ex.sendResponseHeaders(200, ok.length);
                        try (var out = ex.getResponseBody()) {
                            out.write(ok);
                        }
                    });
                    again.start();
                    back.set(again);
                } catch (java.io.IOException e) {
                    throw new AssertionError("port " + port + " could not be taken again", e);
                }
            });
            try {
                assertEquals(Map.of("mode", "headless"), client.health());
                assertTrue(back.get() != null, "the call waited once");
            } finally {
                if (back.get() != null) back.get().stop(0);
            }
        }
    }

    /** A token refused by the app the file still names is not tried again: the same call would be refused the same way. */
    @Test
    void aRefusedTokenOfTheAppStillNamedIsNotRetried() throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            Path file = home.resolve("run/app.json");
            Files.writeString(file, Files.readString(file).replace(app.token(), "0".repeat(app.token().length())));
            java.util.concurrent.atomic.AtomicInteger waits = new java.util.concurrent.atomic.AtomicInteger();
            AppClient client = new AppClient(file, Duration.ofSeconds(5), waits::incrementAndGet);
            assertEquals("app_auth_failed", reason(() -> client.call(Capabilities.LIST_SYMBOLS, Map.of())));
            assertEquals(0, waits.get());
        }
    }

    @Test
    void aRefusedTokenRereadsTheDiscoveryFileAndCallsAgainWithTheNewToken() throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            Path file = home.resolve("run/app.json");
            String good = Files.readString(file);
            Files.writeString(file, good.replace(app.token(), "0".repeat(app.token().length())));
            AppClient client = client(Duration.ofSeconds(5));
            assertEquals("app_auth_failed", reason(() -> client.call(Capabilities.LIST_SYMBOLS, Map.of())));

            rewriteUnseen(good); // the token is right again, in a file that looks unchanged
            assertEquals(TappedApp.listedSymbols(engine), client.call(Capabilities.LIST_SYMBOLS, Map.of()).get("count"));
        }
    }

    @Test
    void aNewDiscoveryFileIsFollowedWithoutAFailedCall(@TempDir Path elsewhere) throws Exception {
        AppClient client = client(Duration.ofSeconds(5));
        try (TappedApp first = TappedApp.start(engine, home)) {
            assertEquals(TappedApp.listedSymbols(engine), client.call(Capabilities.LIST_SYMBOLS, Map.of()).get("count"));
            try (TappedApp second = TappedApp.start(engine, home)) { // a second app replaces run/app.json; the first still answers
                assertEquals(TappedApp.listedSymbols(engine), client.call(Capabilities.LIST_SYMBOLS, Map.of()).get("count"));
                assertEquals(1, first.calls("list_symbols"));
                assertEquals(1, second.calls("list_symbols"));
            }
        }
    }

    @Test
    void aTokenWithCharactersAHeaderCannotCarryIsNotADiscoveryFile() throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            Path file = home.resolve("run/app.json");
            Files.writeString(file, Files.readString(file).replace(app.token(), "abc\\r\\nX-Injected: 1"));
            ToolFailure f = assertThrows(ToolFailure.class, () -> client(Duration.ofSeconds(5)).call(Capabilities.LIST_SYMBOLS, Map.of()));
            assertEquals("app_not_running", f.failReason());
            assertTrue(f.getMessage().contains("token"), f.getMessage());
            assertEquals(0, app.totalCalls());
        }
    }

    @Test
    void probeReportsAbsenceAsDataNotFailure() {
        Map<String, Object> probe = client(Duration.ofSeconds(5)).probe();
        assertEquals("app_not_running", probe.get("status"));
        assertTrue(String.valueOf(probe.get("error")).contains("app.json"), probe.toString());
    }

    /** The agent's pane shows the app's refusal escaped, even from an app that sends a raw ESC or U+202E (an older release). */
    @Test
    void appFailuresAreShownEscaped() {
        ToolFailure f = assertThrows(ToolFailure.class, () -> ApiReply.unwrap("get_close_price", 404,
                utf8("{\"ok\":false,\"error\":\"unknown symbol 'AB\\u001b[31m\\u202eC'\",\"fail_reason\":\"not_found\","
                        + "\"field\":\"symbol\\u2028\",\"fix\":\"did you mean \\u200fAB?\"}")));
        assertEquals("unknown symbol 'AB\\u001b[31m\\u202eC' (field: symbol\\u2028)", f.getMessage());
        assertEquals("did you mean \\u200fAB?", f.clientHint());
        assertEquals(f.getMessage(), f.toEnvelope().error());
    }

    @Test
    void appFailuresWithoutAJsonBodyGetAStatusBasedReason() {
        assertEquals("app_error", assertThrows(ToolFailure.class,
                () -> ApiReply.unwrap("run_select", 500, utf8("<html>oops</html>"))).failReason());
        assertEquals("contract_mismatch", assertThrows(ToolFailure.class,
                () -> ApiReply.unwrap("new_method", 404, utf8(""))).failReason());
        ToolFailure f = assertThrows(ToolFailure.class, () -> ApiReply.unwrap("run_select", 400,
                utf8("{\"ok\":false,\"error\":\"only SELECT\",\"fail_reason\":\"invalid_input\",\"field\":\"sql\",\"fix\":\"send a SELECT\"}")));
        assertEquals("invalid_input", f.failReason());
        assertEquals("only SELECT (field: sql)", f.getMessage());
        assertEquals("send a SELECT", f.clientHint());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
