package org.sextant.contract;

import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * run/app.json: how a client finds the running app (its pid, local API port and token, release
 * and contract major). The app writes it (atomically, mode 600); the launcher and the CLI read it
 * only through {@link #read}.
 */
public record AppFile(long pid, int port, String token, String version, int contract, String startedAt) {
    private static final JsonMapper MAPPER = JsonMapper.shared();

    public static String newToken() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The file's text. */
    public String toJson() {
        return MAPPER.writeValueAsString(MAPPER.createObjectNode().put("pid", pid).put("port", port).put("token", token).put("version", version)
                .put("contract", contract).put("started_at", startedAt));
    }

    /**
     * Reads the file afresh.
     *
     * @throws java.nio.file.NoSuchFileException when there is none (no app)
     * @throws IOException when it cannot be read, or is a link, FIFO or device ({@link HomeFile.NotRegular})
     * @throws IllegalArgumentException when it is torn, incomplete or not Sextant's (says which field)
     */
    public static AppFile read(Path appJson) throws IOException {
        // a link or a FIFO in its place is not the app's: HomeFile.NotRegular (an IOException), never followed nor waited on
        // read again if the app renames a new app.json over it meanwhile (HomeFile.Replaced, tried a few times)
        byte[] bytes;
        try {
            bytes = HomeFile.readBounded(appJson, MAX_BYTES);
        } catch (HomeFile.TooLarge e) {
            throw tooLarge(e.size());
        }
        // strict like Files.readString: bytes that are not UTF-8 are an IOException
        return parse(java.nio.charset.StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString());
    }

    /**
     * How long a client (the launcher, the CLI) whose connection the app this file still names refused waits before its
     * one retry: the app's listener is starting again (a thread of it ended), which it does at once or at its next check,
     * every 100 ms (docs/local-api.md, "Connections").
     */
    public static final java.time.Duration RELISTEN_WAIT = java.time.Duration.ofMillis(300);

    /** Far above what the app writes (a pid, a port, a 64-hex token, two short texts): a bigger file is never read. */
    public static final int MAX_BYTES = 64 * 1024;

    private static IllegalArgumentException tooLarge(long size) {
        return new IllegalArgumentException(size + " bytes, more than the " + MAX_BYTES + " bytes an app.json may hold; not read");
    }

    public static AppFile parse(String text) {
        JsonNode n;
        try {
            n = MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not JSON (a file caught mid-write, or not Sextant's)");
        }
        if (n == null || !n.isObject()) throw new IllegalArgumentException("not a JSON object");
        JsonNode started = n.get("started_at");
        return new AppFile(number(n, "pid").longValue(), number(n, "port").intValue(), token(n),
                n.path("version").asString("unknown"), number(n, "contract").intValue(),
                started == null || started.isNull() ? null : started.asString());
    }

    /** False when the pid is known to be gone (a stale file left by a crash). */
    public boolean processAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static Number number(JsonNode n, String key) {
        JsonNode v = n.get(key);
        if (v == null || !v.isNumber()) throw new IllegalArgumentException("'" + key + "' is missing or not a number");
        return v.numberValue();
    }

    /** The token goes into a header line as is: visible ASCII only. */
    private static String token(JsonNode n) {
        JsonNode v = n.get("token");
        if (v == null || !v.isString() || v.asString().isEmpty()) throw new IllegalArgumentException("'token' is missing or not a string");
        String t = v.asString();
        if (!t.chars().allMatch(c -> c > ' ' && c < 127)) throw new IllegalArgumentException("'token' holds characters a header cannot carry");
        return t;
    }
}
