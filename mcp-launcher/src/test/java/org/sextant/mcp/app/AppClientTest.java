package org.sextant.mcp.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.FakeApp;
import org.sextant.mcp.envelope.ToolFailure;

/** Discovery and transport failures, each with its named fail_reason. */
class AppClientTest {
    @TempDir
    Path home;

    AppClient client(Duration timeout) {
        return new AppClient(home.resolve("run/app.json"), timeout);
    }

    static String reason(ThrowingCall call) {
        return assertThrows(ToolFailure.class, call::run).failReason();
    }

    interface ThrowingCall {
        void run() throws Exception;
    }

    @Test
    void aStaleFileFromACrashedAppMeansNotRunning() throws Exception {
        Process gone = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-version").redirectErrorStream(true).start();
        gone.getInputStream().readAllBytes();
        gone.waitFor();
        try (FakeApp app = new FakeApp(home).start()) {
            app.writeAppJson(gone.pid(), 1);
            ToolFailure f = assertThrows(ToolFailure.class, () -> client(Duration.ofSeconds(5)).call("list_symbols", Map.of()));
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
        try (FakeApp app = new FakeApp(home).start()) {
            app.delay(4_000);
            ToolFailure f = assertThrows(ToolFailure.class, () -> client(Duration.ofSeconds(1)).call("list_symbols", Map.of()));
            assertEquals("timeout", f.failReason());
            assertTrue(f.getMessage().contains("list_symbols"), f.getMessage());
        }
    }

    @Test
    void aWrongTokenIsAnAuthFailure() throws Exception {
        try (FakeApp app = new FakeApp(home).start()) {
            String text = Files.readString(home.resolve("run/app.json")).replace(app.token(), "0".repeat(64));
            Files.writeString(home.resolve("run/app.json"), text);
            assertEquals("app_auth_failed", reason(() -> client(Duration.ofSeconds(5)).health()));
        }
    }

    @Test
    void probeReportsAbsenceAsDataNotFailure() {
        Map<String, Object> probe = client(Duration.ofSeconds(5)).probe();
        assertEquals("app_not_running", probe.get("status"));
        assertTrue(String.valueOf(probe.get("error")).contains("app.json"), probe.toString());
    }

    @Test
    void appFailuresWithoutAJsonBodyGetAStatusBasedReason() {
        assertEquals("app_error", assertThrows(ToolFailure.class,
                () -> ApiReply.unwrap("run_select", 500, "<html>oops</html>")).failReason());
        assertEquals("contract_mismatch", assertThrows(ToolFailure.class,
                () -> ApiReply.unwrap("new_method", 404, "")).failReason());
        ToolFailure f = assertThrows(ToolFailure.class, () -> ApiReply.unwrap("run_select", 400,
                "{\"ok\":false,\"error\":\"only SELECT\",\"fail_reason\":\"invalid_input\",\"field\":\"sql\",\"fix\":\"send a SELECT\"}"));
        assertEquals("invalid_input", f.failReason());
        assertEquals("only SELECT (field: sql)", f.getMessage());
        assertEquals("send a SELECT", f.clientHint());
    }
}
