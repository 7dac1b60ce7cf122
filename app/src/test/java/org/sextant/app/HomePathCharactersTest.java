package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A home whose path holds '?': DuckDB cut the path there for its write-ahead log, every write failed, and the start said the
 * store was damaged and sent the person to `sextant recover`. '*' and '[' in the path are read as they are.
 */
class HomePathCharactersTest {
    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    @Test
    void aHomeWithAQuestionMarkInItsPathIsRefusedNamingSextantHomeAndTheFix() {
        Path home = dir.resolve("what?home");
        assertEquals(1, Main.run("--home", home.toString(), "sql", "SELECT 1"));
        assertEquals("error [SEXTANT_HOME]: the Sextant home " + home + " has a '?' in its path, which DuckDB, where Sextant keeps its data,"
                + " reads as the start of options: no write to the store could be kept; the store was not opened\n"
                + "  fix: use a home folder whose path has no '?': rename the folder that has one, or set SEXTANT_HOME (or --home) to another"
                + " folder, e.g. ~/.sextant\n", err.toString().replace("\r\n", "\n"));
        assertTrue(Files.notExists(home.resolve("data")), "no store was made");
    }

    @Test
    void aHomeWithGlobCharactersInItsPathKeepsItsWrites() throws Exception {
        Path home = dir.resolve("star*[1]home");
        Path csv = Files.writeString(dir.resolve("ZZZ.csv"), "date,open,high,low,close,volume\n2024-01-02,10,11,9,10.5,1000\n2024-01-03,10.5,11,10,10.8,1200\n");
        assertEquals(0, Main.run("--home", home.toString(), "import", csv.toString()), err.toString());
        out.reset();
        assertEquals(0, Main.run("--home", home.toString(), "sql", "SELECT count(*) AS n FROM prices WHERE symbol = 'ZZZ'"), err.toString());
        assertEquals(java.util.List.of("n", "2"), out.toString().strip().lines().map(String::strip).toList(), "both rows kept");
    }
}
