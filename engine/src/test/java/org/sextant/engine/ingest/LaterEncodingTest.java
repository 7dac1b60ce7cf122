package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.assertPreviewNotesAlike;
import static org.sextant.engine.ingest.CsvImports.column;
import static org.sextant.engine.ingest.CsvImports.imported;
import static org.sextant.engine.ingest.CsvImports.refused;
import static org.sextant.engine.ingest.CsvImports.refusedByPreviewAlike;
import static org.sextant.engine.ingest.CsvImports.storedPrices;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A CSV whose first byte that is not ASCII comes far down: below the rows the preview shows, or past the 4 MB it reads. The
 * import tells the encoding from every byte; the preview from its first 4 MB, so it says what the import says of those.
 */
class LaterEncodingTest {
    @TempDir Path tmp;

    private static final Charset CP1252 = TextEncoding.WINDOWS_1252;
    private static final String CAFE = "2000-01-03,CAFE,1.5,Café\n";

    @Test
    void aWindows1252NameBelowTheRowsShownIsToldByThePreviewAsByTheImport(@TempSextant Store store) throws Exception {
        Path f = file("R1000.csv", "", 1000, CAFE, CP1252); // line 1002 of 19 KB: past the 500 rows the preview reads, within its 4 MB
        assertEquals(List.of(f + ": read as Windows-1252 (not UTF-8; the file itself is unchanged)"), ImportPreview.of(f).notes());
        assertPreviewNotesAlike(imported(store, f));
        assertEquals(List.of("Café"), column(store, "SELECT name FROM symbols WHERE symbol = 'CAFE'"));
    }

    @Test
    void utf8AboveAndWindows1252BelowTheRowsShownIsRefusedByThePreviewAsByTheImport(@TempSextant Store store) throws Exception {
        Path f = file("MIX.csv", "2000-01-03,ETE,2,Été\n", 1000, CAFE, CP1252);
        assertEquals(f + ": not a price CSV: it mixes two encodings (line 2 holds UTF-8 text, line 1003 bytes that are not UTF-8), so its accented "
                + "letters would read wrong either way", refusedByPreviewAlike(store, f).getMessage());
    }

    /** Past the preview's 4 MB: the import reads the name right and says how, daily files of ',' and of ';' (read in one pass) alike. */
    @Test
    void aWindows1252NamePastThePreviewsBytesIsReadAsWindows1252AndSaidSo(@TempSextant Store store) throws Exception {
        Path comma = file("L1.csv", "", 220_000, CAFE, CP1252);
        Path semicolon = file("DE.csv", "", 220_000, CAFE, CP1252, ';');
        for (Path f : List.of(comma, semicolon)) {
            assertTrue(Files.size(f) > ImportPreview.BYTES, "the name lies past what the preview reads");
            ImportReport report = imported(store, f);
            assertEquals(f + ": read as Windows-1252 (not UTF-8; the file itself is unchanged)", report.files().get(0).notes().get(0));
        }
        assertEquals(List.of("Café"), column(store, "SELECT name FROM symbols WHERE symbol = 'CAFE'"));
    }

    @Test
    void aUtf8NamePastThePreviewsBytesIsReadAsUtf8(@TempSextant Store store) throws Exception {
        Path f = file("U8.csv", "", 220_000, CAFE, StandardCharsets.UTF_8);
        ImportReport report = imported(store, f);
        assertEquals(List.of(), report.files().get(0).notes());
        assertPreviewNotesAlike(report);
        assertEquals(List.of("Café"), column(store, "SELECT name FROM symbols WHERE symbol = 'CAFE'"));
    }

    @Test
    void utf8AboveAndWindows1252PastThePreviewsBytesIsRefusedNamingBothLines(@TempSextant Store store) throws Exception {
        Path f = file("MIX.csv", "2000-01-03,ETE,2,Été\n", 220_000, CAFE, CP1252);
        SextantException e = refused(store, f);
        assertEquals(f + ": not a price CSV: it mixes two encodings (line 2 holds UTF-8 text, line 220003 bytes that are not UTF-8), so its accented "
                + "letters would read wrong either way", e.getMessage());
        assertTrue(e.fix().startsWith("save the file as UTF-8"), e.fix());
        assertEquals(0, storedPrices(store), "nothing stored");
    }

    private Path file(String name, String first, int rows, String last, Charset lastIn) throws Exception {
        return file(name, first, rows, last, lastIn, ',');
    }

    /** A long daily file: header, {@code first}, {@code rows} ASCII rows of 1,000 symbols, then {@code last} in {@code lastIn}. */
    private Path file(String name, String first, int rows, String last, Charset lastIn, char separator) throws Exception {
        StringBuilder b = new StringBuilder("Date,Symbol,Close,Name\n").append(first);
        java.time.LocalDate d0 = java.time.LocalDate.of(2000, 1, 3);
        for (int i = 0; i < rows; i++) b.append(d0.plusDays(i / 1000)).append(",S").append(i % 1000).append(",10.5,\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
        out.write(last.getBytes(lastIn));
        byte[] bytes = out.toByteArray();
        if (separator != ',') {
            for (int i = 0; i < bytes.length; i++) if (bytes[i] == ',') bytes[i] = (byte) separator;
        }
        return Files.write(tmp.resolve(name), bytes);
    }
}
