package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.closes;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A daily file saved as Windows-1252 or UTF-16 takes the fast path once its UTF-8 copy is staged, as a UTF-8 file does (its first
 * lines, read as UTF-8 to tell a bar file, sent it down the careful path every time); a bar file in such an encoding still imports as bars.
 */
class EncodedFastPathTest {
    @TempDir Path tmp;
    private static final Charset CP1252 = Charset.forName("windows-1252");

    @Test
    void aWindows1252DailyFileTakesTheFastPath(@TempSextant Store store) throws Exception {
        Path file = Files.write(tmp.resolve("muenchen.csv"), ExcelEncodingsImportTest.GERMAN.getBytes(CP1252));
        AtomicInteger careful = new AtomicInteger();
        ImportReport report = counting(store, careful).importFiles(List.of(file));
        assertEquals(0, careful.get(), "staged by the careful path");
        assertEquals(List.of("2020-01-02|1238.75", "2020-01-03|1244.3"), closes(store, "MUV2.DE"));
        assertEquals(List.of(file + ": read as Windows-1252 (not UTF-8; the file itself is unchanged)", file + ": dates read as DD.MM.YYYY",
                file + ": numbers read with a decimal comma and '.' or ' between thousands ('1.234,56' is 1234.56)"), report.files().get(0).notes());
        assertEquals(1, report.described(), "its name column, with its umlaut and euro sign");
    }

    @Test
    void aUtf16DailyFileTakesTheFastPath(@TempSextant Store store) throws Exception {
        Path file = Files.write(tmp.resolve("KO.csv"), "Date,Close\n2020-01-02,10.5\n2020-01-03,10.75\n".getBytes(StandardCharsets.UTF_16));
        AtomicInteger careful = new AtomicInteger();
        counting(store, careful).importFiles(List.of(file));
        assertEquals(0, careful.get(), "staged by the careful path");
        assertEquals(List.of("2020-01-02|10.5", "2020-01-03|10.75"), closes(store, "KO"));
    }

    @Test
    void aWindows1252BarFileStillImportsAsBars(@TempSextant Store store) throws Exception {
        Path bars = Files.write(tmp.resolve("EURUSD.csv"), ("Datum;Zeit;Eröffnung;Schluß\n02.01.2019;09:30;1,1234;1,1238\n02.01.2019;09:31;1,1238;1,1239\n"
                + "02.01.2019;09:32;1,1239;1,1240\n").getBytes(CP1252));
        AtomicInteger careful = new AtomicInteger();
        ImportReport report = counting(store, careful).importFiles(List.of(bars));
        assertEquals("1m", report.files().get(0).interval());
        assertTrue(careful.get() > 0);
    }

    /** An importer whose careful path counts its files (the fast path stages its own, uncounted). */
    private static PriceImporter counting(Store store, AtomicInteger careful) {
        return new PriceImporter(store, PriceRules.defaults(), null, (source, staging, file, endings) -> {
            careful.incrementAndGet();
            return StagedFile.of(source, staging, file, endings);
        });
    }
}
