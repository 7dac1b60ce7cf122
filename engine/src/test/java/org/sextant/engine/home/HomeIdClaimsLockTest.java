package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.testing.CapturedStderr;

/**
 * Attack 34 F1, F5: whoever can write a shared backup folder put a FIFO at its claims lock, or held that lock, and every start
 * and backup of a home sharing the folder hung with no output; a link at the lock's name was followed, making its target.
 */
// hang guard only, on a thread of its own: an open waiting on the FIFO is not interrupted and never returns
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HomeIdClaimsLockTest {
    @TempDir Path dir;

    private Path shared;
    private Path lockFile;
    private SextantHome home;
    private String id;

    /** A settled home whose id is claimed in the shared folder, as after its first backup there. */
    private void homeWithItsClaim() throws Exception {
        shared = Files.createDirectories(dir.resolve("shared"));
        lockFile = shared.resolve(HomeIdClaims.LOCK);
        home = new SextantHome(dir.resolve("home")).ensureLayout();
        id = HomeId.of(home, shared);
        assertTrue(Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS));
    }

    private String notClaimed(String why, String fix) {
        return "home id " + id + " not claimed in the backup folder " + shared + ": " + why
                + "; a copy of this home sharing that folder may keep the same id (fix: " + fix + ")";
    }

    @Test
    void aFifoAtTheLockIsNotWaitedOnTheIdIsKeptAndTheWarningSaysToRemoveIt() throws Exception {
        homeWithItsClaim();
        Files.delete(lockFile);
        assumeTrue(new ProcessBuilder("mkfifo", lockFile.toString()).start().waitFor() == 0, "mkfifo is needed");
        String[] kept = new String[1];
        String log = CapturedStderr.of(() -> kept[0] = HomeId.of(home, shared));
        assertEquals(id, kept[0]);
        assertTrue(log.contains(notClaimed("its lock file " + lockFile + " is not a regular file (a pipe, socket or device)",
                "remove " + lockFile + ": the next backup makes it anew")), log);
        assertFalse(Files.isRegularFile(lockFile), "the FIFO is left as it was");
    }

    @Test
    void theEngineStartsInAHomeWhoseLinkedBackupsFolderHasAFifoAtItsLock() throws Exception {
        shared = Files.createDirectories(dir.resolve("shared"));
        home = new SextantHome(dir.resolve("home")).ensureLayout();
        Files.deleteIfExists(home.root().resolve("backups"));
        Files.createSymbolicLink(home.root().resolve("backups"), shared); // a shared folder: the id is claimed there at start
        assumeTrue(new ProcessBuilder("mkfifo", shared.resolve(HomeIdClaims.LOCK).toString()).start().waitFor() == 0, "mkfifo is needed");
        shared = home.root().resolve("backups"); // the folder as the home names it
        lockFile = shared.resolve(HomeIdClaims.LOCK);
        String log = CapturedStderr.of(() -> org.sextant.engine.Sextant.open(home).close());
        id = HomeId.of(home);
        assertTrue(log.contains(notClaimed("its lock file " + lockFile + " is not a regular file (a pipe, socket or device)",
                "remove " + lockFile + ": the next backup makes it anew")), log);
    }

    @Test
    void aLinkAtTheLockIsNotFollowedSoItsTargetIsNotMade() throws Exception {
        homeWithItsClaim();
        Files.delete(lockFile);
        Path target = dir.resolve("made-through-the-link");
        Files.createSymbolicLink(lockFile, target);
        String[] kept = new String[1];
        String log = CapturedStderr.of(() -> kept[0] = HomeId.of(home, shared));
        assertEquals(id, kept[0]);
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing is made where the link leads");
        assertTrue(log.contains(notClaimed("its lock file " + lockFile + " is a symbolic link", "remove " + lockFile + ": the next backup makes it anew")), log);
    }

    @Test
    void aLockHeldByAnotherProcessIsWaitedOnABoundedTimeThenTheIdIsKeptWithTheWarning() throws Exception {
        homeWithItsClaim();
        try (OtherProcessLock held = new OtherProcessLock(lockFile, dir)) {
            String[] kept = new String[1];
            String log = CapturedStderr.of(() -> kept[0] = HomeId.of(home, shared));
            assertEquals(id, kept[0]);
            assertTrue(log.contains(notClaimed("its lock " + lockFile + " was held by another process for " + HomeIdClaims.LOCK_WAIT_MS / 1000 + " s",
                    "the id is claimed again at the next backup; if this recurs, end the process that holds " + lockFile + " open (lsof "
                    + lockFile + " names it), or remove that file")), log);
        }
        String log = CapturedStderr.of(() -> assertEquals(id, HomeId.of(home, shared)));
        assertFalse(log.contains("not claimed"), "released, the lock is taken again: " + log);
    }

    @Test
    void aLockFileThatIsAFolderIsNamedAsOne() throws Exception {
        homeWithItsClaim();
        Files.delete(lockFile);
        Files.createDirectory(lockFile);
        String log = CapturedStderr.of(() -> assertEquals(id, HomeId.of(home, shared)));
        assertTrue(log.contains(notClaimed("its lock file " + lockFile + " is a folder", "remove " + lockFile + ": the next backup makes it anew")), log);
    }
}
