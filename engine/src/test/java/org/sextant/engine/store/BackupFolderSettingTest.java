package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * Attack 32 F5: a relative SEXTANT_BACKUP_DIR was read against the folder each command ran from, so a backup taken from one
 * folder was not found by `restore` or `recover` run from another.
 */
class BackupFolderSettingTest {
    @TempDir Path dir;

    private static RollingBackups.Policy policy(SextantHome home, String backupDir) {
        return RollingBackups.Policy.of(home, Map.of("SEXTANT_BACKUP_DIR", backupDir)::get);
    }

    @Test
    void aRelativeBackupFolderIsInTheHomeWhicheverFolderTheCommandRunsFrom() {
        SextantHome home = new SextantHome(dir.resolve("home"));
        assertEquals(dir.resolve("home").resolve("backups-shared"), policy(home, "backups-shared").dir());
        assertEquals(dir.resolve("shared"), policy(home, "../shared").dir(), "'..' leads out of the home as written");
        assertEquals(dir.resolve("elsewhere"), policy(home, dir.resolve("elsewhere").toString()).dir(), "an absolute folder stays as it is");
    }

    /** Unlike a '?' in SEXTANT_HOME (DuckDB cut the store's log path there), one in the backup folder's path harms nothing: backups are opened read-only. */
    @Test
    void aBackupFolderWithAQuestionMarkIsListedAndRestoredAsAnyOther() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups own = new RollingBackups(home, policy(home, dir.resolve("what?backups").toString()));
        Path backup = BackupRestoreTest.takeBackups(home, own, 1).get(0);
        assertTrue(backup.startsWith(dir.resolve("what?backups")), backup.toString());
        assertEquals(null, StoreRestore.check(backup).problem(), "it can be restored");
        assertEquals(backup, StoreRestore.restoreNewest(home, own).backup());
    }

    @Test
    void recoverWithNoBackupOfThisHomeNamesTheFolderItSearched() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path searched = dir.resolve("searched");
        BackupRestoreTest.takeBackups(home, new RollingBackups(home, new RollingBackups.Policy(dir.resolve("elsewhere"), 3, Duration.ZERO)), 1);
        Files.createDirectories(searched);
        Files.writeString(home.database(), "not a store any more");
        RecoveryReport r = StoreRecovery.recover(home, new RollingBackups.Policy(searched, 3, Duration.ZERO));
        assertEquals("nothing (no part of the store opened, and the backup folder " + searched + " held none of this home's backups):"
                + " a new, empty store", r.source());
        assertTrue(Files.exists(home.database()), "a new, empty store is in place");
    }
}
