package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * Attack 32 F6: with SEXTANT_HOME/home-id a link or a folder, `backup` blamed a --to never given and sent the person to free
 * disk space, and `restore --list` said only "cannot read the home id" without why.
 */
class HomeIdFileCommandTest {
    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    @Test
    void backupNamesTheHomeIdFileWhyAndItsFixNotTheBackupFolder() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        Path idFile = home.root().resolve("home-id");
        Files.deleteIfExists(idFile); // the first start's backup made one
        Files.createDirectory(idFile);
        assertEquals(1, Main.run("--home", home.root().toString(), "backup"));
        String said = err.toString().replace("\r\n", "\n");
        assertTrue(said.startsWith("error [home-id]: this home's id file " + idFile + " is a folder, not a file; not read: which backups are"
                + " this home's is not known\n  fix: remove the folder " + idFile + " (after moving out anything of yours in it): a new id is made"), said);
        assertTrue(!said.contains("disk space") && !said.contains("--to"), said);
        long before = org.sextant.engine.store.RollingBackups.list(home.root().resolve("backups")).size();
        assertEquals(before, org.sextant.engine.store.RollingBackups.list(home.root().resolve("backups")).size(), "no backup was written");
    }

    @Test
    void restoreListSaysWhyTheHomeIdCannotBeReadAndTheFix() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        assertEquals(0, Main.run("--home", home.root().toString(), "backup"), err.toString());
        Path idFile = home.root().resolve("home-id");
        Files.delete(idFile);
        Files.createSymbolicLink(idFile, Path.of("/dev/zero"));
        out.reset();
        assertEquals(0, Main.run("--home", home.root().toString(), "restore", "--list"), err.toString());
        String said = out.toString().replace("\r\n", "\n");
        assertTrue(said.contains("this home's id file " + idFile + " is a symbolic link, not read: which backups are this home's is not known\n"
                + "  fix: remove the link " + idFile + ": a new id is made at the next backup"), said);
    }
}
