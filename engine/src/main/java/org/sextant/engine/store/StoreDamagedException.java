package org.sextant.engine.store;

import java.nio.file.Path;
import org.sextant.engine.SextantException;

/**
 * The store file or its write-ahead log cannot be opened (a crash the log cannot be replayed
 * from, a torn or flipped byte, a file that is not a store). Nothing has been changed or
 * deleted; the way back is {@code sextant recover}.
 */
public final class StoreDamagedException extends SextantException {
    private final Path file;

    private StoreDamagedException(Path file, String message, Throwable cause) {
        super(org.sextant.contract.FailReason.DB_NOT_READY, message, null,
                "close Sextant and run `sextant recover`: it keeps a copy of the damaged files, "
                        + "recovers every write it can prove and reports what was lost; see docs/data-safety.md", cause);
        this.file = file;
    }

    static StoreDamagedException of(Path file, Throwable cause) {
        return new StoreDamagedException(file, "Sextant could not open its store " + file + " (" + firstLine(cause.getMessage())
                + "). This usually follows a crash or power loss; every file was left as it was.", cause);
    }

    public Path file() { return file; }

    /** DuckDB's first line names the failure; the rest is a stack trace of the native library. */
    static String firstLine(String message) {
        if (message == null) return "unknown error";
        String line = message.strip().lines().findFirst().orElse("unknown error");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
