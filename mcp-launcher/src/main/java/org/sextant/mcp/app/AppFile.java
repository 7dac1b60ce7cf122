package org.sextant.mcp.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.sextant.mcp.envelope.FailReason;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/** run/app.json as written by the app: where its local API listens and with which token. */
public record AppFile(long pid, int port, String token, String version, int contract, String startedAt) {

    static final String START_HINT =
            "start the Sextant app (sextant, or sextant --headless) and call again; no launcher restart is needed";

    /** Reads the file afresh; a missing, torn or incomplete file means the app is not there. */
    public static AppFile read(Path appJson) throws ToolFailure {
        String text;
        try {
            text = Files.readString(appJson);
        } catch (NoSuchFileException e) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING,
                    "the Sextant app is not running (no " + appJson + ")", START_HINT);
        } catch (IOException e) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING,
                    "cannot read " + appJson + ": " + e.getMessage(), START_HINT, e);
        }
        try {
            Map<String, Object> m = Json.readObject(text);
            Object startedAt = m.get("started_at");
            return new AppFile(number(m, "pid").longValue(), number(m, "port").intValue(),
                    token(m), String.valueOf(m.get("version")), number(m, "contract").intValue(),
                    startedAt == null ? null : String.valueOf(startedAt));
        } catch (RuntimeException e) {
            // A file caught mid-write by a non-atomic writer, or from another product: not our app.
            throw new ToolFailure(FailReason.APP_NOT_RUNNING,
                    appJson + " is not a valid Sextant discovery file: " + e.getMessage(), START_HINT, e);
        }
    }

    /** False when the pid is known to be gone (a stale file left by a crash). */
    public boolean processAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static Number number(Map<String, Object> m, String key) {
        if (m.get(key) instanceof Number n) return n;
        throw new IllegalArgumentException("'" + key + "' is missing or not a number");
    }

    private static String string(Map<String, Object> m, String key) {
        if (m.get(key) instanceof String s && !s.isEmpty()) return s;
        throw new IllegalArgumentException("'" + key + "' is missing or not a string");
    }

    /** The token goes into a header line as is: visible ASCII only. */
    private static String token(Map<String, Object> m) {
        String t = string(m, "token");
        if (!t.chars().allMatch(c -> c > ' ' && c < 127)) {
            throw new IllegalArgumentException("'token' holds characters a header cannot carry");
        }
        return t;
    }
}
