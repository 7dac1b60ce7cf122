package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.HomeId;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RollingBackups;

/**
 * Attack 34 F1, F5: a FIFO at the shared backup folder's .sextant-home-claims.lock made `backup` (and every start of a home
 * sharing the folder: HomeIdClaimsLockTest) hang with no output; a link there made its target. The backup is taken, and the
 * log and stderr say why the id was not claimed and what to remove.
 */
// hang guard only, on a thread of its own: an open waiting on the FIFO is not interrupted and never returns
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SharedFolderLockCommandTest {
    private static final String LOCK = ".sextant-home-claims.lock";
    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();

    private SextantHome homeWithABackupIn(Path shared) throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        assertEquals(0, Main.run("--home", home.root().toString(), "backup", "--to", shared.toString()), console.err.toString());
        assertTrue(Files.isRegularFile(shared.resolve(LOCK), LinkOption.NOFOLLOW_LINKS), "the first backup claimed the id there");
        return home;
    }

    private static String fixOf(Path lock) {
        return "(fix: remove " + lock + ": the next backup makes it anew)";
    }

    @Test
    void aBackupToAFolderWithAFifoAtItsLockIsTakenAndTheLogSaysWhatToRemove() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome home = homeWithABackupIn(shared);
        Path lock = shared.resolve(LOCK);
        Files.delete(lock);
        assumeTrue(new ProcessBuilder("mkfifo", lock.toString()).start().waitFor() == 0, "mkfifo is needed");
        int before = RollingBackups.list(shared).size();

        assertEquals(0, Main.run("--home", home.root().toString(), "backup", "--to", shared.toString()), console.err.toString());
        assertEquals(before + 1, RollingBackups.list(shared).size(), "the backup was taken");
        String warning = "home id " + HomeId.of(home) + " not claimed in the backup folder " + shared + ": its lock file " + lock
                + " is not a regular file (a pipe, socket or device); a copy of this home sharing that folder may keep the same id " + fixOf(lock);
        String log = Files.readString(home.logsDir().resolve("cli.log"));
        assertTrue(log.contains(warning), log);
        // session 47 left it in the log only: the person running the backup is told on stderr
        assertTrue(console.err.toString().contains("warning: " + warning + "\n"), console.err.toString());
    }

    /** Session 47: a FIFO at the home's own run/home-id.lock hung `backup` with no output (and every start reading the id). */
    @Test
    void aBackupInAHomeWithAFifoAtItsIdLockIsTakenAndStderrSaysWhatToRemove() throws Exception {
        FifoAtIdLock fifo = FifoAtIdLock.in(dir);
        Path backups = Files.createDirectories(dir.resolve("backups"));

        assertEquals(0, Main.run("--home", fifo.home().root().toString(), "backup", "--to", backups.toString()), console.err.toString());
        assertEquals(1, RollingBackups.list(backups).size(), "the backup was taken");
        assertTrue(console.err.toString().contains("warning: " + fifo.warning() + "\n"), console.err.toString());
    }

    @Test
    void aLinkAtTheLockIsNotFollowed() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome home = homeWithABackupIn(shared);
        Path lock = shared.resolve(LOCK);
        Path target = dir.resolve("victim-created-by-lock");
        Files.delete(lock);
        Files.createSymbolicLink(lock, target);

        assertEquals(0, Main.run("--home", home.root().toString(), "backup", "--to", shared.toString()), console.err.toString());
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing is made where the link leads");
        String log = Files.readString(home.logsDir().resolve("cli.log"));
        assertTrue(log.contains("its lock file " + lock + " is a symbolic link; a copy of this home sharing that folder may keep the same id " + fixOf(lock)), log);
    }
}
