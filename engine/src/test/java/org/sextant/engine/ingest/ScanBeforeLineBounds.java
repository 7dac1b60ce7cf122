package org.sextant.engine.ingest;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The bench's baseline: {@link TextEncoding}'s scan as it was before it bounded lines (session 48), the loop its line bound must
 * not slow; the verdict only (no refusal), every byte read as the import's scan reads it.
 */
final class ScanBeforeLineBounds {
    private ScanBeforeLineBounds() {}

    private static final int[] UTF8_BYTES = new int[256];

    static {
        for (int b = 0; b < 256; b++) {
            String ch = new String(new byte[] {(byte) b}, TextEncoding.WINDOWS_1252);
            UTF8_BYTES[b] = ch.equals("\ufffd") ? 0 : ch.getBytes(StandardCharsets.UTF_8).length;
        }
    }

    /** UTF-8 when every byte is; else whether it reads as Windows-1252. */
    static String of(InputStream in) throws java.io.IOException {
        Scan s = new Scan();
        byte[] buf = new byte[1 << 16];
        long read = 0;
        for (int n; (n = in.read(buf)) > 0; read += n) {
            org.sextant.engine.jobs.Cancellation.check();
            s.see(buf, n, read == 0);
        }
        if (s.firstInvalid < 0) return "UTF-8";
        return s.firstControl < 0 && s.firstUndefined < 0 && s.firstUtf8 < 0 ? "Windows-1252" : "refused";
    }

    private static final class Scan {
        long line = 1;
        int need; // continuation bytes of a UTF-8 sequence still to come
        int lo = 0x80, hi = 0xBF; // the range of the next continuation byte
        long firstInvalid = -1, firstUtf8 = -1, firstControl = -1, firstUndefined = -1;
        long cp1252Bytes;
        boolean utf16;

        void see(byte[] buf, int n, boolean start) {
            if (start && n >= 2) utf16 = buf[0] == (byte) 0xFF && buf[1] == (byte) 0xFE || buf[0] == (byte) 0xFE && buf[1] == (byte) 0xFF;
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
            }
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
