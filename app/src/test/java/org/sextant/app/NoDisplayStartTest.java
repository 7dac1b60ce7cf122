package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window start without a display (an SSH session, a server) says so and offers the headless start;
 * it said "Sextant failed unexpectedly (a bug)", the reason only in the log. With neither DISPLAY nor
 * WAYLAND_DISPLAY it is refused before the store is opened (it opened the store, and on a first start
 * built the sample, only to be refused by GTK); a display set but not there is refused by GTK's start.
 */
class NoDisplayStartTest {
    @TempDir Path dir;

    @Test
    void aWindowStartWithoutADisplaySaysSoBeforeTheStoreIsOpened() throws Exception {
        String said = startWithout(Map.of());
        assertFalse(Files.exists(dir.resolve("home")), "refused before the home, its lock and its store were touched: " + said);
        assertTrue(said.startsWith("error: Sextant cannot open its window: no display (DISPLAY and WAYLAND_DISPLAY are not set)"), said);
        assertTrue(said.contains("fix: start it from a desktop session, or run it without a window: sextant --headless"), said);
        assertFalse(said.contains("a bug"), said);
    }

    @Test
    void aDisplaySetButNotThereIsRefusedWhenTheToolkitStarts() throws Exception {
        String said = startWithout(Map.of("DISPLAY", ":4711"));
        assertTrue(said.startsWith("error: Sextant cannot open its window: no display (DISPLAY=:4711 cannot be opened)"), said);
        assertTrue(said.contains("fix: start it from a desktop session, or run it without a window: sextant --headless"), said);
        assertFalse(said.contains("a bug"), said);
    }

    /** What a window start with the real toolkit (GTK, not the tests' headless Monocle) said, with only {@code display} of the display variables. */
    private String startWithout(Map<String, String> display) throws Exception {
        Path output = dir.resolve("said.txt");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dglass.platform=gtk", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--home", dir.resolve("home").toString())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.environment().putAll(display);
        Process start = pb.start();
        boolean ended = start.waitFor(180, TimeUnit.SECONDS);
        if (!ended) start.destroyForcibly().waitFor();
        String said = Files.readString(output);
        assertTrue(ended, "the start ends by itself: " + said);
        assertEquals(1, start.exitValue(), said);
        return said;
    }
}
