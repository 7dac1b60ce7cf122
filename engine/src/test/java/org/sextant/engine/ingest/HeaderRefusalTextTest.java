package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** What a refused date cell's fix and a refused Parquet file's columns say: only what is true of the file. */
class HeaderRefusalTextTest {
    @TempDir Path tmp;

    @Test
    void aDateCellNotInTheFilesFormIsNamedByTheFormItLooksLike(@TempSextant Store store) throws Exception {
        assertEquals("write dates as YYYY-MM-DD (or YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY): '02.01.2019' looks like DD.MM.YYYY",
                refused(store, "SAP.csv", "Date;Open;High;Low;Close;Volume\n2019-01-01;120.00;121.00;119.00;120.50;1000\n02.01.2019;120.00;121.00;119.00;120.50;1000\n").fix());
        assertEquals("write dates as YYYY-MM-DD (or YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY): '02/01/2019' looks like DD/MM/YYYY or MM/DD/YYYY",
                refused(store, "KO.csv", "Date,Close\n1991-01-02,9.88\n02/01/2019,9.6\n").fix());
        assertEquals("write dates as YYYY-MM-DD (or YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY): '13/01/2019' looks like DD/MM/YYYY",
                refused(store, "KO.csv", "Date,Close\n1991-01-02,9.88\n13/01/2019,9.6\n").fix());
        assertEquals("write dates as DD.MM.YYYY, like the rest of this file (or every one as YYYY-MM-DD): '2019-01-14' looks like YYYY-MM-DD",
                refused(store, "SAP.csv", "Datum;Schluss\n13.01.2019;9,6\n2019-01-14;9,7\n").fix());
        assertEquals("write dates as YYYY-MM-DD (or YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY): '2019/01/13' looks like YYYY/MM/DD",
                refused(store, "KO.csv", "Date,Close\n2019/01/13,9.6\n").fix());
        assertEquals("write dates as YYYYMMDD, like the first row of this file (or every one as YYYY-MM-DD)",
                refused(store, "KO.csv", "Date,Close\n19910102,9.88\nyesterday,9.6\n").fix());
        assertEquals("write dates as YYYY-MM-DD (or YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY)", refused(store, "KO.csv", "Date,Close\n1991-01-02,9.88\nyesterday,9.6\n").fix());
    }

    @Test
    void aParquetFileWithoutADateOrTimeColumnIsRefusedByItsColumnsNamingTheBarTimeColumns(@TempSextant Store store) throws Exception {
        Path file = tmp.resolve("AAA.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT TIMESTAMP '2020-01-02 09:30:00' AS ts, 1.5 AS close) TO " + ImportBatch.literal(file.toString()) + " (FORMAT parquet)");
        }
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file)));
        assertEquals(file + " (its columns): not the columns of a price file (no date column; 2 columns, recognised: close)", e.getMessage());
        assertTrue(e.fix().contains("bars: a time column (datetime, datetime_utc, timestamp, timestamp_utc, time,"), e.fix());
        // every time column the fix names is one a bar file's time is read from
        String named = e.fix().substring(e.fix().indexOf("bars: a time column (") + "bars: a time column (".length(), e.fix().indexOf("; or date"));
        for (String n : named.replace(" or ", ", ").split(", ")) assertTrue(BarTime.DATETIME_NAMES.contains(PriceField.normalize(n)), n);
        // a CSV keeps its header line
        Path csv = Files.writeString(tmp.resolve("AAA.csv"), "ts,close\n2020-01-02 09:30:00,1.5\n");
        e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(csv)));
        assertEquals(csv + " line 1 (the header): not a price file header (no date column; 2 columns, recognised: close)", e.getMessage());
    }

    private SextantException refused(Store store, String name, String text) throws Exception {
        Path dir = Files.createTempDirectory(tmp, "in");
        Path file = Files.writeString(dir.resolve(name), text);
        return assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file)));
    }
}
