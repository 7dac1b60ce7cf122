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
 * open), and once open the path must still name the same regular file, or nothing is read.
 * Java cannot open without blocking, so a FIFO swapped in between the check and the open (a
 * microsecond window) still blocks that one reader; every other case answers at once.
 */
public final class HomeFile {
    private HomeFile() {}

    /** A file that is not read, and why ("is a symbolic link, not read"); the message never holds its content. */
    public static final class NotRegular extends IOException {
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

    /** A file over its bound; the message names the file, its size and the bound, never its content. */
    public static final class TooLarge extends IOException {
        public TooLarge(Path file, long size, long bound) {
            super(file + " is " + size + " bytes, more than the " + bound + " bytes it may hold; not read");
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
            if (!Objects.equals(before.fileKey(), after.fileKey())) throw new NotRegular(file, "was replaced while it was opened, not read");
            return in;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** The regular file's bytes, read only when it holds at most {@code bound} bytes (checked before and while reading). */
    public static byte[] readBounded(Path file, long bound) throws IOException {
        long size = regular(file).size();
        if (size > bound) throw new TooLarge(file, size, bound);
        byte[] bytes;
        try (InputStream in = open(file)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, bound + 1)); // bounded even if the file grew since
        }
        if (bytes.length > bound) throw new TooLarge(file, Math.max(size, bytes.length), bound);
        return bytes;
    }

    /** The same as strict UTF-8 text: bytes that are not UTF-8 are an IOException, as with Files.readString. */
    public static String readText(Path file, long bound) throws IOException {
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(readBounded(file, bound))).toString();
    }
}
