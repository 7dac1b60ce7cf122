package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.HomeId;
import org.sextant.engine.home.SextantHome;

/** Attack 30 F3: home A's `restore` of a backup home B took into their shared folder put B's store in, exit 0, nothing said. */
class SharedBackupFolderCommandTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    /** Review of session 45: a copied home's bare restore found none of the backups cp -a copied into its own backups folder. */
    @Test
    void aCopiedHomesBareRestoreFindsTheBackupsCopiedIntoItsOwnFolder() throws Exception {
        SextantHome a = new SextantHome(dir.resolve("a"));
        Sextant.open(a).close();
        assertEquals(0, Main.run("--home", a.root().toString(), "backup"), err.toString());
        Path taken = Path.of(out.toString().split(" ")[1]);
        SextantHome b = new SextantHome(dir.resolve("b"));
        try (java.util.stream.Stream<Path> all = Files.walk(a.root())) { // as cp -a
            for (Path p : all.toList()) Files.copy(p, b.root().resolve(a.root().relativize(p).toString()), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        }
        out.reset();
        assertEquals(0, Main.run("--home", b.root().toString(), "restore"), err.toString());
        assertTrue(out.toString().startsWith("restored " + b.root().resolve("backups").resolve(taken.getFileName())), out.toString());
        assertTrue(!HomeId.of(b).equals(HomeId.of(a)), "the copy took its own id");
    }

    /** Session 46: a copied home whose backups/ is a link to a shared folder took the original's backups there for its own. */
    @Test
    void aCopiedHomesBareRestoreTakesNoneOfTheOriginalsBackupsThroughALinkedBackupsFolder() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome a = new SextantHome(Files.createDirectories(dir.resolve("a")));
        Files.createSymbolicLink(a.root().resolve("backups"), shared);
        Sextant.open(a).close(); // its first start takes a backup, into the shared folder
        SextantHome b = new SextantHome(dir.resolve("b"));
        try (java.util.stream.Stream<Path> all = Files.walk(a.root())) { // as cp -a: the link copied as a link
            for (Path p : all.toList()) {
                Files.copy(p, b.root().resolve(a.root().relativize(p).toString()), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            }
        }
        err.reset();
        assertEquals(1, Main.run("--home", b.root().toString(), "restore"), err.toString());
        assertTrue(err.toString().startsWith("error [FILE]: none of the 1 files named sextant-*.duckdb in " + b.root().resolve("backups") + " is a backup of this home"),
                err.toString());
        assertTrue(Files.list(b.dataDir()).noneMatch(p -> p.getFileName().toString().startsWith("replaced-")), "the copy's store was left in place");
        assertTrue(!HomeId.of(b).equals(HomeId.of(a)), "the copy took its own id");
    }

    /**
     * Attack 33 F4: cp -a A B; cp -a A C; rm -rf A, their backups/ a link to one shared folder. Both copies kept A's id as
     * moved homes: C's backups rolled B's off and B's bare restore put C's store in place. C, second to claim the id, takes its own.
     */
    @Test
    void ofTwoCopiesWhoseOriginalIsDeletedTheSecondTakesItsOwnIdAndNeitherRestoresTheOthers() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome a = new SextantHome(Files.createDirectories(dir.resolve("a")));
        Files.createSymbolicLink(a.root().resolve("backups"), shared);
        Sextant.open(a).close();
        String idOfA = HomeId.of(a);
        SextantHome b = copiedAsCpA(a, dir.resolve("b"));
        SextantHome c = copiedAsCpA(a, dir.resolve("c"));
        try (java.util.stream.Stream<Path> all = Files.walk(a.root())) { // rm -rf a
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
        out.reset();
        assertEquals(0, Main.run("--home", b.root().toString(), "backup"), err.toString());
        Path ofB = Path.of(out.toString().split(" ")[1]);
        for (int i = 0; i < 3; i++) assertEquals(0, Main.run("--home", c.root().toString(), "backup"), err.toString());
        assertEquals(idOfA, HomeId.of(b), "the first to claim the id keeps it");
        assertTrue(!HomeId.of(c).equals(idOfA), "the second takes its own");
        assertTrue(Files.exists(ofB), "C's three backups rolled off none of B's");

        out.reset();
        assertEquals(0, Main.run("--home", c.root().toString(), "restore", "--list"), err.toString());
        assertTrue(out.toString().contains(ofB.getFileName() + "  another home's (home id " + idOfA + ", the home at " + b.root() + " this one was copied from;"), out.toString());
        out.reset();
        assertEquals(0, Main.run("--home", b.root().toString(), "restore"), err.toString());
        assertTrue(out.toString().startsWith("restored " + b.root().resolve("backups").resolve(ofB.getFileName())), "B's bare restore picks B's own: " + out);
    }

    /**
     * Session 49: twins (an original moved away while its copy first started, then moved back) share a backup folder; the
     * original, second to claim the id, takes its own. Its `restore --list` called the copy "the home at B this one was copied
     * from", and the copy's named the original's backups by id alone: each now names the other as the twin it is.
     */
    @Test
    void twinsListEachOthersBackupsAsTheTwinsNotAsTheOriginal() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("shared"));
        SextantHome a = new SextantHome(Files.createDirectories(dir.resolve("a")));
        Files.createSymbolicLink(a.root().resolve("backups"), shared);
        Sextant.open(a).close(); // A's first backup, before the copy
        String idOfA = HomeId.of(a);
        SextantHome b = copiedAsCpA(a, dir.resolve("b"));
        Path away = Files.move(a.root(), dir.resolve("a-away"));
        assertEquals(0, Main.run("--home", b.root().toString(), "backup"), err.toString()); // A gone: B keeps the id as a moved home
        Files.move(away, a.root());
        err.reset();
        assertEquals(0, Main.run("--home", a.root().toString(), "backup"), err.toString());
        assertTrue(err.toString().contains("so this home at " + a.root() + " takes an id of its own"), err.toString());
        String newIdOfA = HomeId.of(a);
        assertTrue(!newIdOfA.equals(idOfA) && HomeId.of(b).equals(idOfA), "A, second to claim the id, took its own; B kept it");

        out.reset();
        assertEquals(0, Main.run("--home", a.root().toString(), "restore", "--list"), err.toString());
        String twin = " that held this home's id too (one of the two was copied from the other; which, their files cannot tell)";
        String listedInA = out.toString();
        assertTrue(listedInA.contains("another home's (home id " + idOfA + ", the home at " + b.root() + twin + " and claimed it first;"), listedInA);
        assertTrue(!listedInA.contains("copied from;"), "A is the original: B is not the home it was copied from\n" + listedInA);
        assertEquals(2, listedInA.lines().filter(l -> l.contains("home id " + idOfA + ",")).count(), "A's backup before the copy and B's: " + listedInA);

        out.reset();
        assertEquals(0, Main.run("--home", b.root().toString(), "restore", "--list"), err.toString());
        String listedInB = out.toString();
        assertTrue(listedInB.contains("another home's (home id " + newIdOfA + ", the home at " + a.root() + twin + " and took an id of its own;"), listedInB);
        assertEquals(2, listedInB.lines().filter(l -> l.contains("  this home's,")).count(), "B's own: " + listedInB);

        Path ofAsTwin = listedInA.lines().filter(l -> l.contains("home id " + idOfA + ",")).map(l -> Path.of(l.split("  ")[0])).findFirst().orElseThrow();
        err.reset();
        assertEquals(2, Main.run("--home", a.root().toString(), "restore", ofAsTwin.toString()));
        assertTrue(err.toString().contains("was taken by another Sextant home (home id " + idOfA + ", the home at " + b.root() + twin + " and claimed it first;"),
                err.toString());
    }

    /** As cp -a: every file with its times, a link copied as a link. */
    private static SextantHome copiedAsCpA(SextantHome from, Path to) throws java.io.IOException {
        try (java.util.stream.Stream<Path> all = Files.walk(from.root())) {
            for (Path p : all.toList()) {
                Files.copy(p, to.resolve(from.root().relativize(p).toString()), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            }
        }
        return new SextantHome(to);
    }

    @Test
    void anotherHomesBackupIsListedAsItsAndRestoredOnlyWithTheFlag() throws Exception {
        SextantHome a = new SextantHome(dir.resolve("a"));
        Sextant.open(a).close();
        SextantHome b = new SextantHome(dir.resolve("b")).ensureLayout();
        Files.copy(a.database(), b.database()); // a store of its own, without A's home id
        Path shared = dir.resolve("shared");
        assertEquals(0, Main.run("--home", b.root().toString(), "backup", "--to", shared.toString()), err.toString());
        Path ofB = Path.of(out.toString().split(" ")[1]);
        Path mine = Files.writeString(shared.resolve("sextant-mycopy.duckdb"), "the person's own");

        err.reset();
        assertEquals(2, Main.run("--home", a.root().toString(), "restore", ofB.toString()));
        assertEquals("error [FILE]: the backup " + ofB + " was taken by another Sextant home (home id " + HomeId.of(b) + "; this home's id is " + HomeId.of(a)
                + "): restoring it would put that home's store in place of this one's\n"
                + "  fix: add --from-other-home to restore it all the same, or run `sextant restore` without FILE for this home's newest"
                + " (`sextant restore --list` says whose each backup is)\n", err.toString().replace("\r\n", "\n"));
        assertTrue(Files.list(a.dataDir()).noneMatch(p -> p.getFileName().toString().startsWith("replaced-")), "A's store was left in place");

        out.reset();
        assertEquals(0, Main.run("--home", a.root().toString(), "restore", "--from-other-home", ofB.toString()), err.toString());
        assertTrue(out.toString().startsWith("restored " + ofB), out.toString());

        for (int i = 0; i < 4; i++) { // one more than the 3 kept: A's rotation runs
            assertEquals(0, Main.run("--home", a.root().toString(), "backup", "--to", shared.toString()), err.toString());
        }
        assertTrue(Files.exists(ofB) && Files.exists(mine), "A's rotation left B's backup and the person's file alone");
    }
}
