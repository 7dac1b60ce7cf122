package org.sextant.engine.store;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;
import org.sextant.engine.home.SextantHome;

/**
 * Copies of the store file taken right after a checkpoint (the file then holds every commit and
 * nothing is writing it), kept {@code keep} deep in {@code dir}, oldest dropped first. Set with
 * SEXTANT_BACKUP_DIR (default SEXTANT_HOME/backups), SEXTANT_BACKUPS (how many; 0 = none;
 * default 3) and SEXTANT_BACKUP_MINUTES (least time between two automatic ones; default 30).
 */
public final class RollingBackups {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String PREFIX = "sextant-";
    private static final String SUFFIX = ".duckdb";

    public record Policy(Path dir, int keep, Duration minInterval) {
        public static Policy of(SextantHome home) {
            String dir = System.getenv("SEXTANT_BACKUP_DIR");
            return new Policy(dir == null || dir.isBlank() ? home.root().resolve("backups") : Path.of(dir).toAbsolutePath(),
                    intEnv("SEXTANT_BACKUPS", 3), Duration.ofMinutes(intEnv("SEXTANT_BACKUP_MINUTES", 30)));
        }

        private static int intEnv(String name, int dflt) {
            String v = System.getenv(name);
            if (v == null || v.isBlank()) return dflt;
            try {
                return Math.max(0, Integer.parseInt(v.strip()));
            } catch (NumberFormatException e) {
                throw new org.sextant.engine.SextantException(FailReason.INVALID_INPUT, name + " must be a whole number, not '" + v + "'", name,
                        "set " + name + " to a number such as 3, or unset it");
            }
        }
    }

    private final Path store;
    private final Policy policy;
    private final java.util.concurrent.atomic.AtomicBoolean warnedAhead = new java.util.concurrent.atomic.AtomicBoolean();

    public RollingBackups(Path store, Policy policy) {
        this.store = store;
        this.policy = policy;
    }

    public Policy policy() { return policy; }

    /** An after-checkpoint hook: a backup when none is younger than the policy's interval; a failure is logged, never thrown. */
    public void takeIfDue() {
        if (policy.keep() == 0) return;
        try {
            Instant now = Instant.now();
            List<Path> all = list(policy.dir());
            long ahead = all.stream().filter(p -> datedAfter(p, now)).count();
            if (ahead > 0 && warnedAhead.compareAndSet(false, true)) {
                org.slf4j.LoggerFactory.getLogger(RollingBackups.class).warn("{} backup(s) in {} are dated after now (the clock was ahead when they were taken);"
                        + " they do not stop new backups and are the first to roll off", ahead, policy.dir());
            }
            if (!all.isEmpty() && !datedAfter(all.get(0), now)) {
                Instant changed = Files.getLastModifiedTime(all.get(0)).toInstant();
                if (changed.isAfter(now.minus(policy.minInterval())) && !changed.isAfter(now)) return;
            }
            take();
        } catch (IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(RollingBackups.class).warn("no backup taken into {}: {}", policy.dir(), e.getMessage());
        }
    }

    /**
     * Copies the store file (call under the store's write lock, right after a checkpoint) to a
     * temp file, syncs it, renames it into place, then drops the oldest beyond {@code keep}.
     * A full disk leaves no partial backup behind.
     */
    public Path take() throws IOException {
        Path wal = store.resolveSibling(store.getFileName() + ".wal");
        if (Files.exists(wal) && Files.size(wal) > 0) throw new IOException("the write-ahead log is not empty: checkpoint first");
        if (!Files.isDirectory(policy.dir())) org.sextant.engine.home.SextantHome.ownerOnly(policy.dir()); // a folder of the person's keeps its mode
        Path target = policy.dir().resolve(PREFIX + STAMP.format(Instant.now()) + SUFFIX);
        Path tmp = policy.dir().resolve("." + target.getFileName() + ".tmp");
        String sum;
        try {
            sum = BackupChecksum.copy(store, tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        try { // after the backup: a crash or a full disk here leaves a backup with "no checksum kept", never a wrong checksum
            BackupChecksum.write(target, sum);
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(RollingBackups.class).warn("backup {} kept without its checksum: {}", target, e.getMessage());
        }
        List<Path> all = list(policy.dir());
        for (Path old : all.subList(Math.min(all.size(), Math.max(1, policy.keep())), all.size())) {
            Files.deleteIfExists(old);
            Files.deleteIfExists(BackupChecksum.of(old));
        }
        for (Path orphan : listed(policy.dir(), BackupChecksum.SUFFIX,
                p -> p.getFileName().toString().startsWith(PREFIX) && !Files.exists(p.resolveSibling(withoutSuffix(p))))) {
            Files.deleteIfExists(orphan); // a checksum whose backup was deleted by hand
        }
        return target;
    }

    private static String withoutSuffix(Path sum) {
        String name = sum.getFileName().toString();
        return name.substring(0, name.length() - BackupChecksum.SUFFIX.length());
    }

    /**
     * The backups in {@code dir}, newest first (the name holds the UTC time it was taken), those dated after now last: taken
     * while the clock was ahead, they cannot be placed in time, and any backup taken since holds what they held (the store only
     * moves forward), so they are neither "the newest" that stops a backup or that restore picks, nor kept forever.
     */
    public static List<Path> list(Path dir) throws IOException {
        Instant now = Instant.now();
        List<Path> named = listed(dir, SUFFIX, p -> p.getFileName().toString().startsWith(PREFIX) && Files.isRegularFile(p));
        return java.util.stream.Stream.concat(named.stream().filter(p -> !datedAfter(p, now)), named.stream().filter(p -> datedAfter(p, now))).toList();
    }

    /** A clock a little off is not "ahead": a minute of slack. */
    private static final Duration AHEAD_SLACK = Duration.ofMinutes(1);

    /** Whether {@code backup}'s name says it was taken after {@code now} (a name that is no time is not). */
    static boolean datedAfter(Path backup, Instant now) {
        String name = backup.getFileName().toString();
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) return false;
        try {
            return Instant.from(STAMP.parse(name.substring(PREFIX.length(), name.length() - SUFFIX.length()))).isAfter(now.plus(AHEAD_SLACK));
        } catch (java.time.DateTimeException notATime) {
            return false;
        }
    }

    /** What {@code dir} holds named *.duckdb that is not a file (a folder): restore passes over it, --list names it. */
    public static List<Path> notFiles(Path dir) throws IOException {
        return listed(dir, SUFFIX, p -> !Files.isRegularFile(p));
    }

    private static List<Path> listed(Path dir, String suffix, java.util.function.Predicate<Path> keep) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix) && keep.test(p))
                    .sorted(java.util.Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()).toList();
        }
    }
}
