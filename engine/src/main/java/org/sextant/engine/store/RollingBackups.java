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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.engine.home.HomeId;
import org.sextant.engine.home.SextantHome;

/**
 * Copies of the store file taken right after a checkpoint (the file then holds every commit and
 * nothing is writing it), kept {@code keep} deep in {@code dir}, oldest dropped first. Set with
 * SEXTANT_BACKUP_DIR (default SEXTANT_HOME/backups; a relative one is read against SEXTANT_HOME), SEXTANT_BACKUPS (how many; 0 = none;
 * default 3) and SEXTANT_BACKUP_MINUTES (least time between two automatic ones; default 30).
 * A backup is named {@code sextant-TIME-HOMEID.duckdb} ({@link HomeId}): several homes may share a folder, and each
 * counts, rotates and restores only its own; a file of another name is never deleted. A copied home's own
 * SEXTANT_HOME/backups holds the original's backups cp -a copied with the store: those are the copy's too, unless that
 * backups/ is a symbolic link (cp -a copied the link: both homes' backups are in the folder it leads to, a shared one).
 */
public final class RollingBackups {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String PREFIX = "sextant-";
    private static final String SUFFIX = ".duckdb";
    /** The names the app writes: the time, then the home's id (absent in backups taken before ids). */
    private static final Pattern NAME = Pattern.compile("sextant-(\\d{8}T\\d{6}\\.\\d{3}Z)(?:-(" + HomeId.FORM.pattern() + "))?\\.duckdb");

    public record Policy(Path dir, int keep, Duration minInterval) {
        public static Policy of(SextantHome home) {
            return of(home, System::getenv);
        }

        /** As {@link #of(SextantHome)}, reading the settings from {@code env}. */
        public static Policy of(SextantHome home, java.util.function.UnaryOperator<String> env) {
            String dir = env.apply("SEXTANT_BACKUP_DIR");
            // a relative folder is the home's: read against the folder a command ran from, `restore` and `recover` run from another missed the backups
            return new Policy(dir == null || dir.isBlank() ? home.root().resolve("backups") : home.root().toAbsolutePath().resolve(dir.strip()).normalize(),
                    intEnv(env, "SEXTANT_BACKUPS", 3), Duration.ofMinutes(intEnv(env, "SEXTANT_BACKUP_MINUTES", 30)));
        }

        private static int intEnv(java.util.function.UnaryOperator<String> env, String name, int dflt) {
            String v = env.apply(name);
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
    private final SextantHome home;
    private volatile String homeId; // read when first needed: an unreadable home-id costs a backup (warned), never the app's start
    private volatile java.util.Optional<HomeId.CopiedFrom> copiedFrom;
    /** A listing's view: the home's files are read, never written (no id is made, a copy takes none). */
    private final boolean readOnly;
    /** Backups named by time only were this home's when they sit in its own SEXTANT_HOME/backups (no link); elsewhere whose is not known. */
    private final boolean unnamedAreOwn;
    private final java.util.concurrent.atomic.AtomicBoolean warnedAhead = new java.util.concurrent.atomic.AtomicBoolean();

    public RollingBackups(SextantHome home, Policy policy) {
        this(home, policy, false);
    }

    /** The backups as they are, for a listing: {@link #homeId} is then null when the home has no id of its own yet. */
    public static RollingBackups readOnly(SextantHome home, Policy policy) {
        return new RollingBackups(home, policy, true);
    }

    private RollingBackups(SextantHome home, Policy policy, boolean readOnly) {
        this.readOnly = readOnly;
        this.store = home.database();
        this.policy = policy;
        this.home = home;
        this.unnamedAreOwn = sharedFolder(home, policy) == null;
    }

    /**
     * The backup folder when other homes may share it (SEXTANT_BACKUP_DIR or --to, or a backups/ that is a link: cp -a copies the
     * link, not the backups), where the home's id is claimed ({@link HomeId#of(SextantHome, Path)}); null for its own backups/.
     */
    public static Path sharedFolder(SextantHome home, Policy policy) {
        Path ownFolder = home.root().resolve("backups");
        boolean own = policy.dir().toAbsolutePath().normalize().equals(ownFolder.toAbsolutePath().normalize()) && !Files.isSymbolicLink(ownFolder);
        return own ? null : policy.dir();
    }

    public Policy policy() { return policy; }

    public String homeId() {
        String id = homeId;
        if (id == null) homeId = id = readOnly ? HomeId.peek(home, sharedFolder(home, policy)).id() : HomeId.of(home, sharedFolder(home, policy));
        return id;
    }

    /**
     * Whose backups named with {@code id} are, for a message: "home id X", then the home that holds it when this one's place
     * record or the shared folder's claim names it, and how the two split (a copy, or twins of which either may be the original).
     */
    public String whoseId(String id) {
        HomeId.CopiedFrom from = copiedFrom(); // a copy's place names the original once the copy has its own id
        if (from != null && from.homeId().equals(id)) return "home id " + id + ", " + homeOf(from);
        HomeId.OtherHome other = HomeId.holderOf(home, sharedFolder(home, policy), id);
        if (other == null) return "home id " + id;
        return "home id " + id + ", the home at " + other.home() + switch (other.split()) {
            case NONE -> "";
            case COPY_OF_THIS -> ", a copy of this one";
            case TWIN_OF_THIS -> " that held this home's id too (" + EITHER_ORIGINAL + ") and took an id of its own";
        };
    }

    /** Twins' files cannot tell which was copied from which: both were settled where they are when their claims met. */
    private static final String EITHER_ORIGINAL = "one of the two was copied from the other; which, their files cannot tell";

    /** The home this one's id came from, named as what it is to this one: its original, or its twin that claimed the id first. */
    public static String homeOf(HomeId.CopiedFrom from) {
        return "the home at " + from.home() + (from.twin() ? " that held this home's id too (" + EITHER_ORIGINAL + ") and claimed it first" : " this one was copied from");
    }

    /** Whose a file of the backup folder is, from its name. */
    public enum Origin { THIS_HOME, OTHER_HOME, NOT_RECORDED, NOT_A_BACKUP_NAME }

    public Origin originOf(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (!m.matches()) return Origin.NOT_A_BACKUP_NAME;
        if (m.group(2) == null) return unnamedAreOwn ? Origin.THIS_HOME : Origin.NOT_RECORDED;
        if (m.group(2).equals(homeId())) return Origin.THIS_HOME;
        // cp -a copied them into this home's own backups/ with its store: the same data, so this home's; in a shared folder they stay the original's
        return unnamedAreOwn && copiedFrom() != null && m.group(2).equals(copiedFrom().homeId()) ? Origin.THIS_HOME : Origin.OTHER_HOME;
    }

    /** The home this one was copied from, or null: read once, after {@link #homeId} (a copy records it when it takes its own id). */
    public HomeId.CopiedFrom copiedFrom() {
        if (copiedFrom == null) {
            homeId();
            HomeId.CopiedFrom from = HomeId.peek(home, sharedFolder(home, policy)).copiedFrom();
            copiedFrom = java.util.Optional.ofNullable(from);
        }
        return copiedFrom.orElse(null);
    }

    /** The backups in the folder taken by the home this one was copied from and not counted as this home's, newest first (restored with --from-other-home). */
    public List<Path> copiedFromsBackups() throws IOException {
        HomeId.CopiedFrom from = copiedFrom();
        if (from == null) return List.of();
        return list(policy.dir()).stream().filter(p -> from.homeId().equals(homeIdOf(p)) && originOf(p) == Origin.OTHER_HOME).toList();
    }

    /** The home id written in a backup's name, or null when there is none. */
    public static String homeIdOf(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        return m.matches() ? m.group(2) : null;
    }

    /** This home's backups in the folder, newest first, those dated after now last (as {@link #list}): what rotates, restores and recovers. */
    public List<Path> own() throws IOException {
        return list(policy.dir()).stream().filter(p -> originOf(p) == Origin.THIS_HOME).toList();
    }

    /** The name a backup of this home taken at {@code at} gets. */
    Path nameFor(Instant at) {
        return policy.dir().resolve(PREFIX + STAMP.format(at) + "-" + homeId() + SUFFIX);
    }

    /** An after-checkpoint hook: a backup when none is younger than the policy's interval; a failure is logged, never thrown. */
    public void takeIfDue() {
        if (policy.keep() == 0) return;
        try {
            Instant now = Instant.now();
            List<Path> all = own();
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
        if (readOnly) throw new IllegalStateException("a listing's view of the backups takes none");
        Path wal = store.resolveSibling(store.getFileName() + ".wal");
        if (Files.exists(wal) && Files.size(wal) > 0) throw new IOException("the write-ahead log is not empty: checkpoint first");
        if (!Files.isDirectory(policy.dir())) org.sextant.engine.home.SextantHome.ownerOnly(policy.dir()); // a folder of the person's keeps its mode
        Path target = nameFor(Instant.now());
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
        List<Path> all = own(); // another home's backups and files the app did not name are not counted, nor deleted
        for (Path old : all.subList(Math.min(all.size(), Math.max(1, policy.keep())), all.size())) {
            Files.deleteIfExists(old);
            Files.deleteIfExists(BackupChecksum.of(old));
        }
        for (Path orphan : listed(policy.dir(), BackupChecksum.SUFFIX,
                p -> originOf(p.resolveSibling(withoutSuffix(p))) == Origin.THIS_HOME && !Files.exists(p.resolveSibling(withoutSuffix(p))))) {
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
        Matcher m = NAME.matcher(backup.getFileName().toString());
        if (!m.matches()) return false;
        try {
            return Instant.from(STAMP.parse(m.group(1))).isAfter(now.plus(AHEAD_SLACK));
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
