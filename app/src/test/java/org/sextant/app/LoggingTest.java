package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.RollingFileAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start keeps the logs of the previous runs; a log that grows rolls by size, keeping three (logback's rolling, as the app configures it). */
class LoggingTest {
    @Test
    void eachStartKeepsTheLastThreeRunsLogs(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("sextant.log");
        for (int run = 1; run <= 5; run++) {
            Logging.roll(log);
            Files.writeString(log, "run " + run);
        }
        assertEquals("run 5", Files.readString(log));
        assertEquals("run 4", Files.readString(dir.resolve("sextant.log.1")));
        assertEquals("run 3", Files.readString(dir.resolve("sextant.log.2")));
        assertEquals("run 2", Files.readString(dir.resolve("sextant.log.3")));
        assertFalse(Files.exists(dir.resolve("sextant.log.4")), "older runs are dropped");
    }

    @Test
    void aGrowingLogRollsBySizeAndKeepsThreeOldFiles(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("sextant.log");
        Files.writeString(log, "from before\n");
        String line = "x".repeat(99) + "\n"; // 100 bytes
        // the app's own rolling file, as Logging.toFile builds it, with a smaller limit
        LoggerContext context = Logging.standaloneContext();
        RollingFileAppender<ILoggingEvent> file = Logging.rollingFile(context, log, 1_000, 3, "%msg%n");
        Logger logger = context.getLogger("test");
        logger.addAppender(file);
        for (int i = 0; i < 100; i++) logger.info(i == 99 ? "last" : line.strip());
        file.stop();
        assertTrue(Files.readString(log).endsWith("last\n"), "the newest lines are in sextant.log");
        for (String name : new String[] {"sextant.log", "sextant.log.1", "sextant.log.2", "sextant.log.3"}) {
            long size = Files.size(dir.resolve(name));
            assertTrue(size <= 1_000, name + " is " + size + " bytes, over the limit");
        }
        assertEquals(1_000, Files.size(dir.resolve("sextant.log.1")), "a full file before the newest");
        assertFalse(Files.exists(dir.resolve("sextant.log.4")), "older files are dropped");
        assertFalse(Files.readString(dir.resolve("sextant.log.3")).contains("from before"), "the first file has long been dropped");
    }

    /**
     * A bug met while a CLI command runs the engine itself is logged to cli.log, and its message names that file where it
     * is (not "SEXTANT_HOME/logs/cli.log": a terminal user has no SEXTANT_HOME to resolve), not sextant.log.
     */
    @Test
    void anIncidentDuringACommandNamesTheCommandsLog(@TempDir Path dir) throws Exception {
        org.sextant.engine.home.SextantHome home = new org.sextant.engine.home.SextantHome(dir);
        String during;
        try (Logging.Restore restore = Logging.commandToFile(home)) {
            during = org.sextant.engine.Incident.logged("a test's write", new NullPointerException("inner words")).getMessage();
        }
        String mark = during.replaceAll(".*incident (\\w+).*", "$1");
        assertTrue(during.endsWith("in " + home.logsDir().resolve("cli.log") + ")"), during);
        assertTrue(Files.readString(home.logsDir().resolve("cli.log")).contains("incident " + mark), "the incident is in cli.log");
        String after = org.sextant.engine.Incident.logged("a test's write", new NullPointerException()).getMessage();
        assertTrue(after.endsWith("in SEXTANT_HOME/logs/sextant.log)"), "the app's log again after the command: " + after);
    }
}
