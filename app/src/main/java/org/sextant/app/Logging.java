package org.sextant.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.sextant.engine.home.SextantHome;

/**
 * Sends the app's log to SEXTANT_HOME/logs/sextant.log. slf4j-simple truncates its file when it
 * opens it, so each start first rolls the previous runs' logs: sextant.log.1 is the last run,
 * up to sextant.log.3.
 */
final class Logging {
    static final int KEPT_RUNS = 3;

    private Logging() {}

    /** sextant.log.2 -> .3, .1 -> .2, sextant.log -> .1 (the oldest is dropped). */
    static void roll(Path log) throws IOException {
        for (int i = KEPT_RUNS - 1; i >= 1; i--) {
            Path older = log.resolveSibling(log.getFileName() + "." + i);
            if (Files.exists(older)) Files.move(older, log.resolveSibling(log.getFileName() + "." + (i + 1)), StandardCopyOption.REPLACE_EXISTING);
        }
        if (Files.exists(log)) Files.move(log, log.resolveSibling(log.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Must run before the first logger is created (slf4j-simple reads its settings once). */
    static void toFile(SextantHome home) {
        Path log = home.logFile();
        try {
            Files.createDirectories(log.getParent());
            roll(log);
        } catch (IOException e) {
            System.err.println("cannot prepare the log file " + log + ": " + e);
            return;
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", log.toString());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    }
}
