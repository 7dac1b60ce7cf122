package org.sextant.engine.ingest;

import static org.sextant.engine.ingest.CsvImports.count;
import static org.sextant.engine.ingest.CsvImports.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Wide files (date,AAA,BBB,...): the bound on their columns, the line-by-line read ({@link WideCsv}) storing what the long
 * form of the same data stores, and wide Parquet files whose dates are midnight timestamps (pandas' default).
 */
class WideImportTest {
    @TempDir Path tmp;

    @Test
    void aWideFileOfMoreSymbolColumnsThanTheBoundIsRefusedBeforeAnythingIsRead(@TempSextant Store store) throws IOException {
        Path wide = wideFile("toowide.csv", Layout.MAX_COLUMNS + 1, 2);
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(wide)));
        assertEquals(wide + " line 1 (the header): a wide file of 5,001 symbol columns, more than the 5,000 one import reads", e.getMessage());
        assertEquals("split it into files of at most 5,000 symbol columns (each with the date column), or write it long: date,symbol,close", e.fix());
        assertEquals(0, count(store, "SELECT count(*) FROM prices"));
        SextantException preview = assertThrows(SextantException.class, () -> ImportPreview.of(wide));
        assertEquals(e.getMessage(), preview.getMessage(), "the preview refuses it in the import's words");
        // dates written as midnight times take the bar probe: bounded the same
        Path times = Files.writeString(tmp.resolve("toowidetimes.csv"), Files.readString(wide).replace("2015-01-05", "2015-01-05 00:00:00"));
        e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(times)));
        assertEquals(times + " line 1 (the header): a wide file of 5,001 symbol columns, more than the 5,000 one import reads", e.getMessage());
        // as many as the bound import, every column a symbol
        ImportReport r = new PriceImporter(store).importFiles(List.of(wideFile("widest.csv", Layout.MAX_COLUMNS, 2)));
        assertEquals(Layout.MAX_COLUMNS, r.symbols().size());
        assertEquals(2L * Layout.MAX_COLUMNS, count(store, "SELECT count(*) FROM prices"));
    }

    /** A header of thousands of empty or unknown columns beside a long file's own: bounded too (the typed read names every column). */
    @Test
    void aPriceFileOfTooManyColumnsIsRefused(@TempSextant Store store) throws IOException {
        Path f = Files.writeString(tmp.resolve("long.csv"), "symbol,date,close" + ",".repeat(Layout.MAX_COLUMNS) + "\nAA,2020-01-02,1" + ",".repeat(Layout.MAX_COLUMNS) + "\n");
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
        assertEquals(f + " line 1 (the header): 5,003 columns, more than the 5,001 a price file may have", e.getMessage());
    }

    /**
     * A header of more columns than any import reads is refused from its first lines, before the store's writer is taken (attack 36:
     * 150,000 columns held the writer 30 s): with another write holding the writer, the refusal still comes, in the read's words,
     * not a wait for the writer. The preview's first look at the file (the bar probe) refuses it so too.
     */
    @Test
    void aHeaderOfTooManyColumnsIsRefusedWithoutWaitingForTheWriter(@TempSextant Store store) throws Exception {
        Path wide = wideFile("toowide.csv", Layout.MAX_COLUMNS + 1, 2);
        Path priced = Files.writeString(tmp.resolve("priced.csv"), "symbol,date,close" + ",x".repeat(Layout.MAX_COLUMNS) + "\nAA,2020-01-02,1" + ",".repeat(Layout.MAX_COLUMNS) + "\n");
        // columns a bar read would skip (MetaTrader's names) are symbols to the daily read: counted (attack 37)
        Path barNames = Files.writeString(tmp.resolve("barnames.csv"), "Date,AAPL" + java.util.stream.IntStream.range(0, Layout.MAX_COLUMNS).mapToObj(i -> ",ignored" + i)
                .collect(java.util.stream.Collectors.joining()) + "\n2020-01-02,1"
                + ",2".repeat(Layout.MAX_COLUMNS) + "\n");
        Path notPrices = Files.writeString(tmp.resolve("notprices.csv"), "a" + ",b".repeat(Layout.MAX_COLUMNS + 1) + "\n1" + ",2".repeat(Layout.MAX_COLUMNS + 1) + "\n");
        ImportTurn briefly = ImportTurn.within(java.time.Duration.ofMillis(200), "import again later");
        try (org.sextant.engine.testing.HeldStore held = org.sextant.engine.testing.HeldStore.hold(store)) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(wide), briefly));
            assertEquals(wide + " line 1 (the header): a wide file of 5,001 symbol columns, more than the 5,000 one import reads", e.getMessage());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(priced), briefly));
            assertEquals(priced + " line 1 (the header): 5,003 columns, more than the 5,001 a price file may have", e.getMessage());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(barNames), briefly));
            assertEquals(barNames + " line 1 (the header): a wide file of 5,001 symbol columns, more than the 5,000 one import reads", e.getMessage());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(notPrices), briefly));
            assertEquals(notPrices + " line 1 (the header): not a price file header (no date column; 5002 columns, recognised: none)", e.getMessage());
        }
        SextantException first = assertThrows(SextantException.class, () -> BarFile.probe(wide, wide.toString(), new CsvHead.Budget(ImportPreview.BYTES), false));
        assertEquals(wide + " line 1 (the header): a wide file of 5,001 symbol columns, more than the 5,000 one import reads", first.getMessage());
    }

    /**
     * A Parquet file of more columns than any import reads is refused from its footer before the store's writer is taken, in the
     * words a CSV header of as many columns gets (the place said as "(its columns)"): with another write holding the writer, the
     * refusal comes, not a wait for it. One within the bound is not refused by the count.
     */
    @Test
    void aParquetFileOfTooManyColumnsIsRefusedWithoutWaitingForTheWriter(@TempSextant Store store) throws Exception {
        Path wide = parquet("toowide.parquet", "DATE '2020-01-02' AS date", Layout.MAX_COLUMNS + 1, "S");
        Path priced = parquet("priced.parquet", "'AA' AS symbol, DATE '2020-01-02' AS date, 1.0 AS close", Layout.MAX_COLUMNS, "x");
        Path notPrices = parquet("notprices.parquet", "1 AS a", Layout.MAX_COLUMNS + 1, "b");
        ImportTurn briefly = ImportTurn.within(java.time.Duration.ofMillis(200), "import again later");
        try (org.sextant.engine.testing.HeldStore held = org.sextant.engine.testing.HeldStore.hold(store)) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(wide), briefly));
            assertEquals(wide + " (its columns): a wide file of 5,001 symbol columns, more than the 5,000 one import reads", e.getMessage());
            assertEquals("split it into files of at most 5,000 symbol columns (each with the date column), or write it long: date,symbol,close", e.fix());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(priced), briefly));
            assertEquals(priced + " (its columns): 5,003 columns, more than the 5,001 a price file may have", e.getMessage());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(notPrices), briefly));
            assertEquals(notPrices + " (its columns): not the columns of a price file (no date column; 5002 columns, recognised: none)", e.getMessage());
        }
        assertEquals(0, count(store, "SELECT count(*) FROM prices"));
    }

    /** A Parquet file of {@code first} and {@code n} more DOUBLE columns named {@code prefix}0, {@code prefix}1, ...: one row. */
    private Path parquet(String name, String first, int n, String prefix) throws Exception {
        Path out = tmp.resolve(name);
        StringBuilder cols = new StringBuilder(first);
        for (int i = 0; i < n; i++) cols.append(", 1.0 AS ").append(prefix).append(i);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT " + cols + ") TO '" + out + "' (FORMAT parquet)");
        }
        return out;
    }

    /** Files wide within the bound still import: 4,999 symbols, and as many beside a run of blank header cells past the bound (not symbols). */
    @Test
    void aWideFileWithinTheBoundStillImports(@TempSextant Store store) throws IOException {
        ImportReport r = new PriceImporter(store).importFiles(List.of(wideFile("wider.csv", Layout.MAX_COLUMNS - 1, 2)));
        assertEquals(Layout.MAX_COLUMNS - 1, r.symbols().size());
        Path blanks = Files.writeString(tmp.resolve("blanks.csv"), Files.readString(wideFile("blanks0.csv", Layout.MAX_COLUMNS - 1, 2))
                .replace("\n", ",".repeat(10) + "\n"));
        r = new PriceImporter(store).importFiles(List.of(blanks));
        assertEquals(Layout.MAX_COLUMNS - 1, r.symbols().size());
        assertEquals("wide", ImportPreview.of(blanks).layout());
    }

    /**
     * The line-by-line read stores, cell for cell, what the long form of the same data stores: quoted cells, missing
     * spellings, NaN (any case), spaces, exponents and Windows line ends; through the fast path (a new file) and the
     * careful one (the same file again, every row replaced).
     */
    @Test
    void aWideFileStoresWhatItsLongFormStores(@TempSextant Store wideStore, @TempSextant Store longStore) throws IOException {
        String wide = "date,AAA,\"BBB\",ccc,DDD\r\n"
                + "2020-01-02,1.5,\"2.25\",NaN,\r\n"
                + "2020-01-03, 1.75 ,NA,3e2,\"\"\r\n"
                + "\"2020-01-06\",null,2.5,nan,N/A\r\n"
                + "2020-01-07,2,\"3\",301.5,-NaN\r\n";
        String longForm = "symbol,date,close\nAAA,2020-01-02,1.5\nBBB,2020-01-02,2.25\nAAA,2020-01-03,1.75\nCCC,2020-01-03,300\n"
                + "BBB,2020-01-06,2.5\nAAA,2020-01-07,2\nBBB,2020-01-07,3\nCCC,2020-01-07,301.5\n";
        new PriceImporter(longStore).importFiles(List.of(Files.writeString(tmp.resolve("long.csv"), longForm)));
        Path file = Files.writeString(tmp.resolve("wide.csv"), wide);
        assertTrue(splitsCleanly(wideStore, file), "read line by line, not by the typed reader's fallback");
        ImportReport fast = new PriceImporter(wideStore).importFiles(List.of(file));
        assertEquals("wide", fast.files().get(0).layout());
        assertEquals(closes(longStore), closes(wideStore));
        ImportReport careful = new PriceImporter(wideStore).importFiles(List.of(file));
        assertEquals(8, careful.rowsUpdated());
        assertEquals(closes(longStore), closes(wideStore));
    }

    /** A line the split cannot take (a quoted delimiter in a column that is no symbol's) is read by DuckDB's typed reader: same rows. */
    @Test
    void aLineThatDoesNotSplitCleanlyIsReadByTheTypedReader(@TempSextant Store wideStore, @TempSextant Store longStore) throws IOException {
        new PriceImporter(longStore).importFiles(List.of(Files.writeString(tmp.resolve("long.csv"),
                "symbol,date,close\nAAA,2020-01-02,1.5\nBBB,2020-01-02,2\nAAA,2020-01-03,1.75\n")));
        new PriceImporter(wideStore).importFiles(List.of(Files.writeString(tmp.resolve("wide.csv"),
                "date,AAA,,BBB\n2020-01-02,1.5,\"a note, with a comma\",2\n2020-01-03,1.75,,\n")));
        assertEquals(closes(longStore), closes(wideStore));
        // a cell that is no number is still named by line and column
        Path bad = Files.writeString(tmp.resolve("bad.csv"), "date,AAA,BBB\n2020-01-02,1.5,2\n2020-01-03,1.75,9.6x\n");
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(wideStore).importFiles(List.of(bad)));
        assertEquals(bad + " line 3, column BBB: '9.6x' is not a number", e.getMessage());
    }

    /** A weekly wide file's bars are the long form's bars, and the report's figures of each symbol the same. */
    @Test
    void aWeeklyWideFileStoresTheBarsOfItsLongForm(@TempSextant Store wideStore, @TempSextant Store longStore) throws IOException {
        StringBuilder wide = new StringBuilder("date,WA,WB\n");
        StringBuilder longForm = new StringBuilder("symbol,date,close\n");
        java.time.LocalDate d = java.time.LocalDate.of(2015, 1, 2);
        for (int i = 0; i < 20; i++, d = d.plusWeeks(1)) {
            String b = i % 5 == 3 ? "" : String.valueOf(50 + i);
            wide.append(d).append(',').append(100 + i).append(',').append(b).append('\n');
            longForm.append("WA,").append(d).append(',').append(100 + i).append('\n');
            if (!b.isEmpty()) longForm.append("WB,").append(d).append(',').append(b).append('\n');
        }
        ImportReport l = new PriceImporter(longStore).importFiles(List.of(Files.writeString(tmp.resolve("long.csv"), longForm)));
        ImportReport w = new PriceImporter(wideStore).importFiles(List.of(Files.writeString(tmp.resolve("wide.csv"), wide)));
        assertEquals("bars", w.files().get(0).layout());
        assertEquals("1w", w.files().get(0).interval());
        assertEquals(bars(longStore), bars(wideStore));
        assertEquals(l.files().get(0).bars().toString(), w.files().get(0).bars().toString().replace("wide.csv", "long.csv"));
    }

    /**
     * The report's bars outside the session of weekly bars, worked out for all symbols in one query, are what the store's
     * resample_bars (the per-symbol query before) gives: bars dated on a weekend are outside an equity session.
     */
    @Test
    void weeklyBarsOutsideTheSessionAreTheResampleMacros(@TempSextant Store store) throws IOException {
        store.inTransaction(c -> {
            try (Statement st = c.createStatement()) {
                st.execute("INSERT INTO symbol_sessions VALUES ('WKND', 'us_equity')");
            }
            return null;
        });
        StringBuilder f = new StringBuilder("symbol,date,close\n");
        java.time.LocalDate d = java.time.LocalDate.of(2015, 1, 2);
        for (int i = 0; i < 12; i++, d = d.plusWeeks(1)) f.append("WKND,").append(i % 4 == 1 ? d.plusDays(1) : d).append(',').append(10 + i).append('\n');
        ImportReport r = new PriceImporter(store).importFiles(List.of(Files.writeString(tmp.resolve("wknd.csv"), f)));
        ImportReport.BarCheck check = r.files().get(0).bars().get(0);
        assertEquals("1w", check.interval());
        long macro = count(store, "SELECT 12 - sum(bars) FROM resample_bars('WKND', '1w', '1w')");
        assertEquals(3, macro, "three Saturdays");
        assertEquals(macro, check.outsideSession());
        assertEquals(0, check.gaps());
    }

    /** pandas' to_parquet of a frame of daily closes writes its dates as midnight TIMESTAMPs: each column imports as a symbol. */
    @Test
    void aWideParquetFileWithTimestampDatesImports(@TempSextant Store store) throws Exception {
        Path daily = parquet("pqwided.parquet", "TIMESTAMP '2020-01-06' + INTERVAL (i + 2 * (i // 5)) DAY", 40);
        ImportReport r = new PriceImporter(store).importFiles(List.of(daily));
        assertEquals("wide", r.files().get(0).layout());
        assertEquals(List.of("PQE", "PQF"), r.symbols());
        assertEquals(79, count(store, "SELECT count(*) FROM prices WHERE symbol IN ('PQE', 'PQF')"), "PQF's NULL is a day without its price");
        assertEquals(0, count(store, "SELECT count(*) FROM prices WHERE symbol = 'PQF' AND date = DATE '2020-01-06'"));
        Path weekly = parquet("pqwidew.parquet", "TIMESTAMP '2020-01-03' + INTERVAL (7 * i) DAY", 30);
        r = new PriceImporter(store).importFiles(List.of(weekly));
        assertEquals("bars", r.files().get(0).layout());
        assertEquals("1w", r.files().get(0).interval());
        assertEquals(59, count(store, "SELECT count(*) FROM bars WHERE interval = '1w'"));
        // times of day: a wide file holds dates, and the long layout takes bars
        Path hourly = parquet("pqwideh.parquet", "TIMESTAMP '2020-01-06 10:00' + INTERVAL (i) HOUR", 30);
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(hourly)));
        assertEquals(hourly + ": a wide file (one column per symbol) of 1h bars; wide files hold dates (daily, weekly or monthly closes)", e.getMessage());
        assertEquals("write the bars long, one row per bar: time,symbol,close (or one file per symbol: time,close)", e.fix());
    }

    /** Whether the careful path reads {@code file} line by line ({@link WideCsv#clean}). */
    private static boolean splitsCleanly(Store store, Path file) {
        CsvHead head = CsvHead.read(file, file.toString());
        ImportBatch.Source s = new ImportBatch.Source(0, file.toString(), file, Layout.detect(head.header(), file.toString()), head, "file:x", null);
        return store.read(c -> {
            try (StagedFile staged = StagedFile.of(file, store.stagingDir(), file.toString())) {
                return WideCsv.clean(c, staged, head, s.layout(), col -> ImportBatch.wideDateSql(s, col));
            }
        });
    }

    /** A Parquet file of {@code rows} rows: date (the SQL of row i), PQE and PQF (PQF NULL in row 0). */
    private Path parquet(String name, String date, int rows) throws Exception {
        Path p = tmp.resolve(name);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT " + date + " AS date, 100 + i AS PQE, CASE WHEN i = 0 THEN NULL ELSE 50 + i END AS PQF FROM range(" + rows + ") t(i)) TO '"
                    + p + "' (FORMAT parquet)");
        }
        return p;
    }

    private Path wideFile(String name, int columns, int rows) throws IOException {
        StringBuilder b = new StringBuilder("date");
        for (int k = 0; k < columns; k++) b.append(",S").append(k);
        b.append('\n');
        java.time.LocalDate d = java.time.LocalDate.of(2015, 1, 5);
        for (int i = 0; i < rows; i++, d = d.plusDays(1)) {
            b.append(d);
            for (int k = 0; k < columns; k++) b.append(',').append(String.format(Locale.ROOT, "%.3f", 100 + i * 0.1 + k * 0.001));
            b.append('\n');
        }
        return Files.writeString(tmp.resolve(name), b);
    }

    private static List<String> closes(Store store) {
        return rows(store, "SELECT symbol, date, close, open, high, low, adj_close, volume FROM prices ORDER BY symbol, date");
    }

    private static List<String> bars(Store store) {
        return rows(store, "SELECT symbol, interval, ts, open, high, low, close, volume FROM bars ORDER BY symbol, ts");
    }
}
