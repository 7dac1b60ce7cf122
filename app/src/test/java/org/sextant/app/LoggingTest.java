package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start keeps the logs of the previous runs (slf4j-simple would truncate the file). */
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
}
