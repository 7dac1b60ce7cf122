package org.sextant.engine.home;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
     * record names its folder) never gives its id up for a claim, which anyone who can write the folder can craft: it
     * takes the claim back, warned naming both folders. No folder (null, or not made yet: no backup is in it) claims
     * nothing; a folder that cannot be written, a lock file that is no regular file, or a lock held longer than
     * {@link #LOCK_WAIT_MS} is warned with its fix, and the id kept.
     */
    static String claim(Path folder, String id, Path root, boolean settled) {
        if (folder == null || !Files.isDirectory(folder)) return null;
        Path lockFile = folder.resolve(LOCK);
        try (FileChannel lock = openLock(lockFile)) {
            if (!lockedWithin(lock, LOCK_WAIT_MS)) {
                notClaimed(id, folder, "its lock " + lockFile + " was held by another process for " + LOCK_WAIT_MS / 1000 + " s",
                        "the id is claimed again at the next backup; if this recurs, end the process that holds " + lockFile
                        + " open (lsof " + lockFile + " names it), or remove that file");
                return null;
            }
            String holder = holder(folder, id, root);
            if (holder != null && !settled) return holder;
            if (holder != null) {
                String other = holder.replaceAll("\\p{Cntrl}", "?"); // a path read from the folder: one log line whatever it holds
                org.slf4j.LoggerFactory.getLogger(HomeIdClaims.class).warn("the backup folder {} claimed home id {} for the home at {}, which holds"
                        + " that id too; this home at {} keeps it (its own place record names this folder) and takes the claim back; if {} is"
                        + " a copy of this home, delete its home-id and home-id.place.json: it takes an id of its own at its next start",
                        folder, id, other, root, other);
            }
            Claim now = new Claim(root.toAbsolutePath().normalize().toString());
            if (!now.equals(read(fileOf(folder, id)))) AtomicFiles.write(fileOf(folder, id), Json.write(now), false);
            return null;
        } catch (NotALockFile e) {
            notClaimed(id, folder, "its lock file " + lockFile + " " + e.getMessage(), "remove " + lockFile + ": the next backup makes it anew");
            return null;
        } catch (IOException | RuntimeException e) {
            notClaimed(id, folder, e.getMessage(), "make the folder writable to you");
            return null;
        }
    }

    /** How long a claim waits for the folder's lock: another home's claim holds it for a few milliseconds. */
    static final long LOCK_WAIT_MS = 5_000;
    private static final long LOCK_LOOK_EVERY_MS = 50;

    private static void notClaimed(String id, Path folder, String why, String fix) {
        org.slf4j.LoggerFactory.getLogger(HomeIdClaims.class).warn("home id {} not claimed in the backup folder {}: {}; a copy of this home sharing"
                + " that folder may keep the same id (fix: {})", id, folder, why, fix);
    }

    /** A lock file that is a link, a folder, a pipe, a socket or a device: its message says which, never its content. */
    private static final class NotALockFile extends IOException {
        NotALockFile(String what) {
            super(what);
        }
    }

    /**
     * The folder's lock file, made when missing: never through a link (O_NOFOLLOW, so a link's target is not made) and never
     * waiting on a FIFO (opened read-write, which a FIFO answers at once; a pipe cannot seek, so it is then refused).
     */
    private static FileChannel openLock(Path file) throws IOException {
        refuseNotRegular(file);
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            refuseNotRegular(file); // a link swapped in since the look fails the open: say so, not "not writable"
            throw e;
        }
        try {
            ch.position(); // "Illegal seek" on a pipe
            refuseNotRegular(file);
            return ch;
        } catch (IOException pipe) {
            ch.close();
            throw pipe instanceof NotALockFile n ? n : new NotALockFile("is not a regular file (a pipe, socket or device)");
        }
    }

    private static void refuseNotRegular(Path file) throws IOException {
        java.nio.file.attribute.BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.NoSuchFileException none) {
            return; // made by the open
        }
        if (a.isSymbolicLink()) throw new NotALockFile("is a symbolic link");
        if (a.isDirectory()) throw new NotALockFile("is a folder");
        if (!a.isRegularFile()) throw new NotALockFile("is not a regular file (a pipe, socket or device)");
    }

    /** Whether the lock was taken within {@code waitMs} (a share without locks counts as taken: the home's own lock keeps most races out). */
    static boolean lockedWithin(FileChannel lock, long waitMs) throws java.io.InterruptedIOException {
        long deadline = System.nanoTime() + waitMs * 1_000_000;
        while (true) {
            try {
                if (lock.tryLock() != null) return true; // released when the channel closes
            } catch (java.nio.channels.OverlappingFileLockException heldInThisJvm) {
                // another channel of this JVM holds it: waited on as another process's
            } catch (IOException noLocks) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) return false;
            try {
                Thread.sleep(LOCK_LOOK_EVERY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while waiting for the lock");
            }
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
