package org.sextant.engine.store;

import org.sextant.contract.FailReason;

import java.nio.file.Path;
import org.sextant.engine.SextantException;

/** A write that met a full disk: said in words, with the folder to free; the transaction was rolled back. */
public final class DiskFull {
    private DiskFull() {}

    public static boolean causedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("No space left on device") || m.contains("ENOSPC") || m.contains("Disk quota exceeded")
                    || m.contains("File too large") || m.contains("not enough space")) return true;
        }
        return false;
    }

    static SextantException exception(Path store, Throwable cause) {
        return new SextantException(FailReason.DB_ERROR, "the disk holding " + store.toAbsolutePath().getParent() + " is full: nothing of this write was kept",
                null, "free disk space there (old backups, data/damaged-* copies), then try again; the store still holds everything written before", cause);
    }
}
