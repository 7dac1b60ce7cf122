package org.sextant.app;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * One app per SEXTANT_HOME, decided before anything is touched: a second start finds the lock on
 * run/app.lock held and stops, leaving the running app's log, state and files as they are
 * (DuckDB would refuse it too, but only after the log had been rolled).
 */
final class SingleInstance {
    private static FileLock held; // for the life of the process

    private SingleInstance() {}

    /** Takes the home's app lock, or refuses naming the running app. */
    static synchronized void acquire(SextantHome home) {
        Path lock = home.runDir().resolve("app.lock");
        try {
            FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock l;
            try {
                l = ch.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                l = null;
            }
            if (l == null) {
                ch.close();
                throw new SextantException(FailReason.APP_RUNNING, "Sextant is already running on " + home.root() + running(home), null,
                        "use the open window (or the headless app), or close it before starting another; "
                                + "the CLI commands and sextant-mcp talk to the running app");
            }
            held = l;
        } catch (IOException e) {
            throw new SextantException(FailReason.APP_ERROR, "cannot take the app lock " + lock + ": " + e.getMessage(), null,
                    "check that SEXTANT_HOME/run is writable");
        }
    }

    private static String running(SextantHome home) {
        try {
            return " (pid " + org.sextant.contract.AppFile.read(home.appJson()).pid() + ")";
        } catch (IOException | RuntimeException notYetPublished) {
            return "";
        }
    }
}
