package org.sextant.engine.home;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The most the engine reads of each file it reads back from SEXTANT_HOME: anyone who can write the
 * home could otherwise make a start read a 100 MB "job record" into memory. A file over its bound
 * is not read at all; its reader treats it as it treats an unreadable one.
 */
public final class HomeFileBounds {
    private HomeFileBounds() {}

    /** jobs/*.json: one job's status, arguments and result summary (a few KB). */
    public static final long JOB_RECORD = 1L << 20;
    /** settings.json: a few providers and workstation choices. */
    public static final long SETTINGS = 1L << 20;
    /** data/sextant.duckdb.census.json: a row count per table and the strategy run ids. */
    public static final long CENSUS = 16L << 20;

    /** A file over its bound; the message names the file, its size and the bound, never its content. */
    public static final class TooLarge extends IOException {
        public TooLarge(Path file, long size, long bound) {
            super(file + " is " + size + " bytes, more than the " + bound + " bytes it may hold; not read");
        }
    }

    /** The file's UTF-8 text, read only when it holds at most {@code bound} bytes (checked before and while reading). */
    public static String read(Path file, long bound) throws IOException {
        long size = Files.size(file);
        if (size > bound) throw new TooLarge(file, size, bound);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) bound + 1); // bounded even if the file grew since
        }
        if (bytes.length > bound) throw new TooLarge(file, Math.max(size, bytes.length), bound);
        // strict like Files.readString: bytes that are not UTF-8 make the file unreadable
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    }
}
