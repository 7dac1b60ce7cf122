package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.testing.CapturedStderr;

/**
 * Session 47 left SEXTANT_HOME/run/home-id.lock waited on without limit: a FIFO, a folder or a link put there, or the lock
 * held by another process, hung every start, backup and command that reads the home id. It is now taken as the shared
 * folder's claims lock is; the id is read without it, and the warning names the file and the fix.
 */
// hang guard only, on a thread of its own: an open waiting on the FIFO is not interrupted and never returns
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HomeIdLockTest {
    @TempDir Path dir;

    private SextantHome home;
    private Path lockFile;
    private String id;

    private void homeWithItsId() {
        home = new SextantHome(dir.resolve("home")).ensureLayout();
        id = HomeId.of(home);
        lockFile = home.runDir().resolve(HomeId.LOCK);
        assertTrue(Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS));
    }

    private String withoutLock(String why, String fix) {
        return "this home's id lock " + lockFile + " " + why + ": the home id is read without it this time (fix: " + fix + ")";
    }

    private String removeIt() {
        return "remove " + lockFile + ": the next start makes it anew";
    }

    /** The id read with the warnings shown to the person, as a command's stderr shows them. */
    private String idShowing(List<String> shown) {
        try (HomeWarnings.Shown ignored = HomeWarnings.showTo(shown::add)) {
            return HomeId.of(home);
        }
    }

    @Test
    void aFifoAtTheLockIsNotWaitedOnAndTheWarningIsShownToThePerson() throws Exception {
        homeWithItsId();
        Files.delete(lockFile);
        assumeTrue(new ProcessBuilder("mkfifo", lockFile.toString()).start().waitFor() == 0, "mkfifo is needed");
        List<String> shown = new CopyOnWriteArrayList<>();
        String[] kept = new String[1];
        String log = CapturedStderr.of(() -> kept[0] = idShowing(shown));
        assertEquals(id, kept[0]);
        String warning = withoutLock("is not a regular file (a pipe, socket or device)", removeIt());
        assertEquals(List.of(warning), shown, "shown where the person acts");
        assertTrue(log.contains(warning), log);
        assertFalse(Files.isRegularFile(lockFile), "the FIFO is left as it was");
    }

    @Test
    void theEngineStartsInAHomeWithAFifoAtItsIdLock() throws Exception {
        homeWithItsId();
        Files.delete(lockFile);
        assumeTrue(new ProcessBuilder("mkfifo", lockFile.toString()).start().waitFor() == 0, "mkfifo is needed");
        String log = CapturedStderr.of(() -> org.sextant.engine.Sextant.open(home).close());
        assertTrue(log.contains(withoutLock("is not a regular file (a pipe, socket or device)", removeIt())), log);
    }

    @Test
    void aLinkAtTheLockIsNotFollowedSoItsTargetIsNotMade() throws Exception {
        homeWithItsId();
        Files.delete(lockFile);
        Path target = dir.resolve("made-through-the-link");
        Files.createSymbolicLink(lockFile, target);
        String[] kept = new String[1];
        String log = CapturedStderr.of(() -> kept[0] = HomeId.of(home));
        assertEquals(id, kept[0]);
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing is made where the link leads");
        assertTrue(log.contains(withoutLock("is a symbolic link", removeIt())), log);
    }

    @Test
    void aFolderAtTheLockIsNamedAsOneAndTheIdKept() throws Exception {
        homeWithItsId();
        Files.delete(lockFile);
        Files.createDirectory(lockFile);
        String[] kept = new String[1];
        String log = CapturedStderr.of(() -> kept[0] = HomeId.of(home));
        assertEquals(id, kept[0]);
        assertTrue(log.contains(withoutLock("is a folder", removeIt())), log);
    }

    @Test
    void aLockHeldByAnotherProcessIsWaitedOnABoundedTimeThenTheIdIsReadWithTheWarning() throws Exception {
        homeWithItsId();
        try (OtherProcessLock held = new OtherProcessLock(lockFile, dir)) {
            List<String> shown = new CopyOnWriteArrayList<>();
            String[] kept = new String[1];
            CapturedStderr.of(() -> kept[0] = idShowing(shown));
            assertEquals(id, kept[0]);
            assertEquals(List.of(withoutLock("was held by another process for " + LockFile.WAIT_MS / 1000 + " s", "if this recurs, end the process that holds "
                    + lockFile + " open (lsof " + lockFile + " names it), or remove that file")), shown);
        }
        List<String> shown = new CopyOnWriteArrayList<>();
        assertEquals(id, idShowing(shown));
        assertEquals(List.of(), shown, "released, the lock is taken again");
    }
}
