package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** read_log: a log that has just rolled by size still shows the lines asked for. */
class AppLogTest {
    @Test
    void linesMissingFromAFreshlyRolledLogComeFromTheFileBefore(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("sextant.log");
        Files.writeString(dir.resolve("sextant.log.1"), "a\nb\nc\n");
        Files.writeString(log, "d\ne\n");
        assertEquals(List.of("b", "c", "d", "e"), AppLog.tail(log, 4).get("lines"));
        assertEquals(List.of("e"), AppLog.tail(log, 1).get("lines"));
        assertEquals(4L, AppLog.tail(log, 4).get("size_bytes"));
    }
}
