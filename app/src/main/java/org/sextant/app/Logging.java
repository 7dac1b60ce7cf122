package org.sextant.app;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.home.SextantHome;
import org.slf4j.LoggerFactory;

/**
 * Sends the app's log to SEXTANT_HOME/logs/sextant.log, rolled by logback (docs/local-api.md,
 * "Logs"): each start first rolls the previous run's log to sextant.log.1, and a log that reaches
 * {@link #MAX_BYTES} rolls while the app runs; sextant.log.1..3 are kept. System.err goes to the
 * log too (uncaught exceptions, JavaFX warnings); what the person at the terminal must read goes
 * to {@link #console()}. A CLI command logs to SEXTANT_HOME/logs/cli.log instead ({@link #commandToFile}):
 * the terminal then carries only what the command itself says. Otherwise (tests) logback.xml logs to stderr.
 */
final class Logging {
    static final int KEPT_RUNS = 3;
    static final long MAX_BYTES = 10L << 20;
    static final String PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSZ} [%thread] %level %logger - %msg%n";

    /** A CLI command's log, beside the app's: rolled by size only (a command may run while the app writes sextant.log). */
    static final String COMMAND_LOG = "cli.log";

    private static PrintStream console = System.err;

    /** JavaFX's logger (held: java.util.logging keeps loggers only weakly, and with them a filter). */
    private static final java.util.logging.Logger JAVAFX = java.util.logging.Logger.getLogger("javafx");
    static final String CLASS_PATH_WARNING = "Unsupported JavaFX configuration: classes were loaded from ";

    private Logging() {}

    /** sextant.log.2 -> .3, .1 -> .2, sextant.log -> .1 (the oldest is dropped); nothing when there is no log yet. */
    static void roll(Path log) throws IOException {
        RollingFileAppender<ILoggingEvent> file = rollingFile(standaloneContext(), log, MAX_BYTES, KEPT_RUNS, "%msg%n");
        rollPreviousRun(file, log);
        file.stop();
    }

    /** A logback context of its own, apart from the app's (a fresh one lacks the MDC adapter a logged line needs). */
    static LoggerContext standaloneContext() {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        return context;
    }

    /** The terminal's stderr, as it was before the log took System.err. */
    static PrintStream console() { return console; }

    /** After {@link SingleInstance#acquire}: a second start must not roll the running app's log. */
    static void toFile(SextantHome home) {
        dropJavaFxClassPathWarning();
        Path log = home.logFile();
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        try {
            SextantHome.ownerOnly(log.getParent()); // before ensureLayout: the log is the user's data
            RollingFileAppender<ILoggingEvent> file = rollingFile(context, log, MAX_BYTES, KEPT_RUNS, PATTERN);
            rollPreviousRun(file, log);
            Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
            root.detachAndStopAllAppenders();
            root.addAppender(file);
        } catch (IOException e) {
            System.err.println("cannot prepare the log file " + log + ": " + e);
            return;
        }
        console = System.err;
        System.setErr(new PrintStream(new LinesToLog(LoggerFactory.getLogger("stderr")), true, StandardCharsets.UTF_8));
    }

    /**
     * Drops JavaFX's warning that it runs from the class path, which every first chart or window
     * wrote into the log (two lines through System.err) where agents read it: the app is built
     * so on purpose (bin/sextant, the installers). Every other JavaFX message is kept.
     */
    static void dropJavaFxClassPathWarning() {
        JAVAFX.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith(CLASS_PATH_WARNING));
    }

    /** Puts the log back where it went before {@link #commandToFile}. */
    interface Restore extends AutoCloseable {
        @Override void close();
    }

    /**
     * Sends the log to SEXTANT_HOME/logs/cli.log while one CLI command runs, so that no log line
     * (a WARN of the store, with its time stamp) lands among the command's own messages on the
     * terminal; closing puts back the appenders there were. Lines are dropped when the file
     * cannot be written, rather than reaching the terminal.
     */
    static Restore commandToFile(SextantHome home) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        java.util.List<ch.qos.logback.core.Appender<ILoggingEvent>> before = new java.util.ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(before::add);
        RollingFileAppender<ILoggingEvent> file;
        Path log = null;
        try {
            log = home.ensureRoot().logsDir().resolve(COMMAND_LOG);
            SextantHome.ownerOnly(log.getParent()); // before ensureLayout: the log is the user's data
            file = rollingFile(context, log, MAX_BYTES, 1, PATTERN);
        } catch (IOException | RuntimeException e) {
            file = null;
        }
        before.forEach(root::detachAppender);
        if (file != null) root.addAppender(file);
        RollingFileAppender<ILoggingEvent> opened = file;
        String incidentsBefore = org.sextant.engine.Incident.logTo(file != null ? log.toString() : "no log (" + COMMAND_LOG + " could not be written)");
        return () -> {
            org.sextant.engine.Incident.logTo(incidentsBefore);
            if (opened != null) {
                root.detachAppender(opened);
                opened.stop();
            }
            before.forEach(root::addAppender);
        };
    }

    /**
     * The log as logback's size-triggered, fixed-window rolling file. The size is checked at every
     * line (logback's default checks once a minute, which lets a loop of log lines pass the limit).
     */
    static RollingFileAppender<ILoggingEvent> rollingFile(LoggerContext context, Path log, long maxBytes, int kept, String pattern) {
        RollingFileAppender<ILoggingEvent> file = new RollingFileAppender<>();
        file.setContext(context);
        file.setName("sextant.log");
        file.setFile(log.toString());
        FixedWindowRollingPolicy window = new FixedWindowRollingPolicy();
        window.setContext(context);
        window.setParent(file);
        window.setFileNamePattern(log + ".%i");
        window.setMinIndex(1);
        window.setMaxIndex(kept);
        SizeBasedTriggeringPolicy<ILoggingEvent> size = new SizeBasedTriggeringPolicy<>();
        size.setContext(context);
        size.setMaxFileSize(new FileSize(maxBytes));
        size.setCheckIncrement(Duration.buildByMilliseconds(0));
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(pattern);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        file.setEncoder(encoder);
        file.setRollingPolicy(window);
        file.setTriggeringPolicy(size);
        window.start();
        size.start();
        file.start();
        return file;
    }

    private static void rollPreviousRun(RollingFileAppender<ILoggingEvent> file, Path log) throws IOException {
        if (Files.size(log) > 0) file.rollover();
    }

    /** System.err as log lines, one event a line. */
    private static final class LinesToLog extends OutputStream {
        private final org.slf4j.Logger target;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LinesToLog(org.slf4j.Logger target) { this.target = target; }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                target.warn(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
            } else {
                line.write(b);
            }
        }
    }
}
