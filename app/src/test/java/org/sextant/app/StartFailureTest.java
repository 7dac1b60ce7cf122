package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start that fails with an error, not an exception (DuckDB's native library cannot be unpacked:
 * Java's temporary folder missing, full, or over a file size limit), says why on the terminal; it
 * printed nothing and ended with status 1, the reason only in the log.
 */
class StartFailureTest {
    @TempDir Path dir;

    @Test
    void aNativeLibraryThatCannotBeUnpackedIsNamedOnTheTerminalWithTheFolder() throws Exception {
        Path missing = dir.resolve("no-such-tmp");
        Path output = dir.resolve("said.txt");
        Process start = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.io.tmpdir=" + missing,
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--headless", "--home", dir.resolve("home").toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean ended = start.waitFor(120, TimeUnit.SECONDS);
        if (!ended) start.destroyForcibly().waitFor();
        String said = Files.readString(output);
        assertTrue(ended, "the start ends by itself: " + said);
        assertEquals(1, start.exitValue(), said);
        assertTrue(said.startsWith("error: Sextant could not start: DuckDB's native library could not be unpacked into Java's temporary folder " + missing), said);
        assertTrue(said.contains("fix: make sure " + missing + " exists") && said.contains("the details are in " + dir.resolve("home").resolve("logs")), said);
        assertTrue(Files.readString(dir.resolve("home").resolve("logs").resolve("sextant.log")).contains("the start failed"), "and the log has the details");
    }
}
