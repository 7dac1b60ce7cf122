package org.sextant.engine.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The store's files as a crash left them. DuckDB rewrites the store file while it replays a log,
 * so before an open that has a log to replay, the file, the log and the census are copied to
 * data/last-crash/; when that open fails, they are put back, byte for byte, for `sextant recover`.
 */
final class CrashCopy {
    private CrashCopy() {}

    /** Copies the files when a log is pending; the folder, or null when there is no log (or no room to copy: logged). */
    static Path takeIfLogPending(Path db) {
        Path wal = StoreRecovery.walOf(db);
        try {
            if (!Files.isRegularFile(wal) || Files.size(wal) == 0) return null;
            Path dir = db.toAbsolutePath().getParent().resolve("last-crash");
            copyFiles(db, dir);
            return dir;
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(CrashCopy.class).warn("the files of the last crash were not copied aside: {}", e.getMessage());
            return null;
        }
    }

    /** The store file, its log and its census, those that exist, copied into {@code dir} (replacing older copies there). */
    static boolean copyFiles(Path db, Path dir) throws IOException {
        boolean any = false;
        for (Path f : List.of(db, StoreRecovery.walOf(db), StoreCensus.fileFor(db))) {
            Path copy = dir.resolve(f.getFileName());
            Files.deleteIfExists(copy);
            if (!Files.exists(f)) continue;
            Files.createDirectories(dir);
            Files.copy(f, copy, StandardCopyOption.COPY_ATTRIBUTES);
            any = true;
        }
        return any;
    }

    /** Puts the store file and its log from {@code dir} back in place, as they were before the open. */
    static void putBack(Path dir, Path db) {
        if (dir == null) return;
        try {
            for (Path f : List.of(db, StoreRecovery.walOf(db))) {
                Path copy = dir.resolve(f.getFileName());
                if (Files.exists(copy)) Files.copy(copy, f, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(CrashCopy.class).warn("the files of the crash are in {} but were not put back: {}", dir, e.getMessage());
        }
    }
}
