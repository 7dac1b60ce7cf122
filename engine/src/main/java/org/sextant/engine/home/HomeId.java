package org.sextant.engine.home;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

/**
 * A home's own random id, kept in SEXTANT_HOME/home-id and written into the name of each backup it takes: two homes
 * sharing one backup folder then tell their backups apart (rotation, a bare restore and recover take only their own).
 *
 * <p>Beside it, {@value #PLACE} records the folder the id belongs to. A home copied whole (cp -a) carries both: opened at
 * another path while the recorded one still holds a home with the same id, it is a copy and takes an id of its own
 * (recording whose it was copied from, so messages can say whose the old backups are); a moved home (the recorded path
 * gone, or holding another id) keeps its id and records its new place. The place lives in a file of its own so that
 * an earlier release still reads {@code home-id} as it is.
 */
public final class HomeId {
    public static final String FILE = "home-id";
    public static final String PLACE = "home-id.place.json";
    public static final Pattern FORM = Pattern.compile("[0-9a-f]{12}");
    private static final long PLACE_BOUND = 64 * 1024;

    /**
     * The home the id was copied from: its id (this home's before it took its own) and where it is. {@code twin}: both homes
     * were settled where they are when they met in the shared folder, so either may be the original (their files cannot tell),
     * and this one took its own id for having found the other's claim, not for being the copy. Absent in a record written
     * before twins were told (read as false: those were copies).
     */
    public record CopiedFrom(String homeId, String home, Boolean twin) {
        public CopiedFrom {
            twin = Boolean.TRUE.equals(twin);
        }
    }

    /** Another home holding an id, found by its claim in the shared folder, and whether it split from this one. */
    public record OtherHome(String home, Split split) {}

    /** How another home came from this one, as its own place record says. */
    public enum Split { NONE, COPY_OF_THIS, TWIN_OF_THIS }

    /** What {@value #PLACE} holds: the folder the id belongs to, and the home it was copied from (null when none). */
    record Place(String home, CopiedFrom copiedFrom) {}

    /**
     * This home's id as the files say it now, without writing: {@code id} is null when none is made yet, or when this
     * home is a copy whose own id is made at its next backup ({@code copiedFrom} then names the original).
     */
    public record Reading(String id, CopiedFrom copiedFrom) {}

    private HomeId() {}

    /** As {@link #of(SextantHome, Path)} for a home whose backups are in its own SEXTANT_HOME/backups: no claim is read nor written. */
    public static String of(SextantHome home) {
        return of(home, null);
    }

    /**
     * This home's id, made on first use (two processes making it at once agree on the first one written); a copy takes
     * its own here, a moved home records its new place. With {@code sharedFolder} (a backup folder other homes may use:
     * outside the home, or reached through a link) the id is claimed there ({@link HomeIdClaims}): of two copies whose
     * original is gone, the second to claim the id finds the first still holding it and takes its own. A settled home (its
     * place names its own folder) keeps its id whatever another user's claim says; one of the person's own that holds the
     * id and claimed it first is its twin ({@link #takeOwnFromTwin}).
     */
    public static String of(SextantHome home, Path sharedFolder) {
        Path file = home.root().resolve(FILE);
        try {
            synchronized (HomeId.class) { // one JVM's threads; the file lock below keeps other processes out
                try (Locked ignored = lock(home)) {
                    if (!Files.exists(file)) {
                        create(file);
                        recordPlace(home, null);
                        String made = read(file);
                        HomeIdClaims.claim(sharedFolder, made, home.root(), true);
                        return made;
                    }
                    String id = read(file);
                    Place place = place(home);
                    boolean settled = place != null && sameFolder(place.home(), home.root());
                    if (!settled && place != null && holdsId(place.home(), id)) return takeOwn(home, id, place.home(), sharedFolder, false);
                    // moved, or recorded before places were: the shared folder says whether another home holds the id already; a settled
                    // home keeps its id whatever another user's claim says (anyone who can write the folder can write one) and takes it back
                    String holder = HomeIdClaims.claim(sharedFolder, id, home.root(), settled);
                    if (holder != null && settled) return takeOwnFromTwin(home, id, holder, sharedFolder);
                    if (holder != null) return takeOwn(home, id, holder, sharedFolder, false);
                    if (!settled) recordPlace(home, place == null ? null : place.copiedFrom()); // moved, or recorded before places were
                    return id;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the home id " + file, e);
        }
    }

    /**
     * This home is a copy of the one at {@code original}, which holds {@code id} (or its {@code twin}: either may be the copy):
     * it takes an id of its own, logged.
     */
    private static String takeOwn(SextantHome home, String id, String original, Path sharedFolder, boolean twin) throws IOException {
        String own = newId();
        AtomicFiles.write(home.root().resolve(FILE), own + "\n"); // the id first: a crash before the place is written leaves a "moved" home, never a shared id
        recordPlace(home, new CopiedFrom(id, original, twin));
        HomeIdClaims.claim(sharedFolder, own, home.root(), true);
        if (twin) return own; // warned by the caller, which says it may be the original
        org.slf4j.LoggerFactory.getLogger(HomeId.class).info("{} is a copy of the Sextant home {} (home id {}): it takes its own id {};"
                + " the backups taken before are that home's, restored here with --from-other-home", home.root(), original, id, own);
        return own;
    }

    /**
     * This home and the one at {@code other}, both settled where they are, hold {@code id} (one was copied while the other was
     * moved away, then moved back: by their files either could be the original), and the other claimed it first in the
     * shared folder: this one takes an id of its own so that their backups stop mixing, warned.
     */
    private static String takeOwnFromTwin(SextantHome home, String id, String other, Path sharedFolder) throws IOException {
        String own = takeOwn(home, id, other, sharedFolder, true);
        HomeWarnings.warn(HomeId.class, "the home at " + other.replaceAll("\\p{Cntrl}", "?") + " holds this home's id " + id + " too and is yours"
                + " (one of the two was copied while the other was moved away, then moved back); it claimed the id first in the backup folder "
                + sharedFolder + ", so this home at " + home.root() + " takes an id of its own, " + own + ", and their backups no longer mix; the backups"
                + " named " + id + " are that home's now: restore one here with --from-other-home");
        return own;
    }

    /**
     * As {@link #of}, at the start of the engine that writes the home: a copy takes its own id (and says so in the log) now,
     * not at its first backup, when the original may be moved or gone and the copy would keep the shared id as a moved home.
     * A home-id that cannot be read is warned with its fix and costs nothing here: the backups refuse and name it.
     */
    public static void atStart(SextantHome home, Path sharedFolder) {
        try {
            of(home, sharedFolder);
        } catch (RuntimeException unreadable) {
            HomeWarnings.warn(HomeId.class, "this home's id was not read at start: " + unreadable.getMessage() + "; fix: "
                    + (unreadable instanceof SextantException e ? e.fix() : "remove " + home.root().resolve(FILE) + ": a new id is made at the next start"));
        }
    }

    /** The home's id lock held, or none (null); closing releases it. */
    private record Locked(FileChannel channel) implements AutoCloseable {
        @Override public void close() throws IOException {
            if (channel != null) channel.close(); // closing the channel releases its lock
        }
    }

    /** The file the home's processes lock while they read or make its id, in SEXTANT_HOME/run. */
    static final String LOCK = "home-id.lock";

    /**
     * The home's id lock, as the shared folder's claims lock is taken ({@link LockFile}): a link, folder or FIFO put at it, or a
     * lock another process holds past {@link LockFile#WAIT_MS}, no longer hangs the start or the command: the id is then read
     * and written without it, warned with the fix. Going on is the safe side: the lock only keeps two processes of this home
     * from deciding a copy's id at the same instant (the app and the commands that write the store never run together), and
     * at worst one of them names its backups with an id the other replaced, which keeps them; refusing would stop the start
     * and every backup over a file in run/. A file system without locks keeps only this JVM's threads apart.
     */
    private static Locked lock(SextantHome home) throws IOException {
        SextantHome.ownerOnly(home.runDir()); // as every folder the app makes in the home: not readable to others
        Path file = home.runDir().resolve(LOCK);
        FileChannel ch;
        try {
            ch = LockFile.open(file);
        } catch (LockFile.NotALockFile e) {
            withoutLock(file + " " + e.getMessage(), "remove " + file + ": the next start makes it anew");
            return new Locked(null);
        }
        if (!LockFile.lockedWithin(ch, LockFile.WAIT_MS)) {
            withoutLock(file + " was held by another process for " + LockFile.WAIT_MS / 1000 + " s", "if this recurs, end the process that holds "
                    + file + " open (lsof " + file + " names it), or remove that file");
        }
        return new Locked(ch);
    }

    private static void withoutLock(String why, String fix) {
        HomeWarnings.warn(HomeId.class, "this home's id lock " + why + ": the home id is read without it this time (fix: " + fix + ")");
    }

    /** As {@link #peek(SextantHome, Path)} for a home whose backups are in its own SEXTANT_HOME/backups. */
    public static Reading peek(SextantHome home) {
        return peek(home, null);
    }

    /** As {@link #of(SextantHome, Path)}, reading only: what a listing shows. */
    public static Reading peek(SextantHome home, Path sharedFolder) {
        Path file = home.root().resolve(FILE);
        if (!Files.exists(file)) return new Reading(null, null);
        try {
            String id = read(file);
            Place place = place(home);
            boolean settled = place != null && sameFolder(place.home(), home.root());
            if (place != null && !settled && holdsId(place.home(), id)) return new Reading(null, new CopiedFrom(id, place.home(), false));
            String holder = HomeIdClaims.holder(sharedFolder, id, home.root());
            if (settled && holder != null && !HomeIdClaims.yours(holder, home.root())) holder = null; // as of: a settled home keeps its id against another user's claim
            if (holder != null) return new Reading(null, new CopiedFrom(id, holder, settled)); // settled: its twin, as of() tells it
            return new Reading(id, place == null ? null : place.copiedFrom());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the home id " + file, e);
        }
    }

    /**
     * The home that claimed {@code id} in {@code sharedFolder} and still holds it, other than this one, and whether its place
     * record says it split from this one (a copy, or a twin that took its own id); null when none is known. Reads only.
     */
    public static OtherHome holderOf(SextantHome self, Path sharedFolder, String id) {
        String holder = HomeIdClaims.holder(sharedFolder, id, self.root());
        if (holder == null) return null;
        Place its = placeAt(Path.of(holder));
        CopiedFrom from = its == null ? null : its.copiedFrom();
        Split split = from == null || !sameFolder(from.home(), self.root()) ? Split.NONE : from.twin() ? Split.TWIN_OF_THIS : Split.COPY_OF_THIS;
        return new OtherHome(holder, split);
    }

    private static String read(Path file) throws IOException {
        // bounded and regular files only, as every home file: a FIFO or a huge file put there is refused, not read
        String id;
        try {
            id = new String(org.sextant.contract.HomeFile.readBounded(file, 64), StandardCharsets.US_ASCII).strip();
        } catch (org.sextant.contract.HomeFile.NotRegular | org.sextant.contract.HomeFile.TooLarge | java.nio.file.AccessDeniedException e) {
            throw unreadable(file, e);
        }
        if (!FORM.matcher(id).matches()) {
            throw SextantException.invalid(FILE, file + " does not hold a home id (12 hex digits)",
                    "write into it the 12 hex digits that end this home's backup names (sextant-TIME-HOMEID.duckdb); or delete it:"
                    + " a new id is made, and the backups taken before are then another home's (restore one by naming it)");
        }
        return id;
    }

    /** A home-id that is no file to read (a link, a folder, a device, too large, not permitted), named with why and how to mend it. */
    private static SextantException unreadable(Path file, IOException e) {
        String why = e instanceof org.sextant.contract.HomeFile.NotRegular n ? n.why()
                : e instanceof org.sextant.contract.HomeFile.TooLarge t ? "is " + t.size() + " bytes, more than a home id's; not read"
                : "cannot be read (permission denied)";
        boolean folder = Files.isDirectory(file, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        String remove = Files.isSymbolicLink(file) ? "remove the link " + file
                : folder ? "remove the folder " + file + " (after moving out anything of yours in it)"
                : e instanceof java.nio.file.AccessDeniedException ? "make " + file + " readable to you (chmod u+rw), or remove it" : "remove " + file;
        return SextantException.invalid(FILE, "this home's id file " + file + " " + why + ": which backups are this home's is not known",
                remove + ": a new id is made at the next backup, and the backups taken before are then another home's (restore one by naming it);"
                + " or put in its place a file holding the 12 hex digits that end this home's backup names (sextant-TIME-HOMEID.duckdb)");
    }

    /** The recorded place, or null when there is none or it cannot be read (then it is recorded anew: it only tells copies apart). */
    private static Place place(SextantHome home) {
        return placeAt(home.root());
    }

    private static Place placeAt(Path root) {
        try {
            Place p = Json.read(new String(org.sextant.contract.HomeFile.readBounded(root.resolve(PLACE), PLACE_BOUND), StandardCharsets.UTF_8), Place.class);
            return p == null || p.home() == null || p.home().isBlank() ? null : p;
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    private static void recordPlace(SextantHome home, CopiedFrom from) throws IOException {
        Place now = new Place(home.root().toAbsolutePath().normalize().toString(), from);
        if (now.equals(place(home))) return;
        AtomicFiles.write(home.root().resolve(PLACE), Json.write(now));
    }

    /** Whether {@code recorded} is this folder: by name, or the same folder reached by a link or another case. */
    static boolean sameFolder(String recorded, Path root) {
        try {
            Path r = Path.of(recorded);
            return r.equals(root.toAbsolutePath().normalize()) || Files.isSameFile(r, root);
        } catch (IOException | RuntimeException gone) { // gone, or a path this system cannot name (recorded on another one)
            return false;
        }
    }

    /** Whether the home at {@code recorded} still holds {@code id}: then the home reading it is its copy. */
    static boolean holdsId(String recorded, String id) {
        try {
            return id.equals(read(Path.of(recorded).resolve(FILE)));
        } catch (IOException | RuntimeException gone) {
            return false;
        }
    }

    private static String newId() {
        byte[] b = new byte[6];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static void create(Path file) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), ".home-id", ".tmp");
        try {
            Files.writeString(tmp, newId() + "\n", StandardCharsets.US_ASCII);
            try {
                Files.createLink(file, tmp); // whole or absent, and never replaces one another process wrote first
            } catch (FileAlreadyExistsException raced) {
                throw raced;
            } catch (IOException | UnsupportedOperationException noLinks) { // exFAT, FAT and some shares have no hard links
                Files.move(tmp, file); // not ATOMIC_MOVE with REPLACE: another process's id written first stands
            }
        } catch (FileAlreadyExistsException raced) {
            // the other process's id stands
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
