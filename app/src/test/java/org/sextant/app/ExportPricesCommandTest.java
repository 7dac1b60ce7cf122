package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** export-prices writes nowhere a report or a backup may not go: not into the app's own folders. */
class ExportPricesCommandTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream err = console.err;

    @Test
    void theAppsOwnFoldersAreRefusedAndNothingIsWritten() {
        Path home = dir.resolve("home");
        for (String inside : new String[] {"data/x", "run/exp", "backups/exp", "data/staging/exp", "logs/exp"}) {
            Path target = home.resolve(inside);
            String top = inside.split("/")[0];
            err.reset();
            assertEquals(2, Main.run("--home", home.toString(), "export-prices", target.toString()), err.toString());
            assertEquals("error: DIR " + target + (inside.contains("/") ? " is inside" : " is") + " SEXTANT_HOME/" + top + ", a folder the app owns\n"
                    + "  fix: name a new folder of your own, outside SEXTANT_HOME/" + top + "\n", err.toString().replace("\r\n", "\n"));
            assertFalse(Files.exists(target), inside + " must not be written");
        }
    }

    @Test
    void aFileOrAFullFolderAsDirIsBadInputNamedDir() throws Exception {
        Path home = dir.resolve("home");
        Path file = Files.writeString(dir.resolve("passwd"), "root:x:0:0\n");
        assertEquals(2, Main.run("--home", home.toString(), "export-prices", file.toString()), err.toString());
        assertEquals("error: DIR " + file + " exists and is not an empty folder\n  fix: name a new folder; the export never overwrites\n",
                err.toString().replace("\r\n", "\n"));
        assertEquals("root:x:0:0\n", Files.readString(file), "the file is untouched");
    }
}
