package org.sextant.engine.store;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * `sextant recover`: gets a store that will not open back into service. First copies the store,
 * its log and its census aside (nothing is ever deleted), then tries, in order: replaying the
 * log; the file alone (the last checkpoint); the newest rolling backup that opens; an empty
 * store. Reports what came back and what was lost against the last census.
 */
public final class StoreRecovery {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private StoreRecovery() {}

    public static RecoveryReport recover(SextantHome home, RollingBackups.Policy backups) {
        Path db = home.database();
        Path wal = walOf(db);
        OwnBackups own = OwnBackups.of(home, backups); // before anything is deleted: a home-id that cannot be read stops nothing
        StoreCensus committed = StoreCensus.read(db);
        Path kept = keepAside(home, "damaged-");
        delete(StoreCensus.fileFor(db)); // its copy is kept; the store's next open writes a new one
        try {
            return new RecoveryReport("the write-ahead log, replayed in full", kept, census(db, home), committed);
        } catch (StoreDamagedException replayFailed) {
            putBackFile(kept, db); // the failed replay may have rewritten it: start again from the file as the crash left it
            delete(wal);
        }
        try {
            return new RecoveryReport("the last checkpoint (the write-ahead log could not be replayed)", kept, census(db, home), committed);
        } catch (StoreDamagedException fileDamaged) {
            delete(db);
        }
        java.util.List<String> notTried = new java.util.ArrayList<>();
        try {
            for (Path backup : own.paths()) {
                String newer = StoreRestore.newerThanThisRelease(backup); // this release cannot open it: the next older one is tried
                if (newer != null) {
                    notTried.add("not tried: the backup " + backup + ", " + newer);
                    continue;
                }
                copyInto(backup, db);
                try {
                    return new RecoveryReport("the backup " + backup, kept, census(db, home), committed, notTried);
                } catch (StoreDamagedException unusable) {
                    delete(db);
                    delete(wal);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String tried = own.paths().isEmpty() && own.why().isEmpty()
                ? "no part of the store opened, and the backup folder " + backups.dir() + (Files.isDirectory(backups.dir()) ? " held none of this home's backups" : " does not exist")
                : "no part of the store or its backups opened";
        return new RecoveryReport("nothing (" + tried + "): a new, empty store" + own.why() + own.original(), kept, census(db, home), committed,
                notTried);
    }

    /** Copies the store's files into a new folder under data/ so the user keeps them whatever happens next. */
    static Path keepAside(SextantHome home, String prefix) {
        Path dir = home.dataDir().resolve(prefix + STAMP.format(Instant.now()));
        try {
            return CrashCopy.copyFiles(home.database(), dir) ? dir : null;
        } catch (IOException e) {
            throw new SextantException(FailReason.DB_ERROR, "cannot copy the store's files into " + dir + ": " + e.getMessage(), null,
                    "free disk space (the copy needs as much as the store and its log take), then run the command again", e);
        }
    }

    /** Opens (migrating and checkpointing), reads every value, counts, closes; a store that fails any of it is damaged. */
    private static StoreCensus census(Path db, SextantHome home) {
        // only a failed read is damage: what Store.open refuses (another process holding the store) stops recover as before
        try (Store s = Store.open(db, home.stagingDir())) {
            try {
                return s.read(StoreCensus::takeReadingEveryValue);
            } catch (StoreDamagedException damaged) {
                throw damaged;
            } catch (SextantException unreadable) { // opened, but a value could not be read: a file cut short
                throw StoreDamagedException.of(db, unreadable);
            }
        }
    }

    static void copyInto(Path source, Path db) throws IOException {
        Path tmp = db.resolveSibling("." + db.getFileName() + ".incoming");
        Files.copy(source, tmp, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, db, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void putBackFile(Path kept, Path db) {
        if (kept == null || !Files.exists(kept.resolve(db.getFileName()))) return;
        try {
            copyInto(kept.resolve(db.getFileName()), db);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path walOf(Path db) { return db.resolveSibling(db.getFileName() + ".wal"); }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * This home's backups, never another home's sharing the folder; none, and why, when the home's id cannot be read;
     * {@code original} names the backups of the home this one was copied from, which recover does not put in (another home's store).
     */
    private record OwnBackups(java.util.List<Path> paths, String why, String original) {
        static OwnBackups of(SextantHome home, RollingBackups.Policy policy) {
            try {
                RollingBackups backups = new RollingBackups(home, policy);
                return new OwnBackups(backups.own(), "", original(backups));
            } catch (IOException | RuntimeException e) {
                return new OwnBackups(java.util.List.of(), "; its backups in " + policy.dir() + " were not tried, as which are this home's is not known ("
                        + e.getMessage() + "); restore one by naming it: sextant restore FILE", "");
            }
        }

        private static String original(RollingBackups backups) throws IOException {
            java.util.List<Path> theirs = backups.copiedFromsBackups();
            if (theirs.isEmpty()) return "";
            return "; " + backups.policy().dir() + " holds " + theirs.size() + " backup" + (theirs.size() == 1 ? "" : "s") + " of "
                    + RollingBackups.homeOf(backups.copiedFrom()) + " (home id " + backups.copiedFrom().homeId() + "), not tried as they are"
                    + " that home's store; the newest, " + theirs.get(0) + ", is restored with: sextant restore --from-other-home " + theirs.get(0);
        }
    }
}
