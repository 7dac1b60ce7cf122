package org.sextant.contract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one rule for a file of SEXTANT_HOME that the app or the launcher reads on a client's request
 * (the log, state.json, run/app.json, settings.json, job records). Whoever can write the home can
 * put a symbolic link there (its target would be read and shown) or a FIFO (opening one blocks until
 * someone writes to it). So only a regular file is opened: its attributes are read without following
 * links, it is opened with NOFOLLOW_LINKS (O_NOFOLLOW: a link swapped in after the check fails the
 * open), and once open the path must still name the same regular file, or nothing is read (a whole-file read tries
 * again a few times: the app replaces its own files by a rename, which is no swap, and state.json or a job record
 * rewritten as it was read came back unreadable).
 * A FIFO swapped in between the check and the open is not waited on either ({@link #openForReading}): the file is opened
 * read-write where its mode lets the app (a FIFO opened so returns at once, where a read-only open waits for a writer;
 * nothing is written), and what was opened is refused when it is a pipe, told by the open channel itself (a pipe cannot
 * seek), not by the path. A file the user named is never opened read-write ({@link #openUsersFile}).
 */
public final class HomeFile {
    private HomeFile() {}

    /** A file that is not read, and why ("is a symbolic link, not read"); the message never holds its content. */
    public static class NotRegular extends IOException {
        private final String why;

        NotRegular(Path file, String why) {
            super(file + " " + why);
            this.why = why;
        }

        /** The reason without the path, e.g. "is a symbolic link, not read". */
        public String why() {
            return why;
        }
    }

    /**
     * A regular file replaced by another while it was opened: what a rename over it does (the app writes its home files so),
     * or someone swapping it. A whole-file read tries again ({@link #readBounded}); one open refuses it.
     */
    public static final class Replaced extends NotRegular {
        Replaced(Path file) {
            super(file, "was replaced while it was opened, not read");
        }
    }

    /**
     * Times a whole-file read opens a file replaced meanwhile: a job record or state.json rewritten as it is read is read
     * whole the next time, and a file replaced at every try is refused, never waited on.
     */
    static final int REPLACED_TRIES = 3;

    /**
     * A file over its bound; the message names the file, its size and the bound, and the fix when the reader gave one
     * ({@link #withFix}), never its content.
     */
    public static final class TooLarge extends IOException {
        private final Path file;
        private final long size;
        private final long bound;
        private final String fix;

        public TooLarge(Path file, long size, long bound) {
            this(file, size, bound, null);
        }

        private TooLarge(Path file, long size, long bound, String fix) {
            super(refusal(file, size, bound) + (fix == null ? "" : " (fix: " + fix + ")"));
            this.file = file;
            this.size = size;
            this.bound = bound;
            this.fix = fix;
        }

        /** The same refusal with what the reader of this kind of file advises: a job record, the settings, the census each mend differently. */
        public TooLarge withFix(String fix) {
            TooLarge t = new TooLarge(file, size, bound, fix);
            t.setStackTrace(getStackTrace());
            return t;
        }

        /** The size found, for callers that word the refusal their own way. */
        public long size() {
            return size;
        }

        /** The refusal without the fix ("FILE is N bytes, more than the B bytes it may hold; not read"), for a message that gives the fix apart. */
        public String refusal() {
            return refusal(file, size, bound);
        }

        private static String refusal(Path file, long size, long bound) {
            return file + " is " + size + " bytes, more than the " + bound + " bytes it may hold; not read";
        }

        /** The fix the reader gave, or null. */
        public String fix() {
            return fix;
        }
    }

    /**
     * The attributes of a regular file, read without following links.
     *
     * @throws java.nio.file.NoSuchFileException when there is none
     * @throws NotRegular when it is a link, a folder, a FIFO, a socket or a device
     */
    public static BasicFileAttributes regular(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) throw new NotRegular(file, "is a symbolic link, not read");
        if (a.isDirectory()) throw new NotRegular(file, "is a folder, not a file; not read");
        if (!a.isRegularFile()) throw new NotRegular(file, "is not a regular file (a pipe, socket or device), not read");
        return a;
    }

    /** The regular file opened for reading, checked before and after the open as the class says. */
    public static InputStream open(Path file) throws IOException {
        return open(file, () -> {});
    }

    /** As {@link #open(Path)}; {@code betweenCheckAndOpen} runs where another process could swap the file (tests swap it there). */
    static InputStream open(Path file, Runnable betweenCheckAndOpen) throws IOException {
        BasicFileAttributes before = regular(file);
        betweenCheckAndOpen.run();
        FileChannel in = openForReading(file, LinkOption.NOFOLLOW_LINKS);
        try {
            BasicFileAttributes after = regular(file);
            if (!Objects.equals(before.fileKey(), after.fileKey())) throw new Replaced(file);
            return Channels.newInputStream(in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * {@code file} opened to be read, never waiting on a FIFO that stands at the path when it is opened (put there after
     * any check of the path): opened read-write where the app may write it, which a FIFO answers at once, and refused
     * ({@link NotRegular}, "a pipe") when what opened cannot seek. Where the app may not write it (its mode, a read-only
     * disk) it is opened read-only, the path looked at again every {@link #READ_ONLY_OPEN_WAIT_MS} the open has not
     * returned: a FIFO there is refused (and the waiting open released), a regular file waited on. Only for the app's own
     * files in SEXTANT_HOME ({@code options}: {@link LinkOption#NOFOLLOW_LINKS}, a link is refused by the open); a file
     * the user named is opened by {@link #openUsersFile}.
     */
    public static FileChannel openForReading(Path file, LinkOption... options) throws IOException {
        if (WINDOWS) return FileChannel.open(file, withOptions(options, StandardOpenOption.READ)); // no FIFO stands in a Windows folder
        return openForReading(file, true, options);
    }

    private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");
    /** How long a read-only open waits before the path is looked at again (a FIFO swapped in?); a regular file's takes microseconds. */
    static final long READ_ONLY_OPEN_WAIT_MS = 2_000;

    /** As {@link #openForReading(Path, LinkOption...)}; {@code readWriteFirst} false takes the read-only way (tests run as root, who may write any FIFO). */
    static FileChannel openForReading(Path file, boolean readWriteFirst, LinkOption... options) throws IOException {
        FileChannel ch = null;
        if (readWriteFirst) {
            try {
                ch = FileChannel.open(file, withOptions(options, StandardOpenOption.READ, StandardOpenOption.WRITE));
            } catch (java.nio.file.NoSuchFileException gone) {
                throw gone;
            } catch (IOException notWritable) { // no write permission, a read-only file system, a folder: the read-only way says which
                ch = null;
            }
        }
        if (ch == null) { // the app's own file: waited on while a regular file stands at the path
            ch = openReadOnlyWithin(file, options, () -> {}, READ_ONLY_OPEN_WAIT_MS, f -> FileChannel.open(f, withOptions(options, StandardOpenOption.READ)),
                    f -> FileChannel.open(f, withOptions(options, StandardOpenOption.READ, StandardOpenOption.WRITE)));
        }
        return refusePipe(file, ch);
    }

    private static java.nio.file.OpenOption[] withOptions(LinkOption[] links, java.nio.file.OpenOption... open) {
        java.nio.file.OpenOption[] all = java.util.Arrays.copyOf(open, open.length + links.length, java.nio.file.OpenOption[].class);
        System.arraycopy(links, 0, all, open.length, links.length);
        return all;
    }

    /**
     * A file the user named (a CSV or Parquet to import), opened read-only: never read-write, since closing a file opened
     * for writing tells watchers it was written (inotify IN_CLOSE_WRITE: sync clients, scanners) and a FUSE mount may
     * fetch it or mark it dirty. The open runs on a thread of its own; every {@link #READ_ONLY_OPEN_WAIT_MS} it has not
     * returned the path is looked at again: a pipe, socket or device (or nothing) there now is refused and the open
     * waiting on it released, a regular file (a slow network or cloud file) is waited on as long as {@code stillWanted}
     * returns (the import's cancel and deadline: it throws to stop the wait). Links are followed, as the user's path may be one.
     */
    public static FileChannel openUsersFile(Path file, Runnable stillWanted) throws IOException {
        return openUsersFile(file, stillWanted, READ_ONLY_OPEN_WAIT_MS, f -> FileChannel.open(f, StandardOpenOption.READ));
    }

    /** Opens a path; tests give one that is as slow as a network file. */
    interface Opener {
        FileChannel open(Path file) throws IOException;
    }

    /** As {@link #openUsersFile(Path, Runnable)}, with the wait between looks and the open given (tests). */
    static FileChannel openUsersFile(Path file, Runnable stillWanted, long lookEveryMs, Opener opener) throws IOException {
        return openUsersFile(file, stillWanted, lookEveryMs, opener, f -> FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE));
    }

    /** As above, with the read-write open that releases a FIFO given (tests refuse it as the mode refuses a user who is not root). */
    static FileChannel openUsersFile(Path file, Runnable stillWanted, long lookEveryMs, Opener opener, Opener readWrite) throws IOException {
        if (WINDOWS) return opener.open(file); // no FIFO stands in a Windows folder
        return refusePipe(file, openReadOnlyWithin(file, new LinkOption[0], stillWanted, lookEveryMs, opener, readWrite));
    }

    private static FileChannel refusePipe(Path file, FileChannel ch) throws IOException {
        try {
            ch.position(); // a pipe cannot seek: "Illegal seek"; a regular file (and a device) can
            return ch;
        } catch (IOException pipe) {
            ch.close();
            throw new NotRegular(file, "is not a regular file (a pipe, socket or device), not read");
        }
    }

    /**
     * The read-only open on a thread of its own, looked at every {@code lookEveryMs}: a FIFO's open returns only when a
     * writer comes, so once the path is no regular file the open is refused, and the FIFO opened read-write here (which never
     * waits) and closed, so that the waiting thread's open returns and it ends instead of waiting for ever.
     */
    private static FileChannel openReadOnlyWithin(Path file, LinkOption[] links, Runnable stillWanted, long lookEveryMs, Opener opener,
            Opener readWrite) throws IOException {
        CompletableFuture<FileChannel> opened = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                FileChannel ch = opener.open(file);
                if (!opened.complete(ch)) ch.close(); // given up on meanwhile: closed, never leaked
            } catch (Throwable e) {
                opened.completeExceptionally(e);
            }
        }, "sextant-open-" + file.getFileName());
        thread.setDaemon(true); // it must not keep the app from exiting while it waits
        thread.start();
        try {
            while (true) {
                try {
                    return opened.get(lookEveryMs, TimeUnit.MILLISECONDS);
                } catch (TimeoutException waits) {
                    if (!stillRegular(file, links)) {
                        opened.completeExceptionally(new NotRegular(file, "is not a regular file (a pipe, socket or device), not read"));
                        release(file, links, readWrite);
                        break;
                    }
                    stillWanted.run(); // the import's cancel or deadline ends the wait by throwing
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            opened.completeExceptionally(new java.io.InterruptedIOException(file + ": interrupted while it was opened"));
        } catch (ExecutionException failed) {
            // said below, as the future holds it
        } catch (RuntimeException stopped) {
            opened.completeExceptionally(stopped); // a regular file's open still returns, and its thread closes what it opened
            throw stopped;
        }
        try {
            return opened.join(); // done by now: the channel if it opened just as the look ended, else why not
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            throw new IOException(file + ": " + e.getCause(), e.getCause());
        }
    }

    private static boolean stillRegular(Path file, LinkOption[] links) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, links).isRegularFile();
        } catch (IOException gone) {
            return false;
        }
    }

    /**
     * Opens the FIFO at the path read-write and closes it: a writer came, so an open waiting on it returns. A FIFO of the app's
     * own user whose mode forbids writing (0400, 0444) is made writable by its owner for that one open, its mode put back
     * (session 46's note: such a FIFO left its opener thread waiting after the refusal).
     */
    private static void release(Path file, LinkOption[] links, Opener readWrite) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, links);
            if (!a.isOther()) return; // a folder or a link: nothing waits on it
            try {
                openAndClose(file, readWrite);
            } catch (java.nio.file.AccessDeniedException modeForbids) {
                releaseOwn(file, links, readWrite);
            }
        } catch (IOException | RuntimeException notOurs) {
            // gone, or another user's that the app may not write: nothing in Java releases an open waiting on it (the JDK
            // restarts an open interrupted by a signal, and offers no non-blocking open); the thread is a daemon's
        }
    }

    private static void openAndClose(Path file, Opener readWrite) throws IOException {
        try (FileChannel writer = readWrite.open(file)) {
            writer.size();
        }
    }

    /** The owner may always change a file's mode: write granted for one open of the FIFO, then the mode it had put back. */
    private static void releaseOwn(Path file, LinkOption[] links, Opener readWrite) throws IOException {
        java.nio.file.attribute.PosixFileAttributeView view = Files.getFileAttributeView(file, java.nio.file.attribute.PosixFileAttributeView.class, links);
        if (view == null) return;
        java.nio.file.attribute.PosixFileAttributes a = view.readAttributes();
        if (!a.isOther() || !a.owner().getName().equals(System.getProperty("user.name"))) return; // another user's: not ours to change
        java.util.Set<java.nio.file.attribute.PosixFilePermission> mode = a.permissions();
        java.util.Set<java.nio.file.attribute.PosixFilePermission> writable = java.util.EnumSet.noneOf(java.nio.file.attribute.PosixFilePermission.class);
        writable.addAll(mode);
        writable.add(java.nio.file.attribute.PosixFilePermission.OWNER_READ);
        writable.add(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
        view.setPermissions(writable);
        try {
            openAndClose(file, readWrite);
        } finally {
            view.setPermissions(mode);
        }
    }

    /**
     * The regular file's bytes, read only when it holds at most {@code bound} bytes (checked before and while reading).
     * A file replaced while it was opened is read again, up to {@link #REPLACED_TRIES} times: each try reads one whole
     * regular file, the old or the new.
     */
    public static byte[] readBounded(Path file, long bound) throws IOException {
        return readBounded(file, bound, () -> {});
    }

    /**
     * As {@link #readBounded(Path, long)}; {@code betweenCheckAndOpen} runs at each try, where another process could
     * replace the file (tests of the callers' messages replace it there).
     */
    public static byte[] readBounded(Path file, long bound, Runnable betweenCheckAndOpen) throws IOException {
        for (int tried = 1; ; tried++) {
            try {
                return readBoundedOnce(file, bound, betweenCheckAndOpen);
            } catch (Replaced e) {
                if (tried == REPLACED_TRIES) throw e;
            }
        }
    }

    private static byte[] readBoundedOnce(Path file, long bound, Runnable betweenCheckAndOpen) throws IOException {
        long size = regular(file).size();
        if (size > bound) throw new TooLarge(file, size, bound);
        byte[] bytes;
        try (InputStream in = open(file, betweenCheckAndOpen)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, bound + 1)); // bounded even if the file grew since
        }
        if (bytes.length > bound) throw new TooLarge(file, Math.max(size, bytes.length), bound);
        return bytes;
    }

    /** The same as strict UTF-8 text: bytes that are not UTF-8 are an IOException, as with Files.readString. */
    public static String readText(Path file, long bound) throws IOException {
        return readText(file, bound, () -> {});
    }

    /** As {@link #readText(Path, long)}; {@code betweenCheckAndOpen} as in {@link #readBounded(Path, long, Runnable)}. */
    public static String readText(Path file, long bound, Runnable betweenCheckAndOpen) throws IOException {
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(readBounded(file, bound, betweenCheckAndOpen))).toString();
    }
}
