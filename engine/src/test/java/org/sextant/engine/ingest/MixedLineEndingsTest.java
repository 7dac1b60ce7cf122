package org.sextant.engine.ingest;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Attack 16 M1 follow-up: a CSV joined from two systems' exports (LF and CR LF lines, or an old Mac's lone CR) imports as
 * if its lines all ended alike, from a copy in staging; the user's file and its hard links are never written.
 */
class MixedLineEndingsTest {
    @TempDir Path tmp;

    /** The file's rows with line i ending per {@code endings} (cycled; the header takes the first). */
    private static byte[] text(String header, String row, int rows, String... endings) {
        StringBuilder b = new StringBuilder(header).append(endings[0]);
        for (int i = 1; i <= rows; i++) b.append(String.format(row, i, 100 + i)).append(endings[i % endings.length]);
        return b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String ending(String kind) {
        return kind.replace("CRLF", "\r\n").replace("CR", "\r").replace("LF", "\n");
    }


    private static void assertStagingEmpty(Store store) throws IOException {
        try (var left = Files.list(store.stagingDir())) {
            assertEquals(List.of(), left.toList(), "the staged link and the copy with one line ending are deleted");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "daily long, LF then CR LF   | date,symbol,close,name  | 2020-01-%02d,ZMIX,%d,Zed Mix | LF,CRLF | line 2 ends with CR LF where line 1 ends with LF",
            "daily, CR LF then LF        | date,close             | 2020-01-%02d,%d              | CRLF,LF | line 2 ends with LF where line 1 ends with CR LF",
            "daily, LF then lone CR      | date,close             | 2020-01-%02d,%d              | LF,LF,CR | line 3 ends with CR where line 1 ends with LF",
            "bars, LF then CR LF         | timestamp,close        | 2020-01-02 13:%02d:00,%d     | LF,CRLF | line 2 ends with CR LF where line 1 ends with LF",
            "wide, CR LF then lone CR    | date,AAA,BBB           | 2020-01-%02d,%d,7            | CRLF,CR | line 2 ends with CR where line 1 ends with CR LF"})
    void aFileWhoseLinesEndInTwoWaysImportsAsTheSameFileWithOneEnding(String name, String header, String row, String kinds, String said,
                                                                     @TempSextant Store uniform, @TempSextant Store mixed) throws Exception {
        String[] endings = java.util.Arrays.stream(kinds.split(",")).map(MixedLineEndingsTest::ending).toArray(String[]::new);
        Path one = Files.createDirectories(tmp.resolve("one")).resolve("ZMIX.csv");
        Files.write(one, text(header, row, 9, "\n"));
        byte[] bytes = text(header, row, 9, endings);
        Path file = Files.write(Files.createDirectories(tmp.resolve("two")).resolve("ZMIX.csv"), bytes);
        Path link = Files.createLink(tmp.resolve("two/link-of-ZMIX.csv"), file); // the user's own second name of the file

        ImportReport lf = new PriceImporter(uniform).importFiles(List.of(one));
        ImportReport r = new PriceImporter(mixed).importFiles(List.of(file));

        String table = header.startsWith("timestamp") ? "SELECT symbol, interval, ts, open, high, low, close, volume FROM bars ORDER BY ALL"
                : "SELECT symbol, date, open, high, low, close, adj_close, volume FROM prices ORDER BY ALL";
        assertFalse(CsvImports.rows(uniform, table).isEmpty());
        assertEquals(CsvImports.rows(uniform, table), CsvImports.rows(mixed, table), "the same prices as the file whose lines all end with LF");
        String names = "SELECT symbol, name FROM symbols ORDER BY ALL";
        assertEquals(CsvImports.rows(uniform, names), CsvImports.rows(mixed, names), "a name in the last column holds no CR");
        assertEquals(lf.files().get(0).rows(), r.files().get(0).rows());
        assertEquals(List.of(file + ": its lines end in more than one way (" + said + "): read as if every line ended with LF (the file itself is unchanged)"),
                r.files().get(0).notes());
        assertTrue(ImportNotes.of(r).contains(r.files().get(0).notes().get(0)), "the report's notes say it");
        assertArrayEquals(bytes, Files.readAllBytes(file), "the user's file is byte for byte as it was");
        assertArrayEquals(bytes, Files.readAllBytes(link), "and so is its hard link");
        assertStagingEmpty(mixed);
    }

    /** The careful path (the file's name already stored) reads the copy too, and a bad cell is named by its line in the user's file. */
    @Test
    void aBadCellOfSuchAFileIsNamedByItsLineAndStagingIsLeftEmpty(@TempSextant Store store) throws Exception {
        Path file = tmp.resolve("ZBAD.csv");
        byte[] bytes = "date,close\n2020-01-02,1\r\n2020-01-03,2\n2020-01-06,x9\r\n2020-01-07,3\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Files.write(file, bytes);
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file)));
        assertEquals(file + " line 4, column close: 'x9' is not a number", e.getMessage());
        assertArrayEquals(bytes, Files.readAllBytes(file));
        assertStagingEmpty(store);
        assertEquals(List.of(), CsvImports.rows(store, "SELECT * FROM prices"), "nothing was written");
    }

    /** The preview shows such a file as the import reads it, noting the endings instead of refusing what the import takes. */
    @Test
    void thePreviewNotesTheEndingsAndShowsTheSameRows() throws Exception {
        Path one = Files.write(Files.createDirectories(tmp.resolve("one")).resolve("ZMIX.csv"), text("date,symbol,close", "2020-01-%02d,ZMIX,%d", 6, "\n"));
        Path file = Files.write(Files.createDirectories(tmp.resolve("two")).resolve("ZMIX.csv"), text("date,symbol,close", "2020-01-%02d,ZMIX,%d", 6, "\n", "\r\n"));
        ImportPreview lf = ImportPreview.of(one);
        ImportPreview p = ImportPreview.of(file);
        assertEquals(lf.rows(), p.rows());
        assertEquals(lf.layout(), p.layout());
        assertEquals(List.of("line 2 ends with CR LF where line 1 ends with LF: the import reads every line as ending the same way (LF); the file itself is unchanged"),
                p.notes());
        Path bars = Files.write(tmp.resolve("ZBAR.csv"), text("timestamp,close", "2020-01-02 13:%02d:00,%d", 6, "\r\n", "\n"));
        assertTrue(ImportPreview.of(bars).notes().contains("line 2 ends with LF where line 1 ends with CR LF: the import reads every line as ending the same way (LF);"
                + " the file itself is unchanged"), ImportPreview.of(bars).notes().toString());
    }

    /** The copy with one line ending is written as staging's copies are: a full disk names staging, and leaves no part of it behind. */
    @Test
    void aFullDiskWhileWritingTheCopyLeavesStagingEmptyAndTheFileAsItWas() throws Exception {
        StringBuilder rows = new StringBuilder("symbol,date,close\n");
        for (int i = 0; i < 20_000; i++) rows.append("AAA,2010-01-04,").append(i).append(i % 2 == 0 ? "\n" : "\r\n");
        Path file = Files.writeString(tmp.resolve("bulk.csv"), rows);
        byte[] bytes = Files.readAllBytes(file);
        Path staging = Files.createDirectories(tmp.resolve("home/data/staging"));
        StagedFile.Sink full = StagedFileTest.failingAfterFirstWrite("No space left on device");
        // linked (the same file system): only the copy with one line ending is written through the sink
        SextantException e = assertThrows(SextantException.class, () -> StagedFile.of(file, staging, file.toString(), true, full));
        assertTrue(e.getMessage().startsWith(file + ": no space left to stage the import in " + staging), e.getMessage());
        try (var left = Files.list(staging)) {
            assertEquals(0, left.count(), "neither the link nor the part of the copy is left");
        }
        assertArrayEquals(bytes, Files.readAllBytes(file));
    }
}
