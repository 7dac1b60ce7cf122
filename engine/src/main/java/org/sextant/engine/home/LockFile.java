package org.sextant.engine.home;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A lock file someone else may have put something at (a link, a folder, a FIFO) or may hold: opened without following a
 * link (O_NOFOLLOW, so a link's target is not made) and without waiting on a FIFO (opened read-write, which a FIFO answers
 * at once; a pipe cannot seek, so it is then refused), and locked within a bounded wait.
 */
final class LockFile {
    /** How long a lock is waited on: a Sextant process holds one for a few milliseconds. */
    static final long WAIT_MS = 5_000;
    private static final long LOOK_EVERY_MS = 50;

    private LockFile() {}

    /** A lock file that is a link, a folder, a pipe, a socket or a device: its message says which, never its content. */
    static final class NotALockFile extends IOException {
        NotALockFile(String what) {
            super(what);
        }
    }

    /** The lock file, made when missing. */
    static FileChannel open(Path file) throws IOException {
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
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException none) {
            return; // made by the open
        }
        if (a.isSymbolicLink()) throw new NotALockFile("is a symbolic link");
        if (a.isDirectory()) throw new NotALockFile("is a folder");
        if (!a.isRegularFile()) throw new NotALockFile("is not a regular file (a pipe, socket or device)");
    }

    /** Whether the lock was taken within {@code waitMs} (a share without locks counts as taken); released when the channel closes. */
    static boolean lockedWithin(FileChannel lock, long waitMs) throws InterruptedIOException {
        long deadline = System.nanoTime() + waitMs * 1_000_000;
        while (true) {
            try {
                if (lock.tryLock() != null) return true;
            } catch (OverlappingFileLockException heldInThisJvm) {
                // another channel of this JVM holds it: waited on as another process's
            } catch (IOException noLocks) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) return false;
            try {
                Thread.sleep(LOOK_EVERY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the lock");
            }
        }
    }
}
