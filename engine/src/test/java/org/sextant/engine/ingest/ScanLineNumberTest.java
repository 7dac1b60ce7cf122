package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/** The encoding scan names a line as CsvHead counts lines: LF, CR LF, and a lone CR (old Mac, some exports) each end one. */
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

    private static byte[] file(String end, String... lines) {
        return (String.join(end, lines) + end).getBytes(StandardCharsets.UTF_8);
    }

    private static String shown(String end) {
        return end.replace("\r", "CR ").replace("\n", "LF").trim();
    }
}
