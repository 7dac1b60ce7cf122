package org.sextant.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.sextant.engine.SextantException;

/**
 * How a CSV's bytes are text: UTF-8, or what Excel writes otherwise, Windows-1252 (German and French Excel's "CSV": "Schluß",
 * "Zürich", € as byte 0x80) and UTF-16 with a byte-order mark ("Unicode text"). Told from every byte read, never guessed: a file
 * that is not UTF-8 is Windows-1252 only when it reads as text in it (no NUL or control byte but tab, CR and LF, no byte that
 * Windows-1252 leaves undefined, no UTF-8 text beside the other bytes); anything else is refused. The import reads a UTF-8 copy
 * ({@link StagedFile}), the preview decodes as the import's copy reads.
 */
final class TextEncoding {
    private TextEncoding() {}

    static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    /** The UTF-8 bytes of each Windows-1252 byte (0 for the five it leaves undefined: 0x81, 0x8D, 0x8F, 0x90, 0x9D). */
    private static final int[] UTF8_BYTES = new int[256];

    static {
        for (int b = 0; b < 256; b++) {
            try {
                String ch = WINDOWS_1252.newDecoder().decode(java.nio.ByteBuffer.wrap(new byte[] {(byte) b})).toString();
                UTF8_BYTES[b] = ch.getBytes(StandardCharsets.UTF_8).length;
            } catch (CharacterCodingException undefined) {
                UTF8_BYTES[b] = 0;
            }
        }
    }

    /**
     * What a file is read as, and the UTF-8 bytes of its copy (for UTF-16, at most; for UTF-8, the file's own).
     */
    record Verdict(Charset charset, long copyBytes) {
        boolean utf8() {
            return charset.equals(StandardCharsets.UTF_8);
        }

        /** The report's note of a file read in another encoding, or null. */
        String note(String file) {
            return utf8() ? null : file + ": read as " + shown(charset) + " (not UTF-8; the file itself is unchanged)";
        }
    }

    static String shown(Charset c) {
        return c.equals(WINDOWS_1252) ? "Windows-1252" : "UTF-16";
    }

    /**
     * The encoding of {@code in}'s bytes, all of them, or the first {@code limit} when {@code cut} (the preview: a sequence cut
     * by the limit is not held against it); refused when they are neither UTF-8 nor what this class reads.
     */
    static Verdict of(InputStream in, String file, long limit) throws IOException {
        return of(in, file, limit, false);
    }

    /**
     * As above; {@code lineBound}: a line of UTF-8 text longer than {@link CsvHead#MAX_LINE} (between line breaks, LF or CR) stops the
     * scan within a buffer of it, refused by its number ({@link CsvHead#tooLong}), as DuckDB's reader would refuse it after reading the
     * whole file. A UTF-16 file's lines are bounded by their UTF-8 copy's bytes instead ({@link #transcode}), about half as many.
     */
    static Verdict of(InputStream in, String file, long limit, boolean lineBound) throws IOException {
        Scan s = new Scan();
        byte[] buf = new byte[BUFFER];
        long read = 0;
        for (int n; read < limit && (n = in.read(buf, 0, (int) Math.min(buf.length, limit - read))) > 0; read += n) {
            org.sextant.engine.jobs.Cancellation.check(); // a job cancelled: no gigabytes read for nobody
            s.see(buf, n, read == 0);
            // bytes that are not UTF-8 so far: the verdict says what the file is (a binary file's "line" is no CSV line)
            if (lineBound && !s.utf16 && s.firstInvalid < 0 && s.longLine() >= 0) throw CsvHead.tooLong(file, s.longLine());
        }
        boolean cut = read >= limit;
        if (s.need > 0 && !cut && s.firstInvalid < 0) s.firstInvalid = s.line; // a sequence the end of the file cut
        if (s.firstInvalid < 0) return new Verdict(StandardCharsets.UTF_8, read);
        if (s.utf16) return new Verdict(StandardCharsets.UTF_16, read + read / 2);
        if (s.firstControl >= 0) throw binary(file);
        if (s.firstUndefined >= 0) {
            throw SextantException.invalid("paths", file + ": not a price CSV: it is not UTF-8 text, nor Windows-1252 (line " + s.firstUndefined
                    + " holds a byte Windows-1252 leaves undefined: 0x81, 0x8D, 0x8F, 0x90 or 0x9D)", FIX);
        }
        if (s.firstUtf8 >= 0) {
            throw SextantException.invalid("paths", file + ": not a price CSV: it mixes two encodings (line " + s.firstUtf8 + " holds UTF-8 text, line "
                    + s.firstInvalid + " bytes that are not UTF-8), so its accented letters would read wrong either way", FIX);
        }
        return new Verdict(WINDOWS_1252, s.cp1252Bytes);
    }

    /** The scan's read size: below {@link CsvHead#MAX_LINE}, so a buffer ends at most one line past it ({@code Scan.breaks}). */
    static final int BUFFER = 1 << 16;

    static {
        if (BUFFER > CsvHead.MAX_LINE) throw new AssertionError("a buffer must be shorter than the longest line");
    }

    static final String FIX = "save the file as UTF-8 (Excel: Save As > CSV UTF-8; or iconv -f ITS-ENCODING -t UTF-8 FILE > FILE-utf8.csv) and import that";

    static final String BINARY_FIX = "import a price CSV saved as UTF-8, Windows-1252 or UTF-16 with its byte-order mark (Excel: CSV UTF-8, CSV, or "
            + "Unicode text), or a Parquet file (.parquet)";

    /** A file that is not text: as every file that is no UTF-8 text was refused before other encodings were read. */
    static SextantException binary(String file) {
        return SextantException.invalid("paths", file + ": not a price CSV: it is not UTF-8 text (a binary file such as a database, or text in another encoding, "
                + "such as UTF-16 without its byte-order mark)", BINARY_FIX);
    }

    /**
     * Writes {@code in} ({@code from} text, as {@link #of} told) to {@code out} as UTF-8, a fixed buffer at a time. UTF-16 that does not
     * decode, holds a NUL or control character, or a line longer in UTF-8 than {@link CsvHead#MAX_LINE}, is refused by its line (LF, CR LF
     * and a lone CR each end one, as {@link Scan} counts them); a read that fails is the caller's {@link StagedFile.Unreadable}.
     */
    static void transcode(InputStream in, Charset from, String file, OutputStream out) throws IOException {
        // decoded by hand, not through a Reader: a Reader throws for a bad byte before handing over the characters before it,
        // so every refusal within the first buffer said "line 1"
        java.nio.charset.CharsetDecoder decoder = from.newDecoder(); // REPORT: a byte that does not decode is refused, never replaced
        java.io.Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(1 << 16);
        java.nio.CharBuffer chars = java.nio.CharBuffer.allocate(1 << 15);
        CopiedLines lines = new CopiedLines(file);
        for (boolean end = false; ; ) {
            org.sextant.engine.jobs.Cancellation.check();
            int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
            if (n < 0) end = true;
            else bytes.position(bytes.position() + n);
            bytes.flip();
            java.nio.charset.CoderResult result;
            do {
                result = decoder.decode(bytes, chars, end);
                lines.write(chars, w);
                if (result.isError()) {
                    throw SextantException.invalid("paths", file + ": not a price CSV: it starts as " + shown(from) + " text, but line " + lines.line
                            + " does not read as " + shown(from), FIX);
                }
            } while (result.isOverflow());
            bytes.compact();
            if (end) break;
        }
        while (decoder.flush(chars).isOverflow()) lines.write(chars, w);
        lines.write(chars, w);
        w.flush();
    }

    /** The copy's lines so far: LF, CR LF and a lone CR each end one, as {@link Scan} counts them; each bounded in UTF-8 bytes. */
    private static final class CopiedLines {
        final String file;
        long line = 1;
        long lineBytes; // UTF-8 bytes of the line so far
        boolean afterCr; // an LF right after a CR ends no other line

        CopiedLines(String file) {
            this.file = file;
        }

        /** Checks and writes the decoded {@code chars}, leaving the buffer empty for more. */
        void write(java.nio.CharBuffer chars, java.io.Writer w) throws IOException {
            chars.flip();
            char[] a = chars.array();
            for (int i = 0; i < chars.limit(); i++) {
                char ch = a[i];
                if (ch == '\n' || ch == '\r') {
                    if (ch == '\r' || !afterCr) line++;
                    afterCr = ch == '\r';
                    lineBytes = 0;
                    continue;
                }
                afterCr = false;
                if (ch < 0x20 && ch != '\t') throw binary(file);
                // the copy's line past the reader's bound: refused by its number, as a UTF-8 file's is before its read
                lineBytes += ch < 0x80 ? 1 : ch < 0x800 || Character.isSurrogate(ch) ? 2 : 3;
                if (lineBytes > CsvHead.MAX_LINE) throw CsvHead.tooLong(file, line);
            }
            w.write(a, 0, chars.limit());
            chars.clear();
        }
    }

    /** The bytes seen so far: where they stop being UTF-8, and what they are as Windows-1252. */
    private static final class Scan {
        long line = 1;
        int need; // continuation bytes of a UTF-8 sequence still to come
        int lo = 0x80, hi = 0xBF; // the range of the next continuation byte
        long firstInvalid = -1, firstUtf8 = -1, firstControl = -1, firstUndefined = -1;
        long cp1252Bytes;
        boolean utf16;
        long offset; // bytes seen
        long lastBreak = -1; // offset of the last LF or CR
        long longLine = -1;
        boolean crAtEnd; // the last buffer ended in a CR, counted as a line end: an LF after it ends no other line

        void see(byte[] buf, int n, boolean start) {
            if (start && n >= 2) utf16 = buf[0] == (byte) 0xFF && buf[1] == (byte) 0xFE || buf[0] == (byte) 0xFE && buf[1] == (byte) 0xFF;
            if (crAtEnd && n > 0 && buf[0] == '\n') line--; // the loop counts that LF
            crAtEnd = false;
            breaks(buf, n);
            offset += n;
            cp1252Bytes += n;
            for (int i = 0; i < n; i++) {
                if (need == 0) {
                    // printable ASCII and line feeds, nearly every byte of a CSV: a loop of locals only
                    long lines = 0;
                    for (byte x; i < n && ((x = buf[i]) >= 0x20 || x == '\n'); i++) {
                        if (x == '\n') lines++;
                    }
                    line += lines;
                    if (i == n) return;
                }
                rare(buf[i] & 0xFF);
                if (buf[i] == '\r' && (i + 1 == n || buf[i + 1] != '\n')) { // a lone CR ends a line, as CsvHead reads it
                    line++;
                    crAtEnd = i + 1 == n;
                }
            }
        }

        /**
         * A buffer (at most {@link #BUFFER} bytes, fewer than {@link CsvHead#MAX_LINE}) holds the end of at most one line past the
         * bound, at its first break: only that one is measured, then the last break is kept; nothing per line feed.
         */
        private void breaks(byte[] buf, int n) {
            int first = 0;
            while (first < n && buf[first] != '\n' && buf[first] != '\r') first++;
            if (first == n) return;
            if (offset + first - lastBreak - 1 > CsvHead.MAX_LINE && longLine < 0) longLine = line; // the line buf[0] is on ends there
            int last = n - 1;
            while (buf[last] != '\n' && buf[last] != '\r') last--;
            lastBreak = offset + last;
        }

        /** The first line past {@link CsvHead#MAX_LINE} bytes, ended or still open at the end of what was seen; -1 for none. */
        long longLine() {
            return longLine >= 0 ? longLine : offset - lastBreak - 1 > CsvHead.MAX_LINE ? line : -1;
        }

        /** A byte that is not printable ASCII, or one within a UTF-8 sequence. */
        private void rare(int b) {
            if (b >= 0x80) cp1252Bytes += UTF8_BYTES[b] - 1;
            if (b < 0x20 && b != '\t' && b != '\r' && b != '\n' && firstControl < 0) firstControl = line;
            if (UTF8_BYTES[b] == 0 && firstUndefined < 0) firstUndefined = line;
            if (need > 0) {
                if (b >= lo && b <= hi) {
                    lo = 0x80;
                    hi = 0xBF;
                    if (--need == 0 && firstUtf8 < 0) firstUtf8 = line;
                    return;
                }
                need = 0; // a sequence cut short: this byte starts anew
                lo = 0x80;
                hi = 0xBF;
                invalid();
            }
            if (b >= 0x80) lead(b);
            if (b == '\n') line++;
        }

        /** A byte past ASCII where a character starts: how many bytes follow it in UTF-8, and in what range the next one is. */
        private void lead(int b) {
            if (b >= 0xC2 && b <= 0xDF) need = 1;
            else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                if (b == 0xE0) lo = 0xA0; // no overlong form
                if (b == 0xED) hi = 0x9F; // no surrogate
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                if (b == 0xF0) lo = 0x90;
                if (b == 0xF4) hi = 0x8F; // nothing past U+10FFFF
            } else invalid();
        }

        private void invalid() {
            if (firstInvalid < 0) firstInvalid = line;
        }
    }
}
