package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * A store or backup a newer Sextant migrated (the user tried a newer release, then went back): this release
 * neither opens the store, guessing at tables it does not know, nor has recover put such a backup in place.
 */
class NewerSchemaTest {
    private static final int FUTURE = 999;
    @TempDir Path dir;

    @Test
    void aStoreANewerSextantMigratedIsRefusedNamingBothVersionsAndTheFixAndLeftAsItWas() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            TornLogTest.insert(s, "MINE", 10);
            s.checkpoint();
        }
        markNewer(home.database());
        byte[] before = Files.readAllBytes(home.database());

        SextantException e = assertThrows(SextantException.class, () -> Store.open(home.database(), home.stagingDir()));
        assertFalse(e instanceof StoreDamagedException, "not damage: recover would replace a store a newer release can still open");
        assertEquals(FailReason.DB_NOT_READY, e.reason());
        assertEquals("the store " + home.database() + " was written by a newer Sextant (schema version " + FUTURE + "; this release knows up to "
                + StoreRestore.latestSchemaVersion() + "); this release leaves it as it is", e.getMessage());
        assertTrue(e.fix().startsWith("run the Sextant release that wrote it (or a newer one); or, to use this release, restore a backup"), e.fix());
        assertArrayEquals(before, Files.readAllBytes(home.database()), "nothing was written to it");
        assertEquals(List.of(FUTURE), versionsAbove(home.database(), StoreRestore.latestSchemaVersion()), "no migration of this release ran");
    }

    @Test
    void recoverPassesOverABackupANewerSextantWroteSayingWhyAndPutsInTheNextOlder() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        RollingBackups.Policy policy = new RollingBackups.Policy(dir.resolve("b"), 3, Duration.ZERO);
        List<Path> taken = BackupRestoreTest.takeBackups(home, new RollingBackups(home, policy), 2); // 10 rows, then 20
        Path newer = taken.get(1);
        markNewer(newer);
        Files.write(home.database(), "a disk ate it".repeat(1000).getBytes(java.nio.charset.StandardCharsets.UTF_8));

        RecoveryReport report = StoreRecovery.recover(home, policy);
        assertEquals("the backup " + taken.get(0), report.source());
        String why = "not tried: the backup " + newer + ", written by a newer Sextant (schema version " + FUTURE + "; this release knows up to "
                + StoreRestore.latestSchemaVersion() + ")";
        assertEquals(List.of(why), report.notTried());
        assertEquals(List.of("recovered from: the backup " + taken.get(0), why), report.lines().subList(0, 2), "the report says it");
        assertEquals(10L, report.recovered().rows().get("prices"), "the older backup's prices");
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            assertEquals(10L, s.read(StoreCensus::take).rows().get("prices"), "the store opens at this release's schema");
        }
    }

    /** What a newer release's migration leaves: one more schema_version row. */
    private static void markNewer(Path store) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + store); Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version(version, name) VALUES (" + FUTURE + ", 'V" + FUTURE + "__from_a_newer_release.sql')");
        }
        Files.deleteIfExists(BackupChecksum.of(store));
    }

    private static List<Integer> versionsAbove(Path store, int version) throws Exception {
        java.util.Properties readOnly = new java.util.Properties();
        readOnly.setProperty("duckdb.read_only", "true");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + store, readOnly); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT version FROM schema_version WHERE version > " + version + " ORDER BY version")) {
            List<Integer> out = new java.util.ArrayList<>();
            while (r.next()) out.add(r.getInt(1));
            return out;
        }
    }
}
