package org.sextant.engine.home;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import org.sextant.engine.Json;

/**
 * run/app.json: how a launcher finds the running app. Written atomically with mode 600 when
 * the local API is up, removed on clean exit.
 */
public record AppDiscovery(long pid, int port, String token, String version, int contract, Instant startedAt) {

    public static String newToken() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    public void write(Path appJson) throws IOException {
        AtomicFiles.write(appJson, Json.write(this), true);
    }

    public static AppDiscovery read(Path appJson) throws IOException {
        return Json.read(Files.readString(appJson), AppDiscovery.class);
    }

    /** Removes the file only if it still describes this process (a newer app may have replaced it). */
    public void removeIfOurs(Path appJson) {
        try {
            if (Files.exists(appJson) && read(appJson).pid() == pid) Files.deleteIfExists(appJson);
        } catch (IOException | RuntimeException ignored) {
            // a torn or foreign file is not ours to delete
        }
    }
}
