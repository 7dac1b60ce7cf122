package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.SmallStore;
import org.sextant.engine.store.Store;

/**
 * A Parquet price or volume column stored as anything but numbers or text is refused from the footer, daily, wide and bar
 * files alike (attack 20 M1: a BOOLEAN close was stored as prices of 1.0 and 0.0 by the daily path).
 */
class ParquetPriceTypesTest {
    @TempDir Path dir;

    @Test
    void aBooleanCloseOfADailyFileIsRefusedNamingItsType() throws Exception {
        refused("SELECT DATE '2024-01-02' + i::INT AS date, i % 2 = 0 AS close FROM range(5) t(i)", "DAILY.parquet", "close", "BOOLEAN");
    }

    @Test
    void aBooleanVolumeOfALongFileIsRefused() throws Exception {
        refused("SELECT 'AAA' AS symbol, DATE '2024-01-02' + i::INT AS date, 1.0 + i AS close, i > 2 AS volume FROM range(5) t(i)",
                "LONG.parquet", "volume", "BOOLEAN");
    }

    @Test
    void aBooleanSymbolColumnOfAWideFileIsRefused() throws Exception {
        refused("SELECT DATE '2024-01-02' + i::INT AS date, 1.0 + i AS AAA, i = 1 AS BBB FROM range(5) t(i)", "WIDE.parquet", "BBB", "BOOLEAN");
    }

    @Test
    void aBooleanCloseOfABarFileIsRefusedTheSameWay() throws Exception {
        refused("SELECT TIMESTAMP '2024-01-02 10:00:00' + INTERVAL (i) HOUR AS datetime, i % 2 = 0 AS close FROM range(5) t(i)",
                "BARS.parquet", "close", "BOOLEAN");
    }

    @Test
    void aTimestampCloseIsRefusedToo() throws Exception {
        refused("SELECT DATE '2024-01-02' + i::INT AS date, TIMESTAMP '2024-01-02 10:00:00' AS close FROM range(5) t(i)",
                "STAMPED.parquet", "close", "TIMESTAMP");
    }

    /** A time the first row itself does not read as: said by row, with what the time columns are read as (attack 20). */
    @Test
    void aTimeColumnTheFirstRowDoesNotReadIsNamedByRowWithWhatWasExpected() throws Exception {
        Path f = dir.resolve("TIMED.parquet");
        ParquetReadColumnsTest.copy("SELECT DATE '2020-01-02' + i::INT AS date, TIME '09:30:00' AS time, 1.0 + i AS close FROM range(5) t(i)", f);
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith(f + " row 1, column "), e.getMessage());
            assertEquals(f + " row 1, column date: '2020-01-02' does not read as a time; the file's times were taken to be date_time in date + time "
                    + "(read as UTC)", e.getMessage());
            assertEquals("write every time the same way, e.g. 2020-01-02T13:30:00Z, epoch seconds, or 2020.01.02,13:30; in Parquet, one TIMESTAMP column "
                    + "(datetime) holds both", e.fix());
        }
    }

    @Test
    void pricesAsDecimalsOrTextStillImport() throws Exception {
        Path f = dir.resolve("TEXT.parquet");
        ParquetReadColumnsTest.copy("SELECT DATE '2024-01-02' + i::INT AS date, (1.5 + i)::DECIMAL(9,2) AS close, (100 + i)::VARCHAR AS volume "
                + "FROM range(5) t(i)", f);
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            assertEquals(5, new PriceImporter(store).importFiles(List.of(f)).rowsInserted());
        }
    }

    private void refused(String select, String name, String column, String type) throws Exception {
        Path f = dir.resolve(name);
        ParquetReadColumnsTest.copy(select, f);
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
            assertEquals(column, e.field());
            assertEquals(f + ": its " + column + " column is stored as " + type + ", not as numbers; nothing was imported", e.getMessage());
            assertEquals("store prices and volumes as numbers (or as text), then import again", e.fix());
            assertEquals(0L, (long) store.<Long>read(c -> {
                try (var st = c.createStatement(); var r = st.executeQuery("SELECT (SELECT count(*) FROM prices) + (SELECT count(*) FROM price_bars)")) {
                    r.next();
                    return r.getLong(1);
                }
            }), "nothing stored");
        }
    }
}
