package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/** A store that will not open: the start refuses with the way back, `recover` takes it, `backup` and `restore` round-trip. */
class RecoverCommandTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    @Test
    void aDamagedStoreIsRefusedWithTheWayBackAndRecoverBringsTheBackupBack() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close(); // first start: sample load, checkpoint, first rolling backup
        byte[] garbage = "this is not a DuckDB file, a disk ate it".repeat(400).getBytes(StandardCharsets.UTF_8);
        Files.write(home.database(), garbage);

        assertEquals(1, Main.run("--home", home.root().toString(), "--headless"));
        assertTrue(err.toString().contains("could not open its store") && err.toString().contains("sextant recover"), err.toString());
        assertArrayEquals(garbage, Files.readAllBytes(home.database()), "a refused start leaves the file as it was");

        assertEquals(0, Main.run("--home", home.root().toString(), "recover"), err.toString());
        String report = out.toString();
        assertTrue(report.contains("recovered from: the backup "), report);
        assertTrue(report.contains("prices: 96900 rows"), report);
        assertTrue(report.contains("lost: nothing"), report);
        Path kept = Files.list(home.dataDir()).filter(p -> p.getFileName().toString().startsWith("damaged-")).findFirst().orElseThrow();
        assertArrayEquals(garbage, Files.readAllBytes(kept.resolve("sextant.duckdb")), "the damaged file is kept");
        try (Sextant again = Sextant.open(home)) {
            assertEquals(38, again.listSymbols(null).size());
        }
    }

    @Test
    void backupAndRestoreRoundTripAndBothRefuseWhileTheAppRuns() throws Exception {
        String h = dir.resolve("home").toString();
        Sextant.open(new SextantHome(Path.of(h))).close();
        assertEquals(0, Main.run("--home", h, "backup", "--to", dir.resolve("mine").toString()), err.toString());
        assertTrue(out.toString().startsWith("backup: " + dir.resolve("mine")), out.toString());
        Path backup = Files.list(dir.resolve("mine")).filter(p -> p.toString().endsWith(".duckdb")).findFirst().orElseThrow();
        out.reset();
        assertEquals(0, Main.run("--home", h, "restore", backup.toString()), err.toString());
        assertTrue(out.toString().contains("restored " + backup) && out.toString().contains("prices: 96900 rows"), out.toString());

        try (AppHost app = AppHost.start(new SextantHome(Path.of(h)), "headless")) {
            err.reset();
            assertEquals(1, Main.run("--home", h, "restore", backup.toString()));
            assertTrue(err.toString().contains("owns the store; restore needs it closed"), err.toString());
            assertEquals(1, Main.run("--home", h, "recover"));
        }
    }

    /** backup --to says what is wrong with the folder (a file, not writable, the app's own), not to free disk space; nothing is written. */
    @Test
    void backupRefusesAFileAFolderItCannotWriteAndTheAppsOwnFolders() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        Path file = Files.writeString(dir.resolve("GOOD.csv"), "date,close\n");
        assertBackupRefused("error: --to " + file + " is a file, not a folder\n  fix: name a folder (it is created when missing)\n", home, file);
        assertBackupRefused("error: --to " + file.resolve("sub") + " cannot be a folder: " + file + " is a file\n"
                + "  fix: name a folder (it is created when missing)\n", home, file.resolve("sub"));
        String leaveOut = "  fix: name a folder of your own, or leave out --to for " + home.root().resolve("backups") + "\n";
        assertBackupRefused("error: --to " + home.dataDir() + " is SEXTANT_HOME/data, a folder the app owns\n" + leaveOut, home, home.dataDir());
        assertBackupRefused("error: --to " + home.root().resolve("logs/old") + " is inside SEXTANT_HOME/logs, a folder the app owns\n" + leaveOut,
                home, home.root().resolve("logs/old"));
        assertBackupRefused("error: --to " + home.root() + " is SEXTANT_HOME itself\n" + leaveOut, home, home.root());
        assertTrue(Files.list(home.dataDir()).noneMatch(p -> p.getFileName().toString().startsWith("sextant-")), "no backup in data/");
        assertTrue(Files.list(home.root()).noneMatch(p -> p.getFileName().toString().startsWith("sextant-")), "no backup in the home");
        if (Files.isDirectory(Path.of("/proc"))) { // Linux: no file can be created in /proc, not even by root
            err.reset();
            assertEquals(2, Main.run("--home", home.root().toString(), "backup", "--to", "/proc"));
            assertTrue(err.toString().startsWith("error: --to /proc is not writable: no file can be created in it"), err.toString());
            assertTrue(err.toString().endsWith("\n  fix: name a folder you can write to\n"), err.toString());
        }
    }

    /** A garbage and a cut-short file newer than the good backup: --list shows all three, the two marked with why; restore skips both naming why, never their content. */
    @Test
    void damagedBackupFilesAreListedAndSkippedAndTheNewestGoodOneIsRestored() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close(); // the first rolling backup
        Path backups = home.root().resolve("backups");
        Path good = Files.list(backups).filter(p -> p.toString().endsWith(".duckdb")).findFirst().orElseThrow(); // beside it: its .crc32c
        // newer than the good one, but not dated after now: a name from the future is listed last (a clock that was ahead)
        java.time.format.DateTimeFormatter stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);
        java.time.Instant now = java.time.Instant.now();
        Path garbage = Files.writeString(backups.resolve("sextant-" + stamp.format(now.plusSeconds(31)) + ".duckdb"), "SECRETLINE not a db\n");
        Path cut = backups.resolve("sextant-" + stamp.format(now.plusSeconds(30)) + ".duckdb");
        try (var in = Files.newInputStream(good)) {
            Files.write(cut, in.readNBytes(1_000_000));
        }
        String h = home.root().toString();
        assertEquals(0, Main.run("--home", h, "restore", "--list"), err.toString());
        String listed = out.toString();
        assertTrue(listed.contains(garbage + "  this home's, 20 bytes, cannot be restored: not a DuckDB database file\n"), listed);
        assertTrue(listed.matches("(?s).*" + java.util.regex.Pattern.quote(good + "  this home's, " + Files.size(good) + " bytes, schema ") + "\\d+, checksum verified\n.*"), listed);
        // the cut copy still opens and shows its schema version: its length against its header says it is damaged
        assertTrue(listed.contains(cut + "  this home's, 1000000 bytes, cannot be restored: damaged: cut short to 1000000 bytes, inside one of its 262144-byte blocks\n"),
                listed);
        assertTrue(!listed.contains("SECRETLINE"), listed);

        out.reset();
        assertEquals(0, Main.run("--home", h, "restore"), err.toString());
        String restored = out.toString();
        assertTrue(restored.startsWith("skipped " + garbage.getFileName() + ": not a DuckDB database file\n"
                + "skipped " + cut.getFileName() + ": damaged: cut short to 1000000 bytes, inside one of its 262144-byte blocks\n"), restored);
        assertTrue(restored.contains("restored " + good + " (schema ") && restored.contains("prices: 96900 rows"), restored);
        assertTrue(!restored.contains("SECRETLINE"), restored);

        assertRestoreRefused("error: backup " + garbage + " is not a Sextant backup: not a DuckDB database file", home, garbage);
        Files.delete(good);
        err.reset();
        assertEquals(1, Main.run("--home", h, "restore"));
        assertTrue(err.toString().startsWith("error [backup]: none of the 2 backup files in " + backups + " can be restored: "
                + garbage.getFileName() + ": not a DuckDB database file; " + cut.getFileName() + ": damaged"), err.toString());
    }

    /** A file name holding ESC is listed and refused escaped, and no bare restore picks it (the app did not name it); a folder named *.duckdb is listed as no file. */
    @Test
    void restoreListEscapesControlCharactersAndNamesAFolderThatIsNoFile() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Path backups = home.root().resolve("backups");
        Files.createDirectories(backups);
        Path red = Files.writeString(backups.resolve("sextant-20991231T000001.000Z\u001b[31m.duckdb"), "not a db\n");
        Path folder = Files.createDirectories(backups.resolve("sextant-20991231T000002.000Z.duckdb").resolve("inner"));
        String h = home.root().toString();
        assertEquals(0, Main.run("--home", h, "restore", "--list"), err.toString());
        String listed = out.toString();
        assertTrue(!listed.contains("\u001b"), listed);
        assertTrue(listed.contains(backups.resolve("sextant-20991231T000001.000Z\\u001b[31m.duckdb") + "  not named by Sextant (never picked nor deleted by it), 9 bytes, cannot be restored: "), listed);
        assertTrue(listed.contains(folder.getParent() + "  not a file, cannot be restored\n"), listed);

        err.reset();
        assertEquals(1, Main.run("--home", h, "restore"));
        assertTrue(err.toString().startsWith("error [FILE]: none of the 1 files named sextant-*.duckdb in " + backups + " is a backup of this home"), err.toString());
        err.reset();
        assertEquals(1, Main.run("--home", h, "restore", red.toString()));
        assertTrue(!err.toString().contains("\u001b") && err.toString().contains("sextant-20991231T000001.000Z\\u001b[31m.duckdb is not a Sextant backup: not a DuckDB"),
                err.toString());
        assertTrue(Files.exists(red));
    }

    /** A backup name holding a line break is refused on one line (the break escaped whole), then the fix: no line a name could forge. */
    @Test
    void aLineBreakInABackupNameKeepsTheErrorOnOneLine() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Path backups = Files.createDirectories(home.root().resolve("backups"));
        Path named = Files.writeString(backups.resolve("sextant-20991231T000001.000Z\nfix: run rm -rf.duckdb"), "not a db\n");
        assertEquals(1, Main.run("--home", home.root().toString(), "restore", named.toString()));
        java.util.List<String> lines = err.toString().lines().toList();
        assertEquals(2, lines.size(), err.toString());
        assertTrue(lines.get(0).startsWith("error: backup ") && lines.get(0).contains("sextant-20991231T000001.000Z\\u000afix: run rm -rf.duckdb is not a Sextant backup: not a DuckDB"),
                err.toString());
        assertTrue(lines.get(1).startsWith("  fix: "), err.toString());
    }

    /** restore says what the file is instead of a backup: not a DuckDB file, not a regular file; never DuckDB's own words. */
    @Test
    void restoreSaysWhatTheFileIsWhenItIsNoBackup() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Path csv = Files.writeString(dir.resolve("prices.csv"), "date,close\n2000-01-03,1.0\n".repeat(10));
        assertRestoreRefused("error: backup " + csv + " is not a Sextant backup: not a DuckDB database file", home, csv);
        if (Files.exists(Path.of("/dev/zero"))) assertRestoreRefused("error: backup /dev/zero is not a Sextant backup: not a regular file (a device or a pipe)", home, Path.of("/dev/zero"));
        Path fifo = dir.resolve("pipe");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            assertRestoreRefused("error: backup " + fifo + " is not a Sextant backup: not a regular file (a device or a pipe)", home, fifo);
        }
        assertRestoreRefused("error [backup]: no such backup file: " + dir.resolve("gone.duckdb"), home, dir.resolve("gone.duckdb"));
    }

    /**
     * Attack 32: the user tried a newer Sextant (it took the newest backup), went back, and the store was damaged. recover
     * put that backup in place and the store then opened at a schema this release does not know. Now recover passes over it
     * saying why, and a store a newer Sextant migrated is refused with both versions and the fix, left as it was.
     */
    @Test
    void recoverPassesOverABackupANewerSextantWroteAndAStoreItMigratedIsRefused() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close(); // the first rolling backup
        Path backups = home.root().resolve("backups");
        Path older = Files.list(backups).filter(p -> p.toString().endsWith(".duckdb")).findFirst().orElseThrow();
        String name = older.getFileName().toString(); // sextant-TIME-HOMEID.duckdb: the newer one is this home's too
        java.time.format.DateTimeFormatter stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);
        Path newer = backups.resolve("sextant-" + stamp.format(java.time.Instant.now()) + name.substring(name.indexOf('-', "sextant-".length())));
        Files.copy(older, newer);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:" + newer); java.sql.Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version(version, name) VALUES (999, 'V999__from_a_newer_release.sql')");
        }
        String versions = "written by a newer Sextant (schema version 999; this release knows up to "
                + org.sextant.engine.store.StoreRestore.latestSchemaVersion() + ")";
        Files.write(home.database(), "a disk ate it".repeat(1000).getBytes(StandardCharsets.UTF_8));
        String h = home.root().toString();

        assertEquals(0, Main.run("--home", h, "recover"), err.toString());
        String report = out.toString();
        assertTrue(report.startsWith("recovered from: the backup " + older + "\nnot tried: the backup " + newer + ", " + versions + "\n"), report);
        assertTrue(report.contains("prices: 96900 rows"), report);

        Files.copy(newer, home.database(), java.nio.file.StandardCopyOption.REPLACE_EXISTING); // a store the newer release migrated
        byte[] migrated = Files.readAllBytes(home.database());
        err.reset();
        assertEquals(1, Main.run("--home", h, "sql", "SELECT count(*) FROM prices"));
        assertTrue(err.toString().startsWith("error [SEXTANT_HOME]: the store " + home.database() + " was " + versions + "; this release leaves it as it is\n"
                + "  fix: run the Sextant release that wrote it (or a newer one)"), err.toString());
        assertArrayEquals(migrated, Files.readAllBytes(home.database()), "a refused store is left as it was");
    }

    private void assertRestoreRefused(String first, SextantHome home, Path file) {
        err.reset();
        assertEquals(1, Main.run("--home", home.root().toString(), "restore", file.toString()), err.toString());
        assertEquals(first, err.toString().replace("\r\n", "\n").lines().findFirst().orElse(""));
    }

    private void assertBackupRefused(String text, SextantHome home, Path to) {
        err.reset();
        assertEquals(2, Main.run("--home", home.root().toString(), "backup", "--to", to.toString()), err.toString());
        assertEquals(text, err.toString().replace("\r\n", "\n"));
    }
}
