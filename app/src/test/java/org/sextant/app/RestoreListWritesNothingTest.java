package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.HomeId;
import org.sextant.engine.home.SextantHome;

/** `restore --list` made the home's id when there was none (and laid out the home): a listing must leave the home as it found it. */
class RestoreListWritesNothingTest {
    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    /** Every file and folder of the home but the command's own log, with its size, time and mode. */
    private static Map<String, String> files(SextantHome home) throws IOException {
        Map<String, String> seen = new TreeMap<>();
        try (Stream<Path> all = Files.walk(home.root())) {
            for (Path p : all.filter(p -> !p.startsWith(home.logsDir())).toList()) {
                seen.put(home.root().relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p) + " "
                        + java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
            }
        }
        return seen;
    }

    @Test
    void aListingOfAHomeWithoutAnIdMakesNoneAndChangesNoFile() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close(); // its first start takes a backup into home/backups
        Files.delete(home.root().resolve(HomeId.FILE));
        Files.deleteIfExists(home.root().resolve(HomeId.PLACE));
        Map<String, String> before = files(home);

        assertEquals(0, Main.run("--home", home.root().toString(), "restore", "--list"), err.toString());
        assertTrue(out.toString().contains("another home's (home id "), "the backup named with the deleted id is not this home's: " + out);
        assertTrue(Files.notExists(home.root().resolve(HomeId.FILE)), "no home id was made");
        assertEquals(before, files(home));
    }

    @Test
    void aCopysListingSaysWhoseTheBackupsAreAndTakesNoIdOfItsOwn() throws Exception {
        SextantHome original = new SextantHome(dir.resolve("original"));
        Sextant.open(original).close();
        SextantHome copy = new SextantHome(dir.resolve("copy"));
        try (Stream<Path> all = Files.walk(original.root())) { // as cp -a
            for (Path p : all.toList()) Files.copy(p, copy.root().resolve(original.root().relativize(p).toString()), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path shared = original.root().resolve("backups");
        Map<String, String> before = files(copy);

        assertEquals(0, Main.run("--home", copy.root().toString(), "restore", "--list"), err.toString());
        Path taken;
        try (Stream<Path> s = Files.list(shared)) {
            taken = s.filter(p -> p.getFileName().toString().endsWith(".duckdb")).findFirst().orElseThrow();
        }
        // the copy's own backups folder holds the same files, copied with its store: they are the copy's (in a shared folder they stay the original's)
        assertTrue(out.toString().contains(copy.root().resolve("backups").resolve(taken.getFileName()) + "  this home's, "), out.toString());
        assertTrue(!out.toString().contains("another home's"), out.toString());
        assertEquals(before, files(copy), "the copy took no id of its own by being listed");
    }
}
