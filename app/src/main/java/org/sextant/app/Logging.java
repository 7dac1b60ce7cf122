package org.sextant.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.home.SextantHome;

/**
 * Sends the app's log to SEXTANT_HOME/logs/sextant.log, rolled by size (docs/local-api.md, "Logs"):
 * each start first rolls the previous run's log to sextant.log.1, and a log that reaches
 * {@link #MAX_BYTES} rolls while the app runs; sextant.log.1..3 are kept. slf4j-simple writes to
 * System.err, which becomes that file (so do uncaught exceptions and JavaFX warnings); what the
 * person at the terminal must read goes to {@link #console()}.
 */
final class Logging {
    static final int KEPT_RUNS = 3;
    static final long MAX_BYTES = 10L << 20;

    private static PrintStream console = System.err;

    private Logging() {}

    /** sextant.log.2 -> .3, .1 -> .2, sextant.log -> .1 (the oldest is dropped). */
    static void roll(Path log) throws IOException {
        RollingLogFile.roll(log, KEPT_RUNS);
    }

    /** The terminal's stderr, as it was before the log took System.err. */
    static PrintStream console() { return console; }

    /** Must run before the first logger is created (slf4j-simple reads its settings once), after {@link SingleInstance#acquire}. */
    static void toFile(SextantHome home) {
        Path log = home.logFile();
        try {
            Files.createDirectories(log.getParent());
            roll(log);
            console = System.err;
            System.setErr(new PrintStream(new RollingLogFile(log, MAX_BYTES, KEPT_RUNS), true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            System.err.println("cannot prepare the log file " + log + ": " + e);
            return;
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    }
}
