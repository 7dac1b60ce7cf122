package org.sextant.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.sextant.engine.home.SextantHome;

/** Sends the app's log to SEXTANT_HOME/logs/sextant.log, rolling it at start when it grew past 5 MB. */
final class Logging {
    private static final long ROLL_BYTES = 5L << 20;

    private Logging() {}

    /** Must run before the first logger is created (slf4j-simple reads its settings once). */
    static void toFile(SextantHome home) {
        Path log = home.logFile();
        try {
            Files.createDirectories(log.getParent());
            if (Files.exists(log) && Files.size(log) > ROLL_BYTES) {
                Files.move(log, log.resolveSibling("sextant.log.1"), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            System.err.println("cannot prepare the log file " + log + ": " + e);
            return;
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", log.toString());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    }
}
