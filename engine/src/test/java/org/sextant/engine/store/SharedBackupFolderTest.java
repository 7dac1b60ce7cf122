package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/** Attack 30 F3: two homes sharing one SEXTANT_BACKUP_DIR rotated out each other's backups, and restore put the other's store in. */
class SharedBackupFolderTest {
    @TempDir Path dir;

    private SextantHome home(String name) {
        return new SextantHome(dir.resolve(name)).ensureLayout();
    }

    private RollingBackups backupsOf(SextantHome home, Path folder) {
        return new RollingBackups(home, new RollingBackups.Policy(folder, 3, Duration.ZERO));
    }

    private static long prices(StoreRestore.Restored r) {
        return r.census().rows().get("prices");
    }

    @Test
    void eachHomeRotatesOnlyItsOwnBackupsAndNeverAFileItDidNotName() throws IOException {
        Path shared = dir.resolve("shared");
        RollingBackups a = backupsOf(home("a"), shared);
        RollingBackups b = backupsOf(home("b"), shared);
        Files.createDirectories(shared);
        Path mine = Files.writeString(shared.resolve("sextant-mycopy.duckdb"), "the person's own copy");
        Path old = Files.writeString(shared.resolve("sextant-19990101T000000.000Z.duckdb"), "sorts below every backup");
        List<Path> ofA = BackupRestoreTest.takeBackups(home("a"), a, 2);
        List<Path> ofB = BackupRestoreTest.takeBackups(home("b"), b, 4);

        assertEquals(List.of(ofB.get(3), ofB.get(2), ofB.get(1)), b.own(), "B keeps its newest 3");
        assertEquals(List.of(ofA.get(1), ofA.get(0)), a.own(), "B's backups took none of A's places, nor deleted one");
        assertTrue(Files.exists(mine) && Files.exists(old), "files the app did not write stay");
        assertEquals(RollingBackups.Origin.NOT_A_BACKUP_NAME, a.originOf(mine));
        assertEquals(RollingBackups.Origin.NOT_RECORDED, a.originOf(old), "a time-only name in a shared folder: whose is not known");
    }

    @Test
    void aBareRestorePicksThisHomesNewestAndAnotherHomesFileNeedsTheFlag() throws IOException {
        Path shared = dir.resolve("shared");
        SextantHome homeA = home("a");
        RollingBackups a = backupsOf(homeA, shared);
        RollingBackups b = backupsOf(home("b"), shared);
        Path ofA = BackupRestoreTest.takeBackups(homeA, a, 1).get(0); // 10 prices
        Path ofB = BackupRestoreTest.takeBackups(home("b"), b, 3).get(2); // 30 prices, and newer

        StoreRestore.Restored bare = StoreRestore.restoreNewest(homeA, a);
        assertEquals(ofA, bare.backup());
        assertEquals(10L, prices(bare), "A's own rows, not B's");

        SextantException refused = assertThrows(SextantException.class, () -> StoreRestore.restore(homeA, ofB, false, a));
        assertEquals("FILE", refused.field());
        // its claim in the shared folder names the home that holds the id (session 49)
        assertTrue(refused.getMessage().contains("was taken by another Sextant home (home id " + b.homeId() + ", the home at "
                + home("b").root().toAbsolutePath().normalize() + "; this home's id is " + a.homeId()),
                refused.getMessage());
        assertEquals(10L, prices(StoreRestore.restoreNewest(homeA, a)), "the refusal left A's store as it was");

        assertEquals(30L, prices(StoreRestore.restore(homeA, ofB, true, a)), "asked for explicitly, it is restored");
    }

    @Test
    void backupsNamedByTimeOnlyInTheHomesOwnFolderAreStillItsOwn() throws IOException {
        SextantHome home = home("a");
        RollingBackups own = backupsOf(home, home.root().resolve("backups"));
        Path taken = BackupRestoreTest.takeBackups(home, own, 1).get(0);
        Path before = Files.copy(taken, taken.resolveSibling("sextant-20200101T000000.000Z.duckdb")); // taken by an earlier release
        assertEquals(RollingBackups.Origin.THIS_HOME, own.originOf(before));
        BackupRestoreTest.takeBackups(home, own, 3);
        assertTrue(Files.notExists(before), "it rolls off as the oldest of the home's backups");
    }

    @Test
    void recoverNeverPutsAnotherHomesBackupIn() throws IOException {
        Path shared = dir.resolve("shared");
        SextantHome homeA = home("a");
        BackupRestoreTest.takeBackups(home("b"), backupsOf(home("b"), shared), 1);
        BackupRestoreTest.takeBackups(homeA, backupsOf(homeA, dir.resolve("elsewhere")), 1); // a store for A, then its file damaged
        Files.writeString(homeA.database(), "not a store any more");
        RecoveryReport r = StoreRecovery.recover(homeA, new RollingBackups.Policy(shared, 3, Duration.ZERO));
        assertTrue(!r.source().startsWith("the backup "), "B's backup is not A's: " + r.source());
    }

    /** The home id is read when a backup needs it: a damaged home-id file costs that backup (warned), never the store's opening. */
    @Test
    void aDamagedHomeIdFileStopsNoStartAndIsNamedWithItsFix() throws IOException {
        SextantHome home = home("damaged");
        Files.writeString(home.root().resolve(org.sextant.engine.home.HomeId.FILE), "not an id, whatever was written here");
        try (org.sextant.engine.Sextant engine = org.sextant.engine.Sextant.open(home)) {
            assertTrue(engine.listSymbols(null, 0, 10).count() > 0, "the store opens and answers with its sample data");
        }
        SextantException e = assertThrows(SextantException.class, () -> backupsOf(home, dir.resolve("shared")).homeId());
        assertEquals("home-id", e.field());
        assertTrue(e.getMessage().contains("does not hold a home id") && !e.getMessage().contains("whatever was written"), e.getMessage());
    }

    /** Review of session 44: a damaged home-id threw from recover after the store was deleted; now its backups are named, not tried. */
    @Test
    void recoverWithADamagedHomeIdEndsWithAStoreAndSaysWhichBackupsItDidNotTry() throws IOException {
        Path shared = dir.resolve("shared");
        SextantHome home = home("a");
        BackupRestoreTest.takeBackups(home, backupsOf(home, shared), 1);
        Files.writeString(home.database(), "not a store any more");
        Files.writeString(home.root().resolve(org.sextant.engine.home.HomeId.FILE), "damaged");
        RecoveryReport r = StoreRecovery.recover(home, new RollingBackups.Policy(shared, 3, Duration.ZERO));
        assertTrue(r.source().startsWith("nothing") && r.source().contains("were not tried, as which are this home's is not known")
                && r.source().contains("sextant restore FILE"), r.source());
        assertTrue(Files.exists(home.database()), "a new, empty store is in place");
    }
}
