package org.sextant.engine.store;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * `sextant restore`: puts a backup in place of the store. Refuses a backup whose schema is newer
 * than this release's migrations (its tables would be read wrongly); an older one is migrated
 * on open. The replaced store is copied into data/replaced-TIME/ first.
 */
public final class StoreRestore {
    private StoreRestore() {}

    public record Restored(Path backup, Path keptIn, int schemaVersion, StoreCensus census) {}

    public static Restored restore(SextantHome home, Path backup) {
        int version = schemaVersion(backup);
        int known = latestSchemaVersion();
        if (version > known) {
            throw new SextantException(FailReason.INVALID_INPUT, "the backup " + backup + " was written by a newer Sextant (schema version " + version
                    + "; this release knows up to " + known + ") and cannot be restored here", "backup",
                    "install the Sextant release that wrote it, or restore an older backup (sextant restore --list)");
        }
        requireWhole(backup); // before anything is replaced: a damaged backup must not take the store's place
        Path db = home.database();
        Path kept = StoreRecovery.keepAside(home, "replaced-");
        try {
            Files.createDirectories(home.dataDir());
            StoreRecovery.copyInto(backup, db);
            Files.deleteIfExists(StoreRecovery.walOf(db));
            Files.deleteIfExists(StoreCensus.fileFor(db));
        } catch (IOException e) {
            throw new SextantException(FailReason.DB_ERROR, "cannot put the backup in place: " + e.getMessage(), null,
                    "free disk space and run the command again; the replaced store is kept in " + kept, e);
        }
        try (Store s = Store.open(db, home.stagingDir())) {
            return new Restored(backup, kept, version, s.read(StoreCensus::take));
        }
    }

    /** Reads every value of the backup, read-only; refused naming "backup" when any part cannot be read. */
    static void requireWhole(Path backup) {
        try (Connection c = readOnly(backup)) {
            StoreCensus.takeReadingEveryValue(c);
        } catch (Exception e) {
            throw new SextantException(FailReason.INVALID_INPUT, "the backup " + backup + " is damaged: part of it cannot be read ("
                    + StoreDamagedException.firstLine(e.getMessage()) + "); the store was left as it was", "backup",
                    "pick another backup (sextant restore --list)", e);
        }
    }

    /** A store file opened without changing it. */
    private static Connection readOnly(Path file) throws SQLException {
        Properties p = new Properties();
        p.setProperty("duckdb.read_only", "true");
        return DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath(), p);
    }

    /** The highest migration this release applies. */
    public static int latestSchemaVersion() {
        return Migrations.ALL.stream().mapToInt(Migrations::versionOf).max().orElse(0);
    }

    /** Whether the file starts as every DuckDB database does: a checksum, then "DUCK" (DuckDB would call anything else an in-memory database). */
    private static boolean isDuckDbFile(Path file) {
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(12);
            return head.length == 12 && new String(head, 8, 4, java.nio.charset.StandardCharsets.US_ASCII).equals("DUCK");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The schema version recorded in a store file, read without changing it. */
    public static int schemaVersion(Path file) {
        if (!Files.exists(file)) {
            throw SextantException.notFound("backup", "no such backup file: " + file, "name a file listed by `sextant restore --list`");
        }
        if (!Files.isRegularFile(file)) {
            throw SextantException.invalid("backup", "backup " + file + " is not a regular file (" + (Files.isDirectory(file) ? "a folder" : "a device or a pipe")
                    + "), so no Sextant backup", "name a backup file listed by `sextant restore --list`");
        }
        if (!isDuckDbFile(file)) {
            throw SextantException.invalid("backup", "backup " + file + " is not a Sextant backup: not a DuckDB database file",
                    "name a backup file listed by `sextant restore --list`");
        }
        try (Connection c = readOnly(file);
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        } catch (SQLException e) {
            throw new SextantException(FailReason.INVALID_INPUT, "the file " + file + " is not a readable Sextant store ("
                    + StoreDamagedException.firstLine(e.getMessage()) + ")", "backup", "pick another backup (sextant restore --list)", e);
        }
    }
}
