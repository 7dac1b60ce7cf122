package org.sextant.engine.ingest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import org.sextant.engine.SextantException;

/**
 * A user's file read no further than the size it had when opened. A pseudo-file that says it holds 0 bytes yet streams
 * without end (/proc/self/pagemap: hundreds of MB a second) or a file still being written would otherwise be copied into
 * staging until the disk is full: a byte past that size fails the read with {@link Grew}, whose refusal names the file,
 * never its bytes. One counter per read, and one read at the end to see that nothing follows.
 */
public final class SizeAtOpen extends FilterInputStream {
    private final long size;
    private long left;

    private SizeAtOpen(InputStream in, long size) {
        super(in);
        this.size = size;
        this.left = size;
    }

    /** {@code path} opened for reading, bounded by its size once open. */
    public static InputStream open(Path path) throws IOException {
        // read-only; a pipe put at the path after the import checked it is refused, its open released; the size is the opened file's
        java.nio.channels.FileChannel in = org.sextant.contract.HomeFile.openUsersFile(path, OpenWaits.stillWanted(path));
        try {
            return new SizeAtOpen(java.nio.channels.Channels.newInputStream(in), in.size());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** {@code in}, a file's stream, bounded by {@code size}: the file's size when it was opened. */
    static InputStream of(InputStream in, long size) {
        return new SizeAtOpen(in, size);
    }

    @Override
    public int read() throws IOException {
        if (left == 0) return end(new byte[PROBE], 0, PROBE);
        int b = in.read();
        if (b >= 0) left--;
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        if (len == 0) return 0;
        if (left == 0) return end(buf, off, len);
        int n = in.read(buf, off, (int) Math.min(len, left));
        if (n > 0) left -= n;
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long k = in.skip(Math.min(Math.max(n, 0), left));
        left -= k;
        return k;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), left);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public synchronized void mark(int limit) {
        // not supported: a reset would count the bytes read twice
    }

    @Override
    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset not supported");
    }

    /** Bytes a single-byte read probes past the end with: some pseudo-files (/proc/self/pagemap) read only in multiples of 8. */
    private static final int PROBE = 64;

    /** The end of the bytes the file had: -1 when nothing follows, else the read fails (what was read past it is never returned). */
    private int end(byte[] buf, int off, int len) throws IOException {
        if (in.read(buf, off, len) < 0) return -1;
        throw new Grew(size);
    }

    /** A file that held more bytes than its size when opened said; {@link #refusal} is what the user is told. */
    public static final class Grew extends IOException {
        private final long size;

        Grew(long size) {
            super(sentence(size));
            this.size = size;
        }

        /** The refusal of {@code file} (its name as the user gave it), naming the field "paths" and the fix. */
        public SextantException refusal(String file) {
            return refusal(file, "paths");
        }

        /** As above, naming {@code field}. */
        public SextantException refusal(String file, String field) {
            return SextantException.invalid(field, file + ": " + sentence(size) + "; nothing was imported",
                    "import a file that is complete: not one still being written, nor a system file (such as those in /proc or /sys)");
        }

        private static String sentence(long size) {
            return size == 0 ? "its size reads 0 bytes yet it holds data (a system file, or one still being written)"
                    : String.format(Locale.ROOT, "it grew while it was read (%,d bytes when opened)", size);
        }
    }
}
