package org.sextant.app;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * A home whose run/home-id.lock is a FIFO (session 47: reading the id hung on it with no output), for the tests that every
 * start and command reading the id still runs and tells the person what to remove.
 */
public record FifoAtIdLock(SextantHome home, Path lock) {
    /** A new home under {@code dir}/home with a FIFO at its id lock; skips the test where mkfifo is missing. */
    public static FifoAtIdLock in(Path dir) throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        Path lock = home.runDir().resolve("home-id.lock");
        Files.deleteIfExists(lock);
        assumeTrue(new ProcessBuilder("mkfifo", lock.toString()).start().waitFor() == 0, "mkfifo is needed");
        return new FifoAtIdLock(home, lock);
    }

    /** The warning the person gets, after "warning: " on a terminal or stderr. */
    public String warning() {
        return "this home's id lock " + lock + " is not a regular file (a pipe, socket or device): the home id is read without it this time"
                + " (fix: remove " + lock + ": the next start makes it anew)";
    }
}
