package org.sextant.engine.home;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.contract.AppFile;

/**
 * Writes and removes run/app.json (the contract's {@link AppFile}): atomically with mode 600 when
 * the local API is up, removed on clean exit.
 */
public final class AppDiscovery {
    private AppDiscovery() {}

    public static void write(AppFile app, Path appJson) throws IOException {
        AtomicFiles.write(appJson, app.toJson(), true);
    }

    /** Removes the file only if it still describes this process (a newer app may have replaced it). */
    public static void removeIfOurs(AppFile app, Path appJson) {
        try {
            if (Files.exists(appJson) && AppFile.read(appJson).pid() == app.pid()) Files.deleteIfExists(appJson);
        } catch (IOException | RuntimeException ignored) {
            // a torn or foreign file is not ours to delete
        }
    }
}
