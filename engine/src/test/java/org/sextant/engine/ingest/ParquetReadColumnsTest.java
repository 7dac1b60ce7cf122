package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.sextant.engine.store.SmallStore;
import org.sextant.engine.store.Store;

/**
 * An import reads a Parquet file's date, symbol and price columns only (attack 18 M1: a 2.7 KB file with a list of 100,000
 * strings of 900 characters a row passed the footer check, and the probe's SELECT * filled DuckDB's 2 GB memory limit).
 * The stores here may hold 64 MB: a read of the list column fails them.
 */
class ParquetReadColumnsTest {
    @TempDir Path dir;

    private static final String HUGE_LIST = "list_transform(range(100000), lambda k: repeat('x', 900))";

    @Test
    void aListColumnTheImportDoesNotReadIsNeverRead() throws Exception {
        Path daily = importsWith(HUGE_LIST + " AS tags", 2, "64MB");
        assertTrue(Files.size(daily) < 100_000, "a few KB on disk: " + Files.size(daily));
    }

    @Test
    void aListColumnTheImportReadsIsRefusedFromTheFooterWithNothingRead() throws Exception {
        Path f = dir.resolve("listed.parquet");
        copy("SELECT DATE '2024-01-02' + i::INT AS date, " + HUGE_LIST + " AS symbol, 1.0 + i AS close FROM range(2) t(i)", f);
        try (Store store = SmallStore.open(dir.resolve("home"), "64MB", "32MB")) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
            assertEquals("symbol", e.field());
            assertEquals(f + ": its symbol column holds a list (VARCHAR[]), not one value a row; nothing was imported", e.getMessage());
            assertEquals("flatten it into one value a row, or export the file without that column, then import again", e.fix());
        }
    }

    @Test
    void aLongTextColumnTheImportDoesNotReadIsIgnored() throws Exception {
        // a legitimate file: a comment of 2,000 characters a row, past the 1,024 a read text cell may have
        importsWith("repeat('n', 2000) || i::VARCHAR AS comment", 300, "256MB");
    }

    @Test
    void aLongTextColumnTheImportReadsIsStillRefused() throws Exception {
        // a bar file's closes written as text, padded past 1,024 characters: read, so bounded by the footer
        Path bars = dir.resolve("PADDED.parquet");
        copy("SELECT TIMESTAMP '2024-01-02 10:00:00' + INTERVAL (i) HOUR AS datetime, (1.0 + i)::VARCHAR || repeat(' ', 2000) AS close, "
                + "'short' AS comment FROM range(300) t(i)", bars);
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(bars)));
            assertEquals("close", e.field());
            assertTrue(e.getMessage().startsWith(bars + ": its close column holds "), e.getMessage());
        }
    }

    @Test
    void aFileWhoseRowsDoNotReadIsNamedWithItsOwnReasonNotAnAbortedTransaction() throws Exception {
        Path f = dir.resolve("BROKEN.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT DATE '2000-01-03' + i::INT AS date, 1.0 + i AS close FROM range(3000) t(i)) TO '" + f
                    + "' (FORMAT parquet, COMPRESSION uncompressed)");
        }
        // the first page's header overwritten: the footer reads, the rows do not (the probe's read fails, then the import's)
        byte[] bytes = Files.readAllBytes(f);
        java.util.Arrays.fill(bytes, 4, 40, (byte) 0xFF);
        Files.write(f, bytes);
        try (Store store = SmallStore.open(dir.resolve("home"), "64MB", "32MB")) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
            assertTrue(e.getMessage().startsWith(f + ": not a readable Parquet file ("), e.getMessage());
            assertFalse(e.getMessage().contains("aborted"), e.getMessage());
        }
    }

    /**
     * Attack 35: the refusal of a file that is no Parquet quoted DuckDB's first line, which can carry the file's bytes (a crafted
     * footer's "don't know what type: " is followed by one); it says what is wrong in its own words, for every kind of such file.
     */
    @Test
    void aFileThatIsNoParquetIsRefusedWithoutDuckDbsWords() throws Exception {
        Path text = Files.writeString(dir.resolve("app.parquet"), "SECRET_TOKEN=hunter2\npassword: swordfish\n");
        Path empty = Files.write(dir.resolve("empty.parquet"), new byte[0]);
        byte[] body = "MSECRET_TOKEN=hunter2".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1); // a footer of one bad thrift field
        java.io.ByteArrayOutputStream crafted = new java.io.ByteArrayOutputStream();
        crafted.writeBytes("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        crafted.writeBytes(body);
        crafted.writeBytes(new byte[] {(byte) body.length, 0, 0, 0});
        crafted.writeBytes("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        Path footer = Files.write(dir.resolve("crafted.parquet"), crafted.toByteArray());
        try (Store store = SmallStore.open(dir.resolve("home"), "64MB", "32MB")) {
            for (var expected : java.util.Map.of(
                    text, "it does not end with Parquet's closing marker PAR1: another kind of file, or one cut short",
                    empty, "it is too small to be one: empty, or cut short",
                    footer, "its footer or its pages do not decode as Parquet: a damaged file, or another kind of file").entrySet()) {
                Path f = expected.getKey();
                SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
                assertEquals(f + ": not a readable Parquet file (" + expected.getValue() + ")", e.getMessage());
                assertEquals("export it again as Parquet (or copy it again if it was cut short), or import it as CSV", e.fix());
            }
        }
    }

    /**
     * Imports a daily file and a bar file of {@code rows} rows, each with {@code extra} as one more column, into a store that
     * may hold {@code memory}, every row imported; the daily file.
     */
    private Path importsWith(String extra, int rows, String memory) throws Exception {
        Path daily = dir.resolve("DAILY.parquet");
        copy("SELECT DATE '2000-01-03' + i::INT AS date, 1.0 + i AS close, " + extra + " FROM range(" + rows + ") t(i)", daily);
        Path bars = dir.resolve("BARS.parquet");
        copy("SELECT TIMESTAMP '2024-01-02 10:00:00' + INTERVAL (i) HOUR AS datetime, 1.0 + i AS close, " + extra + " FROM range(" + rows + ") t(i)", bars);
        try (Store store = SmallStore.open(dir.resolve("home"), memory, "32MB")) {
            assertEquals(rows, new PriceImporter(store).importFiles(List.of(daily)).rowsInserted());
            assertEquals(rows, new PriceImporter(store).importFiles(List.of(bars)).rowsInserted());
        }
        return daily;
    }

    static void copy(String select, Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet, COMPRESSION zstd)");
        }
    }
}
