package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

class BackupRestoreTest {
    @TempDir Path dir;

    static List<Path> takeBackups(SextantHome home, RollingBackups backups, int n) {
        List<Path> taken = new ArrayList<>();
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            s.afterCheckpoint(() -> {
                try {
                    taken.add(backups.take());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            for (int i = 0; i < n; i++) {
                TornLogTest.insert(s, "B" + i, 10);
                s.checkpoint();
            }
        }
        return taken;
    }

    @Test
    void backupsRollKeepingTheNewestAndARestoreBringsTheirRowsBack() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 2, Duration.ZERO));
        List<Path> taken = takeBackups(home, backups, 4);
        assertEquals(List.of(taken.get(3), taken.get(2)), RollingBackups.list(dir.resolve("b")), "the two newest are kept");
        StoreRestore.Restored r = StoreRestore.restore(home, taken.get(2));
        assertEquals(30L, r.census().rows().get("prices"), "the backup after the third commit");
        assertTrue(Files.exists(r.keptIn().resolve("sextant.duckdb")), "the replaced store is kept");
    }

    /** A backup is a copy of the user's data: its folder, when the app makes it, and its files are its owner's only (they were 755 and 644). */
    @Test
    void aBackupAndItsChecksumAreTheOwnersOnly() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path folder = dir.resolve("made/b");
        Path backup = takeBackups(home, new RollingBackups(home, new RollingBackups.Policy(folder, 2, Duration.ZERO)), 1).get(0);
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(BackupChecksum.of(backup))));
    }

    @Test
    void aBackupDamagedInsideAtItsFullLengthIsNamedByTheListAndRefusedByRestore() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO));
        Path backup = takeBackups(home, backups, 1).get(0);
        assertEquals("checksum verified", StoreRestore.check(backup).checked());
        byte[] bytes = Files.readAllBytes(backup);
        bytes[bytes.length - 100] ^= 0x01; // one bit of the last block: the head and the tables' metadata do not show it
        Files.write(backup, bytes);
        StoreRestore.Checked listed = StoreRestore.check(backup);
        assertEquals("damaged: its bytes differ from those written (the checksum taken with it does not match)", listed.problem(),
                "what restore --list says");
        SextantException refused = assertThrows(SextantException.class, () -> StoreRestore.restore(home, backup));
        assertTrue(refused.getMessage().contains(listed.problem()), refused.getMessage());

        Path copied = dir.resolve("copied.duckdb"); // a backup copied without its checksum file is judged as before
        Files.copy(takeBackups(home, backups, 1).get(0), copied);
        assertEquals("no checksum kept", StoreRestore.check(copied).checked());
        assertEquals(null, StoreRestore.check(copied).problem());
    }

    /**
     * Attack 37 F3: bytes added after a backup's last block were called a cut ("cut short to … inside one of its blocks"), and a
     * backup DuckDB reads whole was refused for it. Now its checksum names what happened, and without one it restores whole.
     */
    @Test
    void bytesAddedAfterABackupsLastBlockAreNotACut() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO));
        Path backup = takeBackups(home, backups, 1).get(0);
        long written = Files.size(backup);
        Files.write(backup, new byte[100], java.nio.file.StandardOpenOption.APPEND);
        assertEquals("damaged: " + (written + 100) + " bytes where " + written + " were written", StoreRestore.check(backup).problem(),
                "what restore --list says, from the checksum taken with it");

        Path copied = dir.resolve("padded.duckdb"); // copied without its checksum: every value reads, so it restores
        Files.copy(backup, copied);
        assertEquals(null, StoreRestore.check(copied).problem());
        StoreRestore.Restored r = StoreRestore.restore(home, copied);
        assertEquals(10L, r.census().rows().get("prices"));
    }

    /** Attack 17 M3: a backup taken while the clock was ahead stopped every later one and never rolled off. */
    @Test
    void aBackupDatedAfterNowNeitherStopsTheNextNorStaysForever() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path folder = dir.resolve("b");
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(folder, 2, Duration.ofMinutes(30)));
        Path genuine = takeBackups(home, backups, 1).get(0);
        Path ahead = backups.nameFor(java.time.Instant.parse("2099-12-05T00:00:00Z"));
        Files.copy(genuine, ahead);
        Files.setLastModifiedTime(ahead, java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2099-12-05T00:00:00Z")));
        Files.setLastModifiedTime(genuine, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minus(Duration.ofHours(1))));
        assertEquals(List.of(genuine, ahead), RollingBackups.list(folder), "the one dated after now is listed last: restore does not pick it first");

        backups.takeIfDue(); // the genuine newest is an hour old: due, whatever the one from 2099 says
        List<Path> now = RollingBackups.list(folder);
        assertEquals(2, now.size(), now.toString());
        assertFalse(now.contains(ahead), "it rolled off first: the new backup holds what it held");
        assertTrue(now.contains(genuine));
    }

    /** Attack 17 M4 and L2: a forged checksum file (a length past a long, a name with ESC) is "cannot be read", never a crash or raw text. */
    @Test
    void aForgedChecksumFileIsNotCheckedAndItsNameIsEscaped() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path backup = takeBackups(home, new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO)), 1).get(0);
        Files.writeString(BackupChecksum.of(backup), "crc32c=472a66e0 bytes=9999999999999999999\n");
        StoreRestore.Checked c = StoreRestore.check(backup);
        assertEquals(null, c.problem());
        assertTrue(c.checked().endsWith("cannot be read, not checked"), c.checked());

        Path odd = backup.resolveSibling("sextant-2026\u001b[31mRED\u202eX.duckdb");
        Files.copy(backup, odd);
        Files.writeString(BackupChecksum.of(odd), "garbage");
        String said = StoreRestore.check(odd).checked();
        assertFalse(said.contains("\u001b") || said.contains("\u202e"), said);
        assertTrue(said.contains("cannot be read, not checked"), said);
    }

    @Test
    void aChecksumGoesWithItsBackupWhenTheBackupRollsOff() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path folder = dir.resolve("b");
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(folder, 2, Duration.ZERO));
        List<Path> taken = takeBackups(home, backups, 3);
        Files.delete(taken.get(1)); // deleted by hand: its checksum is an orphan the next backup removes
        takeBackups(home, backups, 1);
        try (var files = Files.list(folder)) {
            List<String> sums = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".crc32c")).sorted().toList();
            List<String> kept = RollingBackups.list(folder).stream().map(p -> p.getFileName() + ".crc32c").sorted().toList();
            assertEquals(kept, sums, "one checksum per kept backup, none left of deleted ones");
        }
    }

    @Test
    void aBackupFromANewerSchemaIsRefusedAndTheStoreIsUntouched() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO));
        Path newer = takeBackups(home, backups, 1).get(0);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + newer); Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version(version, name) VALUES (999, 'V999__from_the_future.sql')");
        }
        byte[] before = Files.readAllBytes(home.database());
        SextantException e = assertThrows(SextantException.class, () -> StoreRestore.restore(home, newer));
        assertEquals("backup", e.field());
        assertTrue(e.getMessage().contains("newer Sextant (schema version 999; this release knows up to " + StoreRestore.latestSchemaVersion()), e.getMessage());
        assertEquals(before.length, Files.readAllBytes(home.database()).length);
        assertFalse(Files.list(home.dataDir()).anyMatch(p -> p.getFileName().toString().startsWith("replaced-")), "nothing was moved");
    }

    /**
     * A copy cut short (the exploratory test: the sample store truncated to 1 MB) still opens and
     * counts its rows from metadata; it fails only when a value is read. A restore must refuse it
     * before replacing anything, and recover must treat such a store as damaged and go on to the
     * checkpoint and the backups.
     */
    @Test
    void aTruncatedBackupIsRefusedAndATruncatedStoreIsRecoveredFromABackup() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            org.sextant.engine.ingest.SampleUniverse.loadIfEmpty(s);
            s.checkpoint();
        }
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO));
        Path whole = backups.take();
        long rows;
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            rows = s.read(StoreCensus::take).rows().get("prices");
        }
        Path cut = dir.resolve("cut.duckdb");
        try (var in = Files.newInputStream(whole)) {
            Files.write(cut, in.readNBytes(1_000_000));
        }
        byte[] before = Files.readAllBytes(home.database());
        SextantException refused = assertThrows(SextantException.class, () -> StoreRestore.restore(home, cut));
        assertEquals("backup", refused.field());
        assertEquals("the backup " + cut + " is damaged: cut short to 1000000 bytes, inside one of its 262144-byte blocks; the store was left as it was",
                refused.getMessage());
        assertEquals("damaged: cut short to 1000000 bytes, inside one of its 262144-byte blocks", StoreRestore.check(cut).problem(), "what restore --list says");
        assertEquals(null, StoreRestore.check(whole).problem());
        // cut on a block boundary before its catalog's block: it does not open; its header counts the blocks that are gone
        long catalog = catalogBlock(whole);
        Path catalogCut = dir.resolve("catalog-cut.duckdb");
        try (var in = Files.newInputStream(whole)) {
            Files.write(catalogCut, in.readNBytes((int) (3 * 4096 + catalog * 262_144)));
        }
        String catalogCutProblem = StoreRestore.check(catalogCut).problem();
        assertEquals("damaged: cut short to " + Files.size(catalogCut) + " bytes of the " + Files.size(whole) + " its header counts", catalogCutProblem,
                "what restore --list says, not DuckDB's read error");
        assertEquals("the backup " + catalogCut + " is " + catalogCutProblem + "; the store was left as it was",
                assertThrows(SextantException.class, () -> StoreRestore.restore(home, catalogCut)).getMessage());
        // cut on a block boundary after its catalog's block: it opens and shows its schema; the blocks its tables name are not all there
        Path aligned = dir.resolve("aligned.duckdb");
        try (var in = Files.newInputStream(whole)) {
            Files.write(aligned, in.readNBytes((int) (3 * 4096 + (catalog + 1) * 262_144)));
        }
        String alignedProblem = StoreRestore.check(aligned).problem();
        assertTrue(alignedProblem != null && alignedProblem.startsWith("damaged: cut short to " + Files.size(aligned) + " bytes of the ")
                && alignedProblem.endsWith(" its tables need"), alignedProblem);
        assertTrue(assertThrows(SextantException.class, () -> StoreRestore.restore(home, aligned)).getMessage().contains(alignedProblem));
        // damaged inside at its full length: the length passes, reading every value does not
        Path holed = dir.resolve("holed.duckdb");
        byte[] bytes = Files.readAllBytes(whole);
        int middle = 3 * 4096 + (bytes.length / 262_144 / 2) * 262_144;
        java.util.Arrays.fill(bytes, middle + 8, middle + 262_144, (byte) 0x5a);
        Files.write(holed, bytes);
        SextantException holes = assertThrows(SextantException.class, () -> StoreRestore.restore(home, holed));
        assertTrue(holes.getMessage().startsWith("the backup " + holed + " is damaged: part of it cannot be read ("), holes.getMessage());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(home.database())), "the store was left as it was");
        assertFalse(Files.list(home.dataDir()).anyMatch(p -> p.getFileName().toString().startsWith("replaced-")), "nothing was moved");

        Files.copy(cut, home.database(), java.nio.file.StandardCopyOption.REPLACE_EXISTING); // the store itself cut short
        RecoveryReport report = StoreRecovery.recover(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO));
        assertTrue(report.source().startsWith("the backup "), report.source());
        assertEquals(rows, report.recovered().rows().get("prices"), "every price of the backup");
    }

    /**
     * The block the catalog starts in, from the current header's meta block pointer (its low 56 bits; DuckDB's layout as
     * DuckDbFileLength reads it): block 0 for the sample store, later when a migration's data is written before it.
     */
    private static long catalogBlock(Path store) throws IOException {
        byte[] head;
        try (var in = Files.newInputStream(store)) {
            head = in.readNBytes(3 * 4096);
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(head).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int current = b.getLong(4096 + 8) >= b.getLong(2 * 4096 + 8) ? 4096 : 2 * 4096;
        return b.getLong(current + 16) & 0x00FF_FFFF_FFFF_FFFFL;
    }

    @Test
    void noBackupIsTakenWhileTheLogHoldsWrites() throws IOException {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups backups = new RollingBackups(home, new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO));
        System.setProperty("sextant.store.idleCheckpointMillis", "3600000");
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            TornLogTest.insert(s, "X", 10);
            assertThrows(IOException.class, backups::take, "a copy of the file alone would miss the logged commit");
        } finally {
            System.clearProperty("sextant.store.idleCheckpointMillis");
        }
        assertEquals(List.of(), RollingBackups.list(dir.resolve("b")));
    }
}
