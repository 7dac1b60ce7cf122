package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

/** Attack 32 F6: a home-id that is a link or a folder was named only "cannot read or create the home id", without why or what to do. */
class HomeIdFileTest {
    @TempDir Path dir;

    private static final String FIX_TAIL = ": a new id is made at the next backup, and the backups taken before are then another home's"
            + " (restore one by naming it); or put in its place a file holding the 12 hex digits that end this home's backup names (sextant-TIME-HOMEID.duckdb)";

    /** Review of session 45: the id's lock made run/ with the umask's mode (rwxr-xr-x), where every app-owned folder is the owner's only. */
    @Test
    void theRunFolderTheIdsLockMakesIsTheOwnersOnly() throws Exception {
        SextantHome home = new SextantHome(Files.createDirectories(dir.resolve("home"))); // not laid out yet: a backup's first command
        HomeId.of(home);
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(home.runDir())));
    }

    @Test
    void aHomeIdThatIsALinkIsNamedWithWhyAndHowToRemoveIt() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path file = Files.createSymbolicLink(home.root().resolve(HomeId.FILE), Path.of("/dev/zero"));
        for (Runnable read : new Runnable[] {() -> HomeId.of(home), () -> HomeId.peek(home)}) {
            SextantException e = assertThrows(SextantException.class, read::run);
            assertEquals("home-id", e.field());
            assertEquals("this home's id file " + file + " is a symbolic link, not read: which backups are this home's is not known", e.getMessage());
            assertEquals("remove the link " + file + FIX_TAIL, e.fix());
        }
        assertTrue(Files.isSymbolicLink(file), "the link is left as it was");
    }

    @Test
    void aHomeIdThatIsAFolderIsNamedWithWhyAndHowToRemoveIt() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path file = Files.createDirectory(home.root().resolve(HomeId.FILE));
        SextantException e = assertThrows(SextantException.class, () -> HomeId.of(home));
        assertEquals("home-id", e.field());
        assertEquals("this home's id file " + file + " is a folder, not a file; not read: which backups are this home's is not known", e.getMessage());
        assertEquals("remove the folder " + file + " (after moving out anything of yours in it)" + FIX_TAIL, e.fix());
    }
}
