package org.sextant.contract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * The one rule for a file of SEXTANT_HOME that the app or the launcher reads on a client's request
 * (the log, state.json, run/app.json, settings.json, job records). Whoever can write the home can
 * put a symbolic link there (its target would be read and shown) or a FIFO (opening one blocks until
 * someone writes to it). So only a regular file is opened: its attributes are read without following
 * links, it is opened with NOFOLLOW_LINKS (O_NOFOLLOW: a link swapped in after the check fails the
 * open), and once open the path must still name the same regular file, or nothing is read (a whole-file read tries
 * again a few times: the app replaces its own files by a rename, which is no swap, and state.json or a job record
 * rewritten as it was read came back unreadable).
 * Java cannot open without blocking, so a FIFO swapped in between the check and the open (a
 * microsecond window) still blocks that one reader; every other case answers at once.
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

    /** A file over its bound; the message names the file, its size and the bound, never its content. */
    public static final class TooLarge extends IOException {
        private final long size;

        public TooLarge(Path file, long size, long bound) {
            super(file + " is " + size + " bytes, more than the " + bound + " bytes it may hold; not read");
            this.size = size;
        }

        /** The size found, for callers that word the refusal their own way. */
        public long size() {
            return size;
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
        InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
        try {
            BasicFileAttributes after = regular(file);
            if (!Objects.equals(before.fileKey(), after.fileKey())) throw new Replaced(file);
            return in;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
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
