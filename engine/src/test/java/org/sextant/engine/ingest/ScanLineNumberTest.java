package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/** The encoding scan and the UTF-16 copy name a line as CsvHead counts lines: LF, CR LF, and a lone CR (old Mac, some exports) each end one. */
class ScanLineNumberTest {
    private static final String[] ENDINGS = {"\n", "\r\n", "\r"};

    /** A long 4th line is "line 4" in every ending, also when a CR ends one buffer and its LF starts the next. */
    @Test
    void aTooLongLineIsNamedByItsNumberInEveryLineEnding() throws Exception {
        for (String end : ENDINGS) {
            // the first line's ending starts at the last byte of the scan's first buffer
            byte[] file = file(end, "x".repeat(TextEncoding.BUFFER - 1), "1,2", "3,4", "y".repeat(CsvHead.MAX_LINE + 1), "5,6");
            SextantException e = assertThrows(SextantException.class,
                    () -> TextEncoding.of(new ByteArrayInputStream(file), "LONG.csv", Long.MAX_VALUE, true), shown(end));
            assertEquals("LONG.csv line 4 is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage(), shown(end));
        }
    }

    /** A line just within the bound is no error, whatever ends it. */
    @Test
    void aLineAtTheBoundIsRead() throws Exception {
        for (String end : ENDINGS) {
            byte[] file = file(end, "Date,Close", "z".repeat(CsvHead.MAX_LINE), "5,6");
            assertEquals(StandardCharsets.UTF_8, TextEncoding.of(new ByteArrayInputStream(file), "AT.csv", Long.MAX_VALUE, true).charset(), shown(end));
        }
    }

    /** A byte refused on the 3rd line is named on line 3, a lone CR ending lines as an LF does. */
    @Test
    void aRefusedByteIsNamedOnItsLineInEveryLineEnding() throws Exception {
        for (String end : ENDINGS) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(file(end, "Date,Name", "2024-01-02,Zurich"));
            out.write(("2024-01-03,A").getBytes(StandardCharsets.US_ASCII));
            out.write(0x81); // undefined in Windows-1252
            out.write(end.getBytes(StandardCharsets.US_ASCII));
            SextantException e = assertThrows(SextantException.class,
                    () -> TextEncoding.of(new ByteArrayInputStream(out.toByteArray()), "BAD.csv", Long.MAX_VALUE), shown(end));
            assertTrue(e.getMessage().contains("(line 3 holds a byte Windows-1252 leaves undefined"), shown(end) + ": " + e.getMessage());
        }
    }

    /** A UTF-16 file's copy bounds its lines as the scan bounds UTF-8 ones: a long 4th line is "line 4" in every ending. */
    @Test
    void aTooLongUtf16LineIsNamedByItsNumberInEveryLineEnding() {
        for (String end : ENDINGS) {
            byte[] file = utf16(end, "Date,Close", "1,2", "3,4", "y".repeat(CsvHead.MAX_LINE + 1), "5,6");
            SextantException e = assertThrows(SextantException.class, () -> TextEncoding.transcode(new ByteArrayInputStream(file),
                    StandardCharsets.UTF_16, "LONG16.csv", new ByteArrayOutputStream()), shown(end));
            assertEquals("LONG16.csv line 4 is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage(), shown(end));
        }
    }

    /** A UTF-16 line whose copy is just within the bound (2 bytes a character past U+007F) is copied, whatever ends it. */
    @Test
    void aUtf16LineAtTheBoundIsCopied() throws Exception {
        for (String end : ENDINGS) {
            byte[] file = utf16(end, "Date,Name", "\u00e9".repeat(CsvHead.MAX_LINE / 2), "5,6");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TextEncoding.transcode(new ByteArrayInputStream(file), StandardCharsets.UTF_16, "AT16.csv", out);
            assertEquals(String.join(end, "Date,Name", "\u00e9".repeat(CsvHead.MAX_LINE / 2), "5,6") + end, out.toString(StandardCharsets.UTF_8), shown(end));
        }
    }

    /** UTF-16 that does not decode on the 3rd line (half a surrogate pair) is named on line 3 in every ending. */
    @Test
    void aUtf16LineThatDoesNotDecodeIsNamedByItsNumberInEveryLineEnding() throws Exception {
        for (String end : ENDINGS) {
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            in.write(utf16(end, "Date,Name", "2024-01-02,Zurich"));
            in.write(new byte[] {0x00, (byte) 0xD8, 0x41, 0x00}); // a high surrogate, then 'A'
            in.write(end.getBytes(StandardCharsets.UTF_16LE));
            SextantException e = assertThrows(SextantException.class, () -> TextEncoding.transcode(new ByteArrayInputStream(in.toByteArray()),
                    StandardCharsets.UTF_16, "BAD16.csv", new ByteArrayOutputStream()), shown(end));
            assertTrue(e.getMessage().contains(" line 3 does not read as "), shown(end) + ": " + e.getMessage());
        }
    }

    /** The lines as UTF-16 little-endian with its byte-order mark, as Excel's "Unicode text" writes them. */
    private static byte[] utf16(String end, String... lines) {
        byte[] text = (String.join(end, lines) + end).getBytes(StandardCharsets.UTF_16LE);
        byte[] out = new byte[text.length + 2];
        out[0] = (byte) 0xFF;
        out[1] = (byte) 0xFE;
        System.arraycopy(text, 0, out, 2, text.length);
        return out;
    }

    private static byte[] file(String end, String... lines) {
        return (String.join(end, lines) + end).getBytes(StandardCharsets.UTF_8);
    }

    private static String shown(String end) {
        return end.replace("\r", "CR ").replace("\n", "LF").trim();
    }
}
