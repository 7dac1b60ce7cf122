package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window start without a display (an SSH session, a server) says so and offers the headless start;
 * it said "Sextant failed unexpectedly (a bug)", the reason only in the log.
 */
class NoDisplayStartTest {
    @TempDir Path dir;

    @Test
    void aWindowStartWithoutADisplaySaysSoAndOffersTheHeadlessStart() throws Exception {
        Path output = dir.resolve("said.txt");
        // the real toolkit (GTK), not the tests' headless Monocle, with no display to open
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dglass.platform=gtk", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--home", dir.resolve("home").toString())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        Process start = pb.start();
        boolean ended = start.waitFor(180, TimeUnit.SECONDS);
        if (!ended) start.destroyForcibly().waitFor();
        String said = Files.readString(output);
        assertTrue(ended, "the start ends by itself: " + said);
        assertEquals(1, start.exitValue(), said);
        assertTrue(said.startsWith("error: Sextant cannot open its window: no display (DISPLAY is not set)"), said);
        assertTrue(said.contains("fix: start it from a desktop session, or run it without a window: sextant --headless"), said);
        assertFalse(said.contains("a bug"), said);
    }
}
