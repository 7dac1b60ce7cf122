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

    public RollingBackups(Path store, Policy policy) {
        this.store = store;
        this.policy = policy;
    }

    public Policy policy() { return policy; }

    /** An after-checkpoint hook: a backup when none is younger than the policy's interval; a failure is logged, never thrown. */
    public void takeIfDue() {
        if (policy.keep() == 0) return;
        try {
            List<Path> all = list(policy.dir());
            if (!all.isEmpty() && Files.getLastModifiedTime(all.get(0)).toInstant().isAfter(Instant.now().minus(policy.minInterval()))) return;
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
        Files.createDirectories(policy.dir());
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

    /** The backups in {@code dir}, newest first (the name holds the UTC time it was taken). */
    public static List<Path> list(Path dir) throws IOException {
        return listed(dir, SUFFIX, p -> p.getFileName().toString().startsWith(PREFIX) && Files.isRegularFile(p));
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
