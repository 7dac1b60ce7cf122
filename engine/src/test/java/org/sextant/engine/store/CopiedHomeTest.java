package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.HomeId;
import org.sextant.engine.home.SextantHome;

/** A home copied whole (cp -a, its home-id with it) shared its id with the original: in one backup folder each rotated and restored the other's backups. */
class CopiedHomeTest {
    @TempDir Path dir;

    private SextantHome home(String name) {
        return new SextantHome(dir.resolve(name)).ensureLayout();
    }

    private static RollingBackups backupsOf(SextantHome home, Path folder) {
        return new RollingBackups(home, new RollingBackups.Policy(folder, 3, Duration.ZERO));
    }

    /** As cp -a: every file, with its times, and a symbolic link as a link. */
    private static SextantHome copied(SextantHome from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from.root())) {
            for (Path p : all.toList()) {
                Files.copy(p, to.resolve(from.root().relativize(p).toString()), StandardCopyOption.COPY_ATTRIBUTES, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            }
        }
        return new SextantHome(to);
    }

    @Test
    void aCopyTakesItsOwnIdAndNeitherRotatesNorPicksTheOriginalsBackups() throws IOException {
        Path shared = dir.resolve("shared");
        SextantHome a = home("a");
        List<Path> ofA = BackupRestoreTest.takeBackups(a, backupsOf(a, shared), 2); // the newest holds 20 prices
        String idOfA = HomeId.of(a);
        SextantHome b = copied(a, dir.resolve("b"));

        RollingBackups backupsOfB = backupsOf(b, shared);
        String idOfB = backupsOfB.homeId();
        assertNotEquals(idOfA, idOfB, "the copy has an id of its own");
        assertEquals(idOfA, HomeId.of(a), "the original keeps its id");
        assertEquals(List.of(), backupsOfB.own(), "the original's backups are not the copy's");

        BackupRestoreTest.takeBackups(b, backupsOfB, 4);
        assertEquals(List.of(ofA.get(1), ofA.get(0)), backupsOf(a, shared).own(), "the copy's rotation deleted none of the original's backups");
        assertEquals(3, backupsOfB.own().size());

        SextantException refused = assertThrows(SextantException.class, () -> StoreRestore.restore(b, ofA.get(1), false, backupsOfB));
        assertTrue(refused.getMessage().contains("was taken by another Sextant home (home id " + idOfA + ", the home at " + a.root()
                + " this one was copied from; this home's id is " + idOfB + ")"), refused.getMessage());
        assertEquals(20L, StoreRestore.restore(b, ofA.get(1), true, backupsOfB).census().rows().get("prices"), "with the flag it is restored");
    }

    /** Review of session 45: the backups cp -a copied into the copy's own backups/ hold the same data, yet the copy counted none of them. */
    @Test
    void theBackupsCopiedIntoTheCopysOwnBackupsFolderAreItsOwn() throws IOException {
        SextantHome a = home("a");
        BackupRestoreTest.takeBackups(a, backupsOf(a, a.root().resolve("backups")), 2); // the newest holds 20 prices
        SextantHome b = copied(a, dir.resolve("b"));
        RollingBackups backupsOfB = backupsOf(b, b.root().resolve("backups"));
        assertNotEquals(HomeId.of(a), backupsOfB.homeId(), "the copy takes its own id");
        assertEquals(2, backupsOfB.own().size(), "the copied backups in its own folder are the copy's");
        assertEquals(20L, StoreRestore.restoreNewest(b, backupsOfB).census().rows().get("prices"), "a bare restore finds them");

        Files.writeString(b.database(), "not a store any more");
        RecoveryReport r = StoreRecovery.recover(b, new RollingBackups.Policy(b.root().resolve("backups"), 3, Duration.ZERO));
        assertTrue(r.source().startsWith("the backup " + b.root().resolve("backups")), r.source());
        assertEquals(20L, r.recovered().rows().get("prices"));
        assertEquals(2, backupsOf(a, a.root().resolve("backups")).own().size(), "the original's are untouched");
    }

    /** In a shared folder the original's backups stay its own; recover, finding none of the copy's, names them and the flag. */
    @Test
    void recoverInACopyWithOnlyTheOriginalsBackupsInASharedFolderNamesThem() throws IOException {
        Path shared = dir.resolve("shared");
        SextantHome a = home("a");
        List<Path> ofA = BackupRestoreTest.takeBackups(a, backupsOf(a, shared), 2);
        SextantHome b = copied(a, dir.resolve("b"));
        Files.writeString(b.database(), "not a store any more");
        RecoveryReport r = StoreRecovery.recover(b, new RollingBackups.Policy(shared, 3, Duration.ZERO));
        assertTrue(r.source().startsWith("nothing"), "the original's backups are not the copy's: " + r.source());
        assertTrue(r.source().contains("2 backups of the home at " + a.root() + " this one was copied from") && r.source().contains(ofA.get(1).toString())
                && r.source().contains("sextant restore --from-other-home " + ofA.get(1)), r.source());
    }

    /**
     * Session 46: a copy took its own id only at its first backup; the original moved or deleted before that, the copy
     * then read as a moved home and kept the shared id. Its engine's start now tells it, while the original is there.
     */
    @Test
    void aCopyTakesItsOwnIdWhenItsEngineStartsAndKeepsItAfterTheOriginalMoves() throws IOException {
        SextantHome a = home("a");
        org.sextant.engine.Sextant.open(a).close();
        String idOfA = HomeId.of(a);
        SextantHome b = copied(a, dir.resolve("b"));
        try (org.sextant.engine.Sextant started = org.sextant.engine.Sextant.open(b)) {
            HomeId.Reading read = HomeId.peek(b);
            assertTrue(read.id() != null && !read.id().equals(idOfA), "the copy has its own id once started: " + read);
            assertEquals(new HomeId.CopiedFrom(idOfA, a.root().toAbsolutePath().normalize().toString(), false), read.copiedFrom());
        }
        String idOfB = HomeId.of(b);
        Files.move(a.root(), dir.resolve("a-moved"));
        assertEquals(idOfB, HomeId.of(b), "the original gone, the copy keeps its own id");
        assertNotEquals(idOfA, idOfB);
    }

    /**
     * Session 46: a backups/ that is a symbolic link (to a shared folder) is copied by cp -a as the link: the original's
     * backups there were counted as the copy's, and the copy's rotation deleted them. Such a folder is a shared one.
     */
    @Test
    void aLinkedBackupsFolderIsSharedSoTheCopyNeitherCountsNorRotatesTheOriginalsBackups() throws IOException {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome a = home("a");
        Files.createSymbolicLink(a.root().resolve("backups"), shared);
        List<Path> ofA = BackupRestoreTest.takeBackups(a, backupsOf(a, a.root().resolve("backups")), 2);
        SextantHome b = copied(a, dir.resolve("b"));
        assertTrue(Files.isSymbolicLink(b.root().resolve("backups")), "cp -a copied the link");

        RollingBackups backupsOfB = backupsOf(b, b.root().resolve("backups"));
        assertNotEquals(HomeId.of(a), backupsOfB.homeId());
        assertEquals(List.of(), backupsOfB.own(), "the original's backups in the folder the link leads to are not the copy's");
        assertEquals(List.of(ofA.get(1).getFileName(), ofA.get(0).getFileName()), backupsOfB.copiedFromsBackups().stream().map(Path::getFileName).toList(),
                "they are named as the original's, to restore with the flag");
        BackupRestoreTest.takeBackups(b, backupsOfB, 4);
        assertEquals(List.of(ofA.get(1), ofA.get(0)), backupsOf(a, a.root().resolve("backups")).own(), "the copy's rotation deleted none of the original's");
    }

    /**
     * Attack 33 F4: cp -a A B; cp -a A C; rm -rf A. Both copies read A's place as gone, so both kept A's id as moved homes:
     * in a shared folder C's backups rolled B's off and B's bare restore put C's store in place. The second to claim the id
     * finds B still holding it (the claim in the shared folder) and takes its own.
     */
    @Test
    void ofTwoCopiesWhoseOriginalIsDeletedTheSecondTakesItsOwnIdInASharedFolder() throws IOException {
        Path shared = dir.resolve("shared");
        SextantHome a = home("a");
        BackupRestoreTest.takeBackups(a, backupsOf(a, shared), 1);
        String idOfA = HomeId.of(a);
        SextantHome b = copied(a, dir.resolve("b"));
        SextantHome c = copied(a, dir.resolve("c"));
        deleteAll(a.root());

        RollingBackups backupsOfB = backupsOf(b, shared);
        List<Path> ofB = BackupRestoreTest.takeBackups(b, backupsOfB, 1);
        assertEquals(idOfA, backupsOfB.homeId(), "the first to claim the original's id keeps it: a move");
        HomeId.Reading cBeforeItStarts = HomeId.peek(c, shared);
        assertEquals(null, cBeforeItStarts.id(), "a listing in C before it starts already tells it is a copy");
        assertEquals(new HomeId.CopiedFrom(idOfA, b.root().toAbsolutePath().normalize().toString(), false), cBeforeItStarts.copiedFrom());

        RollingBackups backupsOfC = backupsOf(c, shared);
        String idOfC = backupsOfC.homeId();
        assertNotEquals(idOfA, idOfC, "the second copy takes an id of its own");
        assertTrue(backupsOfC.whoseId(idOfA).contains("the home at " + b.root().toAbsolutePath().normalize()), backupsOfC.whoseId(idOfA));
        BackupRestoreTest.takeBackups(c, backupsOfC, 3);
        assertEquals(3, backupsOfC.own().size());
        assertEquals(2, backupsOf(b, shared).own().size(), "C's three backups rolled off none of B's (A's one and B's own)");
        assertEquals(ofB.get(0), StoreRestore.restoreNewest(b, backupsOf(b, shared)).backup(), "B's bare restore picks B's newest, not C's");
        assertEquals(idOfA, HomeId.of(b, shared), "B keeps its id");
        assertEquals(idOfC, HomeId.of(c, shared), "C keeps its new one");
    }

    @Test
    void aHomeMovedAwayFromItsClaimKeepsItsIdAndTakesTheClaimOver() throws IOException {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome a = home("a");
        String id = HomeId.of(a, shared);
        SextantHome moved = new SextantHome(Files.move(a.root(), dir.resolve("moved")));
        assertEquals(id, HomeId.of(moved, shared), "the claimed path is gone: a move");
        SextantHome copy = copied(moved, dir.resolve("copy"));
        deleteAll(copy.root().resolve(HomeId.PLACE)); // the copy's place lost (as in a home copied before places): only the claim tells it
        assertNotEquals(id, HomeId.of(copy, shared), "the claim names the moved home, which still holds the id");
        assertEquals(id, HomeId.of(moved, shared));
    }

    @Test
    void aClaimThatIsALinkIsNeitherFollowedNorWrittenThrough() throws IOException {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        Path elsewhere = Files.writeString(dir.resolve("elsewhere.txt"), "not a claim");
        SextantHome a = home("a");
        String id = HomeId.of(a);
        Path claim = shared.resolve("sextant-home-" + id + ".claim");
        Files.createSymbolicLink(claim, elsewhere);
        assertEquals(id, HomeId.of(a, shared));
        assertEquals("not a claim", Files.readString(elsewhere), "the link's target is untouched");
        assertTrue(Files.isRegularFile(claim, java.nio.file.LinkOption.NOFOLLOW_LINKS), "the link is replaced by this home's claim");
    }

    /**
     * Attack 34 F4: anyone who can write the shared folder wrote a claim naming a folder of theirs that holds this home's id: at
     * its next backup the settled home (its place names its own folder) took a new id, and its backups became another home's.
     */
    @Test
    void aSettledHomeKeepsItsIdAndItsBackupsWhateverAClaimSays() throws Exception {
        Path shared = dir.resolve("shared");
        SextantHome a = home("a");
        List<Path> ofA = BackupRestoreTest.takeBackups(a, backupsOf(a, shared), 2);
        String id = HomeId.of(a, shared);
        Path fake = Files.createDirectories(dir.resolve("fake"));
        ownedByAnotherUser(Files.writeString(fake.resolve(HomeId.FILE), id + "\n"));
        Path claim = shared.resolve("sextant-home-" + id + ".claim");
        Files.delete(claim);
        Files.writeString(claim, "{\"home\":\"" + fake + "\"}");

        assertEquals(new HomeId.Reading(id, null), HomeId.peek(a, shared), "a listing still says this home's id");
        RollingBackups backupsOfA = backupsOf(a, shared);
        String[] kept = new String[1];
        String log = org.sextant.engine.testing.CapturedStderr.of(() -> kept[0] = backupsOfA.homeId());
        assertEquals(id, kept[0], "the home keeps its id");
        assertEquals(List.of(ofA.get(1), ofA.get(0)), backupsOfA.own(), "its backups are still its own");
        assertEquals(id, HomeId.of(a), "the id file is unchanged");
        assertTrue(Files.readString(claim).contains(a.root().toAbsolutePath().normalize().toString()), "the claim is taken back");
        assertTrue(log.contains("the backup folder " + shared + " claimed home id " + id + " for the home at " + fake + ", which holds that id too"
                + " but is not yours (another user owns its home-id); this home at " + a.root() + " keeps it (its own place record names this folder)"
                + " and takes the claim back; if " + fake + " is a copy of this home, delete its home-id and home-id.place.json"), log);
        assertEquals(ofA.get(1), StoreRestore.restoreNewest(a, backupsOf(a, shared)).backup(), "a bare restore picks its own newest");
    }

    /** As a folder another user made: its file owned by them (needs the right to give a file away: root). */
    private static void ownedByAnotherUser(Path file) {
        try {
            int mine = (Integer) Files.getAttribute(file, "unix:uid");
            Files.setAttribute(file, "unix:uid", mine == 65534 ? 65533 : 65534);
        } catch (IOException | RuntimeException notPermitted) {
            org.junit.jupiter.api.Assumptions.abort("giving a file to another user is needed: " + notPermitted);
        }
    }

    /**
     * Session 47: an original moved away while its copy first started (the copy kept the id as a moved home), then moved back:
     * both settled, both kept the one id, and in the shared folder each rolled off and restored the other's backups. The one
     * that finds the other's claim, both being the person's, takes an id of its own.
     */
    @Test
    void anOriginalMovedAwayWhileItsCopyStartedThenBackTakesItsOwnIdAndTheirBackupsNoLongerMix() throws Exception {
        Path shared = dir.resolve("shared");
        SextantHome a = home("a");
        BackupRestoreTest.takeBackups(a, backupsOf(a, shared), 1);
        String id = HomeId.of(a, shared);
        SextantHome b = copied(a, dir.resolve("b"));
        Path away = Files.move(a.root(), dir.resolve("a-away"));
        RollingBackups backupsOfB = backupsOf(b, shared);
        List<Path> ofB = BackupRestoreTest.takeBackups(b, backupsOfB, 1);
        assertEquals(id, backupsOfB.homeId(), "the original away, the copy is a moved home: it keeps the id and claims it");
        Files.move(away, a.root());

        RollingBackups backupsOfA = backupsOf(a, shared);
        String[] own = new String[1];
        String log = org.sextant.engine.testing.CapturedStderr.of(() -> own[0] = backupsOfA.homeId());
        assertNotEquals(id, own[0], "the second to claim it takes an id of its own");
        assertTrue(log.contains("the home at " + b.root().toAbsolutePath().normalize() + " holds this home's id " + id + " too and is yours (one of the two was"
                + " copied while the other was moved away, then moved back); it claimed the id first in the backup folder " + shared + ", so this home at "
                + a.root() + " takes an id of its own, " + own[0] + ", and their backups no longer mix"), log);
        BackupRestoreTest.takeBackups(a, backupsOfA, 4);
        assertEquals(3, backupsOfA.own().size());
        assertEquals(2, backupsOf(b, shared).own().size(), "A's four backups rolled off none of B's (the one before the copy and B's own)");
        assertEquals(ofB.get(0), StoreRestore.restoreNewest(b, backupsOf(b, shared)).backup(), "B's bare restore picks B's newest, not A's");
        String again = org.sextant.engine.testing.CapturedStderr.of(() -> {
            assertEquals(id, HomeId.of(b, shared), "B keeps the id");
            assertEquals(own[0], HomeId.of(a, shared), "A keeps its new one");
        });
        assertTrue(again.isBlank(), "no more warnings: " + again);
    }

    private static void deleteAll(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Test
    void theOriginalOpenedFirstAfterTheCopyKeepsItsIdAndTheCopyStillTakesItsOwn() throws IOException {
        SextantHome a = home("a");
        String id = HomeId.of(a);
        SextantHome b = copied(a, dir.resolve("b"));
        assertEquals(id, HomeId.of(a));
        assertNotEquals(id, HomeId.of(b));
        assertEquals(HomeId.of(b), HomeId.of(b), "the copy's new id stays");
    }

    @Test
    void aMovedHomeKeepsItsIdAndACopyOfItAtItsNewPlaceTakesItsOwn() throws IOException {
        SextantHome a = home("a");
        String id = HomeId.of(a);
        SextantHome moved = new SextantHome(Files.move(a.root(), dir.resolve("moved")));
        assertEquals(id, HomeId.of(moved), "the old path is gone: a move, not a copy");
        SextantHome copy = copied(moved, dir.resolve("copy"));
        assertNotEquals(id, HomeId.of(copy), "the moved home recorded its new place, so its copy is known as one");
        assertEquals(id, HomeId.of(moved));
    }

    @Test
    void aHomeReachedThroughALinkIsNoCopy() throws IOException {
        SextantHome a = home("a");
        String id = HomeId.of(a);
        SextantHome linked = new SextantHome(Files.createSymbolicLink(dir.resolve("link"), a.root()));
        assertEquals(id, HomeId.of(linked));
        assertEquals(id, HomeId.of(a));
    }

    @Test
    void anIdWrittenBeforePlacesWereRecordedIsKept() throws IOException {
        SextantHome a = home("a");
        Files.writeString(a.root().resolve(HomeId.FILE), "0123456789ab\n");
        assertEquals("0123456789ab", HomeId.of(a));
        assertTrue(Files.exists(a.root().resolve(HomeId.PLACE)), "its place is recorded now");
    }
}
