package org.sextant.engine.forecast.global;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;

/**
 * A stored model file read field by field, refusing what a model Sextant wrote cannot hold: a
 * count is checked against its bounds and against the bytes left in the file before anything is
 * allocated for it, so a damaged header cannot make the reader allocate more than the file's size.
 * Messages say what is wrong, never the bytes read (the file is not the user's data).
 */
final class ModelInput {
    private final DataInputStream in;
    private final CRC32 crc = new CRC32();
    private final long length;
    private long position;

    ModelInput(InputStream raw, long length) {
        this.in = new DataInputStream(new CheckedInputStream(raw, crc));
        this.length = length;
    }

    /** From here on the bytes count towards {@link #checksum()}. */
    void startChecksum() { crc.reset(); }

    long checksum() { return crc.getValue(); }

    int readInt() throws IOException {
        need(4);
        position += 4;
        return in.readInt();
    }

    long readLong() throws IOException {
        need(8);
        position += 8;
        return in.readLong();
    }

    boolean readBoolean() throws IOException {
        need(1);
        position += 1;
        return in.readBoolean();
    }

    /** An int in lo..hi, or an error naming {@code what}. */
    int readInt(String what, int lo, int hi) throws IOException {
        int v = readInt();
        if (v < lo || v > hi) throw new IOException(what + " is outside " + lo + ".." + hi);
        return v;
    }

    /** A finite double, or an error naming {@code what}. */
    double readFinite(String what) throws IOException {
        need(8);
        position += 8;
        double v = in.readDouble();
        if (!Double.isFinite(v)) throw new IOException(what + " holds a value that is not a finite number");
        return v;
    }

    /** {@code count} finite doubles, allocated only once the file is known to hold them. */
    double[] readFinite(String what, long count) throws IOException {
        need(count * 8);
        double[] out = new double[(int) count];
        for (int i = 0; i < out.length; i++) out[i] = readFinite(what);
        return out;
    }

    /** Refuses unless {@code bytes} more are left in the file. */
    void need(long bytes) throws IOException {
        if (bytes > length - position) {
            throw new IOException("the file ends early (truncated or partly copied): expected at least " + (position + bytes)
                    + " bytes, it has " + length);
        }
    }

    /** Refuses unless the whole file was read. */
    void atEnd() throws IOException {
        if (position != length) throw new IOException("the file has " + (length - position) + " bytes after the model");
    }
}
