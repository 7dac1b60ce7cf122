package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** A damaged layout.json gives the default layout, and the log names where it breaks, never its text (read_log serves the log to agents). */
class WorkstationLayoutFileTest {
    @Test
    void aDamagedLayoutFileIsIgnoredWithoutQuotingItsContent(@TempDir Path dir) throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger(WorkstationLayout.class);
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        logger.addAppender(seen);
        try {
            Path garbage = Files.writeString(dir.resolve("garbage.json"), "SECRETTOKEN".repeat(50));
            Path badValue = Files.writeString(dir.resolve("value.json"), "{\"width\": \"SECRETWIDTH\"}");
            assertEquals(WorkstationLayout.defaults(), WorkstationLayout.load(garbage));
            assertEquals(WorkstationLayout.defaults(), WorkstationLayout.load(badValue));
        } finally {
            logger.detachAppender(seen);
        }
        assertEquals(2, seen.list.size());
        String text = seen.list.get(0).getFormattedMessage() + "\n" + seen.list.get(1).getFormattedMessage();
        assertTrue(text.contains("garbage.json (StreamReadException at line 1, column "), text);
        assertFalse(text.contains("SECRET"), text);
    }

    /** A 200 MB layout.json (sparse: nothing like that is written) gives the default layout without being read. */
    @Test
    void anOversizedLayoutFileIsNotReadAndTheLogNamesItsSize(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve(WorkstationLayout.FILE);
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(200L << 20);
        }
        Logger logger = (Logger) LoggerFactory.getLogger(WorkstationLayout.class);
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        logger.addAppender(seen);
        try {
            assertEquals(WorkstationLayout.defaults(), WorkstationLayout.load(huge));
        } finally {
            logger.detachAppender(seen);
        }
        assertEquals(1, seen.list.size());
        assertEquals(huge + " is " + (200L << 20) + " bytes, more than the " + WorkstationLayout.MAX_BYTES
                + " bytes it may hold; not read (fix: none needed: the window writes its layout over it when it closes); using the default layout",
                seen.list.get(0).getFormattedMessage());
    }
}
