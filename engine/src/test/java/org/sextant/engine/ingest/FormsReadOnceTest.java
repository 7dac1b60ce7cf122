package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A CSV with ';' between cells has its date order and number style decided from every row in the read that tells its encoding:
 * Java reads its bytes once before DuckDB does, not twice (once to tell UTF-8, once for its style), with the same notes.
 */
class FormsReadOnceTest {
    @TempDir Path tmp;
    private long stagedBytes;

    @Test
    void aSemicolonFilesBytesAreReadOnceInJava(@TempSextant Store store) throws Exception {
        Path file = Files.writeString(tmp.resolve("SAP.csv"), rows("SAP", 20_000));
        ImportReport report = imported(store, file);
        assertEquals(20_000, report.files().get(0).rows());
        assertEquals(List.of(file + ": dates read as DD/MM/YYYY (line 14 '13/01/2000' has a day past the 12th first)",
                file + ": numbers read with a decimal comma and '.' or ' between thousands ('1.234,56' is 1234.56)"), report.files().get(0).notes());
        long size = Files.size(file);
        assertTrue(stagedBytes > 0, "the staged copy's reads are seen");
        assertTrue(stagedBytes < size * 3 / 2, stagedBytes + " bytes read of a file of " + size);
    }

    @Test
    void aWindows1252SemicolonFileIsStillToldAndDecided(@TempSextant Store store) throws Exception {
        // its first non-UTF-8 byte on the last line: the read in UTF-8 gives way to the scan, and the copy is decided as before
        Path file = Files.write(tmp.resolve("MUV.csv"), (rows("MUV", 2_000) + "X;01/01/2010;1.234,5;Rück\n").getBytes(Charset.forName("windows-1252")));
        ImportReport report = imported(store, file);
        assertEquals(2_001, report.files().get(0).rows());
        assertEquals(List.of(file + ": read as Windows-1252 (not UTF-8; the file itself is unchanged)",
                file + ": dates read as DD/MM/YYYY (line 14 '13/01/2000' has a day past the 12th first)",
                file + ": numbers read with a decimal comma and '.' or ' between thousands ('1.234,56' is 1234.56)"), report.files().get(0).notes());
    }

    /** {@code file} imported, counting in {@link #stagedBytes} the bytes Java read on this thread of its staged copies. */
    private ImportReport imported(Store store, Path file) throws Exception {
        Path events = tmp.resolve("reads.jfr");
        ImportReport report;
        try (Recording r = new Recording()) {
            // the JDK's own file read events: no counter in the importer, and DuckDB's reads (native) are not Java's
            r.enable("jdk.FileRead").withThreshold(Duration.ZERO);
            r.start();
            report = new PriceImporter(store).importFiles(List.of(file));
            r.stop();
            r.dump(events);
        }
        String thread = Thread.currentThread().getName();
        for (RecordedEvent e : RecordingFile.readAllEvents(events)) {
            String path = e.getString("path");
            String name = path == null ? "" : Path.of(path).getFileName().toString();
            // a staged copy is named import-UUID-FILE
            if (name.startsWith("import-") && name.endsWith("-" + file.getFileName()) && e.getThread() != null
                    && thread.equals(e.getThread().getJavaName())) stagedBytes += Math.max(0, e.getLong("bytesRead"));
        }
        return report;
    }

    /** A German long file: symbol;date;close;name, dates day first with slashes, closes with '.' between thousands. */
    static String rows(String symbol, int n) {
        StringBuilder b = new StringBuilder("Symbol;Datum;Schluss;Name\n");
        java.time.LocalDate start = java.time.LocalDate.of(2000, 1, 1);
        for (int i = 0; i < n; i++) {
            java.time.LocalDate d = start.plusDays(i % 5000);
            b.append(symbol).append(i / 5000).append(';').append(String.format("%02d/%02d/%d", d.getDayOfMonth(), d.getMonthValue(), d.getYear()))
                    .append(";1.").append(String.format("%03d", i % 977)).append(',').append(i % 10).append(";Name\n");
        }
        return b.toString();
    }
}
