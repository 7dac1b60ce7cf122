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
import java.util.ArrayList;
import java.util.List;
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

    /** What was restored; {@code skipped} names the newer backup files passed over, each with why (empty when a file was named). */
    public record Restored(Path backup, Path keptIn, int schemaVersion, StoreCensus census, List<String> skipped) {}

    /**
     * One file of the backup folder: its schema version, or why it cannot be restored here (never its content), and how
     * its bytes were checked ({@link BackupChecksum}: "checksum verified", "no checksum kept", …).
     */
    public record Checked(Path file, long bytes, int schemaVersion, String problem, String checked) {
        public boolean restorable() { return problem == null; }
    }

    /** Restores a named file whoever took it (a test's, or one already judged). */
    public static Restored restore(SextantHome home, Path backup) {
        return restoreNamed(home, backup);
    }

    /**
     * Restores a named file; one whose name says another home took it (a shared SEXTANT_BACKUP_DIR) is refused, saying
     * whose it is, unless {@code fromOtherHome}; {@code own} is this home's backups, which tells whose a name is.
     */
    public static Restored restore(SextantHome home, Path backup, boolean fromOtherHome, RollingBackups own) {
        if (!fromOtherHome && own.originOf(backup) == RollingBackups.Origin.OTHER_HOME) {
            throw SextantException.invalid("FILE", "the backup " + backup + " was taken by another Sextant home (" + own.whoseId(RollingBackups.homeIdOf(backup))
                    + "; this home's id is " + own.homeId() + "): restoring it would put that home's store in place of this one's",
                    "add --from-other-home to restore it all the same, or run `sextant restore` without FILE for this home's newest"
                            + " (`sextant restore --list` says whose each backup is)");
        }
        return restoreNamed(home, backup);
    }

    private static Restored restoreNamed(SextantHome home, Path backup) {
        // cut inside a block: said so before opening, which fails when the cut took the catalog's blocks
        String cut = problemBeforeOpening(backup) == null ? DuckDbFileLength.cutInsideBlocks(backup) : null;
        if (cut != null) throw damaged(backup, "damaged: " + cut);
        int version = schemaVersion(backup);
        int known = latestSchemaVersion();
        if (version > known) {
            throw new SextantException(FailReason.INVALID_INPUT, "the backup " + backup + " was " + newer(version) + " and cannot be restored here", "backup",
                    "install the Sextant release that wrote it, or restore an older backup (sextant restore --list)");
        }
        requireWhole(backup); // before anything is replaced: a damaged backup must not take the store's place
        return putInPlace(home, backup, version, List.of());
    }

    /**
     * Restores the newest of this home's backups (never another home's sharing the folder, nor a file the app did not name) that can be restored, reading every value of it
     * first; the newer ones that cannot are passed over and named in {@link Restored#skipped}. When none can,
     * refused naming each, with the store untouched.
     */
    public static Restored restoreNewest(SextantHome home, RollingBackups own) throws java.io.IOException {
        Path dir = own.policy().dir();
        List<Path> backups = own.own();
        int others = RollingBackups.list(dir).size() - backups.size();
        if (backups.isEmpty() && others > 0) {
            throw new SextantException(FailReason.NOT_FOUND, "none of the " + others + " files named sextant-*.duckdb in " + dir
                    + " is a backup of this home (another home's, or not named by Sextant); a bare restore picks only this home's", "FILE",
                    "name the file to restore (another home's needs --from-other-home); `sextant restore --list` says whose each is");
        }
        List<String> skipped = new ArrayList<>();
        for (Path b : backups) {
            Checked c = check(b);
            String why = c.restorable() ? damage(b) : c.problem();
            if (why == null) return putInPlace(home, b, c.schemaVersion(), List.copyOf(skipped));
            skipped.add(b.getFileName() + ": " + why);
        }
        if (skipped.isEmpty()) {
            throw new SextantException(FailReason.NOT_FOUND, "no backups in " + dir, "FILE", "name a backup file, or set SEXTANT_BACKUP_DIR to where they are");
        }
        throw new SextantException(FailReason.INVALID_INPUT, "none of the " + skipped.size() + " backup files in " + dir + " can be restored: "
                + String.join("; ", skipped) + "; the store was left as it was", "backup",
                "name a backup file kept elsewhere, or run `sextant recover` if the store will not open");
    }

    /**
     * Reads the file's header, its length against the header's block count, and its schema version
     * (not every value, which would make a list of many backups slow): what `sextant restore --list` shows.
     */
    public static Checked check(Path file) {
        long bytes;
        try {
            bytes = Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (IOException e) {
            bytes = -1;
        }
        String before = problemBeforeOpening(file);
        if (before != null) return new Checked(file, bytes, 0, before, "not checked");
        String cutInBlock = DuckDbFileLength.cutInsideBlocks(file);
        if (cutInBlock != null) return new Checked(file, bytes, 0, "damaged: " + cutInBlock, "not checked");
        int version;
        String cut;
        try (Connection c = readOnly(file)) {
            cut = DuckDbFileLength.shortfall(file, c); // a cut copy opens and shows its schema all the same
            version = readSchemaVersion(c);
        } catch (SQLException e) {
            String missing = DuckDbFileLength.missingByHeader(file);
            return new Checked(file, bytes, 0, missing != null ? "damaged: " + missing : notReadable(e), "not checked");
        }
        if (cut != null) return new Checked(file, bytes, 0, "damaged: " + cut, "not checked");
        BackupChecksum.Verdict sum = BackupChecksum.verify(file); // damage inside at full length, which the head and metadata do not show
        if (sum.problem() != null) return new Checked(file, bytes, 0, sum.problem(), sum.checked());
        return new Checked(file, bytes, version, version > latestSchemaVersion() ? newer(version) : null, sum.checked());
    }

    private static Restored putInPlace(SextantHome home, Path backup, int version, List<String> skipped) {
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
            return new Restored(backup, kept, version, s.read(StoreCensus::take), skipped);
        }
    }

    static String newer(int version) {
        return "written by a newer Sextant (schema version " + version + "; this release knows up to " + latestSchemaVersion() + ")";
    }

    private static String notReadable(SQLException e) {
        return "not a readable Sextant store (" + StoreDamagedException.firstLine(e.getMessage()) + ")";
    }

    /** Why the backup is damaged (its bytes changed since written, or some value cannot be read), or null when every value reads. */
    private static String damage(Path backup) {
        String changed = BackupChecksum.verify(backup).problem();
        if (changed != null) return changed;
        String cutInBlock = DuckDbFileLength.cutInsideBlocks(backup);
        if (cutInBlock != null) return "damaged: " + cutInBlock;
        try (Connection c = readOnly(backup)) {
            String cut = DuckDbFileLength.shortfall(backup, c);
            if (cut != null) return "damaged: " + cut;
            StoreCensus.takeReadingEveryValue(c);
            return null;
        } catch (Exception e) {
            String missing = DuckDbFileLength.missingByHeader(backup);
            if (missing != null) return "damaged: " + missing;
            return "damaged: part of it cannot be read (" + StoreDamagedException.firstLine(e.getMessage()) + ")";
        }
    }

    /** Reads every value of the backup, read-only; refused naming "backup" when any part cannot be read. */
    static void requireWhole(Path backup) {
        String damage = damage(backup);
        if (damage != null) throw damaged(backup, damage);
    }

    private static SextantException damaged(Path backup, String damage) {
        return new SextantException(FailReason.INVALID_INPUT, "the backup " + backup + " is " + damage + "; the store was left as it was", "backup",
                "pick another backup (sextant restore --list)");
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

    /** Why the file is no Sextant backup, from what it is and its first bytes; null when it looks like one. */
    private static String problemBeforeOpening(Path file) {
        if (!Files.exists(file)) return "no such file";
        if (!Files.isRegularFile(file)) return "not a regular file (" + (Files.isDirectory(file) ? "a folder" : "a device or a pipe") + ")";
        return isDuckDbFile(file) ? null : "not a DuckDB database file";
    }

    /**
     * Why recover must not put this backup in place (a newer Sextant wrote it), or null: read without changing it;
     * a file whose version cannot be read is left to the census, which calls it damaged.
     */
    static String newerThanThisRelease(Path backup) {
        try {
            int version = readSchemaVersion(backup);
            return version > latestSchemaVersion() ? newer(version) : null;
        } catch (SQLException unreadable) {
            return null;
        }
    }

    private static int readSchemaVersion(Path file) throws SQLException {
        try (Connection c = readOnly(file)) {
            return readSchemaVersion(c);
        }
    }

    private static int readSchemaVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }

    /** The schema version recorded in a store file, read without changing it. */
    public static int schemaVersion(Path file) {
        if (!Files.exists(file)) {
            throw SextantException.notFound("backup", "no such backup file: " + file, "name a file listed by `sextant restore --list`");
        }
        String problem = problemBeforeOpening(file);
        if (problem != null) {
            throw SextantException.invalid("backup", "backup " + file + " is not a Sextant backup: " + problem,
                    "name a backup file listed by `sextant restore --list`");
        }
        try {
            return readSchemaVersion(file);
        } catch (SQLException e) {
            String missing = DuckDbFileLength.missingByHeader(file);
            if (missing != null) throw damaged(file, "damaged: " + missing);
            throw new SextantException(FailReason.INVALID_INPUT, "backup " + file + " is not a Sextant backup: " + notReadable(e), "backup",
                    "pick another backup (sextant restore --list)", e);
        }
    }
}
