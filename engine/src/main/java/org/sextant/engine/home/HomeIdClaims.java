package org.sextant.engine.home;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.sextant.engine.Json;

/**
 * Which home holds an id, recorded in a backup folder homes share ({@code sextant-home-ID.claim}: the path of the home).
 * Two copies of one home whose original is then deleted or moved both read the original's place as gone, so both would
 * keep its id as a moved home and roll off and restore each other's backups: the second to claim the id finds the path
 * the first recorded still holding it, and takes its own. A claim whose path is gone, or holds another id now, is a
 * move, and is taken over. Claims are written under a lock in the folder and replaced whole; one that is no regular
 * file, too large or not JSON counts as none, and is never echoed. Whoever can write the folder can put things there: the
 * lock file is never followed as a link nor waited on as a FIFO, and its lock is waited on a bounded time.
 */
final class HomeIdClaims {
    static final String LOCK = ".sextant-home-claims.lock";
    private static final long CLAIM_BOUND = 8 * 1024;

    record Claim(String home) {}

    private HomeIdClaims() {}

    static Path fileOf(Path folder, String id) {
        return folder.resolve("sextant-home-" + id + ".claim");
    }

    /**
     * Claims {@code id} for the home at {@code root} in {@code folder} and returns null; or, when another home that still
     * holds the id claimed it first, leaves the claim and returns that home's path. A {@code settled} home (its own place
     * record names its folder) gives its id up only to a home that is {@link #yours} too; a claim naming another user's
     * folder, which anyone who can write the folder can craft, it takes back, warned naming both folders. No folder (null, or not made yet: no backup is in it) claims
     * nothing; a folder that cannot be written, a lock file that is no regular file, or a lock held longer than
     * {@link #LOCK_WAIT_MS} is warned with its fix, and the id kept.
     */
    static String claim(Path folder, String id, Path root, boolean settled) {
        if (folder == null || !Files.isDirectory(folder)) return null;
        Path lockFile = folder.resolve(LOCK);
        try (FileChannel lock = LockFile.open(lockFile)) {
            if (!LockFile.lockedWithin(lock, LOCK_WAIT_MS)) {
                notClaimed(id, folder, "its lock " + lockFile + " was held by another process for " + LOCK_WAIT_MS / 1000 + " s",
                        "the id is claimed again at the next backup; if this recurs, end the process that holds " + lockFile
                        + " open (lsof " + lockFile + " names it), or remove that file");
                return null;
            }
            String holder = holder(folder, id, root);
            if (holder != null && (!settled || yours(holder, root))) return holder;
            if (holder != null) {
                String other = holder.replaceAll("\\p{Cntrl}", "?"); // a path read from the folder: one log line whatever it holds
                HomeWarnings.warn(HomeIdClaims.class, "the backup folder " + folder + " claimed home id " + id + " for the home at " + other
                        + ", which holds that id too but is not yours (another user owns its home-id); this home at " + root + " keeps it (its own"
                        + " place record names this folder) and takes the claim back; if " + other + " is a copy of this home, delete its home-id and"
                        + " home-id.place.json: it takes an id of its own at its next start");
            }
            Claim now = new Claim(root.toAbsolutePath().normalize().toString());
            if (!now.equals(read(fileOf(folder, id)))) AtomicFiles.write(fileOf(folder, id), Json.write(now), false);
            return null;
        } catch (LockFile.NotALockFile e) {
            notClaimed(id, folder, "its lock file " + lockFile + " " + e.getMessage(), "remove " + lockFile + ": the next backup makes it anew");
            return null;
        } catch (IOException | RuntimeException e) {
            notClaimed(id, folder, e.getMessage(), "make the folder writable to you");
            return null;
        }
    }

    /** How long a claim waits for the folder's lock: another home's claim holds it for a few milliseconds. */
    static final long LOCK_WAIT_MS = LockFile.WAIT_MS;

    private static void notClaimed(String id, Path folder, String why, String fix) {
        HomeWarnings.warn(HomeIdClaims.class, "home id " + id + " not claimed in the backup folder " + folder + ": " + why
                + "; a copy of this home sharing that folder may keep the same id (fix: " + fix + ")");
    }

    /**
     * Whether the home at {@code other} is the person's own, as this one is: the same user owns both home-id files. Two homes
     * settled where they are can both hold one id (an original moved away while its copy first started, then moved back):
     * the one that finds the other's claim takes an id of its own. A claim naming another user's folder is never obeyed by
     * a settled home: anyone who can write the shared folder can write one. Unknown owners (a file system without them) are
     * not the person's.
     */
    static boolean yours(String other, Path root) {
        try {
            return Files.getOwner(Path.of(other).resolve(HomeId.FILE), LinkOption.NOFOLLOW_LINKS)
                    .equals(Files.getOwner(root.resolve(HomeId.FILE), LinkOption.NOFOLLOW_LINKS));
        } catch (IOException | RuntimeException unknown) {
            return false;
        }
    }

    /** The path of another home that claimed {@code id} in {@code folder} and still holds it, or null (reads only). */
    static String holder(Path folder, String id, Path root) {
        if (folder == null) return null;
        Claim c = read(fileOf(folder, id));
        if (c == null || HomeId.sameFolder(c.home(), root)) return null;
        return HomeId.holdsId(c.home(), id) ? c.home() : null;
    }

    /** The claim, or null when there is none or it is no regular file, too large or not one (then it is written anew). */
    private static Claim read(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return null;
        try {
            Claim c = Json.read(new String(org.sextant.contract.HomeFile.readBounded(file, CLAIM_BOUND), StandardCharsets.UTF_8), Claim.class);
            return c == null || c.home() == null || c.home().isBlank() ? null : c;
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
