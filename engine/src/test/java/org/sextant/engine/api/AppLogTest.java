package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** read_log: a log that has just rolled by size still shows the lines asked for. */
class AppLogTest {
    @Test
    void linesMissingFromAFreshlyRolledLogComeFromTheFileBefore(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("sextant.log");
        Files.writeString(dir.resolve("sextant.log.1"), "a\nb\nc\n");
        Files.writeString(log, "d\ne\n");
        assertEquals(List.of("b", "c", "d", "e"), AppLog.tail(log, 4, dir, dir.getParent()).get("lines"));
        assertEquals(List.of("e"), AppLog.tail(log, 1, dir, dir.getParent()).get("lines"));
        assertEquals(4L, AppLog.tail(log, 4, dir, dir.getParent()).get("size_bytes"));
    }

    /** read_log shows no host paths: the home as SEXTANT_HOME, the user's home as ~; the log file keeps them. */
    @Test
    void linesShowTheHomeAsSextantHomeAndTheUsersHomeAsTilde(@TempDir Path dir) throws Exception {
        Path user = dir.resolve("alice"), home = user.resolve(".sextant");
        Path log = Files.createDirectories(home.resolve("logs")).resolve("sextant.log");
        String written = "opened " + home.resolve("data/sextant.duckdb") + "\nimport of " + user.resolve("Downloads/AA.csv") + " done\n"
                + "kept " + home + "\nother user " + dir.resolve("alice2/x.csv") + "\n";
        Files.writeString(log, written);
        assertEquals(List.of("opened SEXTANT_HOME/data/sextant.duckdb", "import of ~/Downloads/AA.csv done", "kept SEXTANT_HOME",
                "other user " + dir.resolve("alice2/x.csv")), AppLog.tail(log, 10, home, user).get("lines"));
        assertEquals(written, Files.readString(log));
    }

    /** Attack 22, H4: a link in the log's place (to any file the app can read) is named, never followed, for both files. */
    @Test
    void aLinkInTheLogsPlaceIsNamedAndItsTargetNeverRead(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "SECRET-1\nSECRET-2\n");
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path log = Files.createSymbolicLink(logs.resolve("sextant.log"), secret);
        Map<String, Object> shown = AppLog.tail(log, 5, dir, dir.getParent());
        assertEquals(List.of(), shown.get("lines"));
        assertEquals("logs/sextant.log is a symbolic link, not read: the app writes its log as a regular file", shown.get("note"));

        Files.delete(log);
        Files.writeString(log, "d\n");
        Files.createSymbolicLink(logs.resolve("sextant.log.1"), secret);
        shown = AppLog.tail(log, 5, dir, dir.getParent());
        assertEquals(List.of("d"), shown.get("lines"));
        assertEquals("logs/sextant.log.1 is a symbolic link, not read", shown.get("note"));
    }

    /**
     * Attack 22, M1: a FIFO in the log's place is not opened (an open would wait for a writer without bound). The test
     * holds the FIFO open itself (read-write, which does not block on Linux) so that a reader that did open it would not
     * hang the test but answer with no note.
     */
    @Test
    void aFifoInTheLogsPlaceIsNamedAndNotOpened(@TempDir Path dir) throws Exception {
        Path log = Files.createDirectories(dir.resolve("logs")).resolve("sextant.log");
        assumeTrue(new ProcessBuilder("mkfifo", log.toString()).start().waitFor() == 0, "mkfifo is needed");
        try (RandomAccessFile held = new RandomAccessFile(log.toFile(), "rw")) {
            Map<String, Object> shown = AppLog.tail(log, 5, dir, dir.getParent());
            assertEquals(List.of(), shown.get("lines"));
            assertEquals("logs/sextant.log is not a regular file (a pipe, socket or device), not read: the app writes its log as a regular file",
                    shown.get("note"));
        }
    }
}
