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
}
