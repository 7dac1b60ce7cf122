package org.sextant.engine.ingest;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/** Imports of the accepted layouts, all-or-nothing failure, re-import. Values from the real extracts in test resources. */
class PriceImporterTest {
    @TempDir Path tmp;
    @TempSextant Store store;
    PriceImporter importer;

    @BeforeEach
    void open() {
        importer = new PriceImporter(store);
    }

    /** Copies a test resource to the temp dir under {@code name} (the name carries the symbol). */
    Path resource(String resource, String name) throws IOException {
        Path p = tmp.resolve("in").resolve(name);
        Files.createDirectories(p.getParent());
        try (InputStream in = getClass().getResourceAsStream("/ingest/" + resource)) {
            Files.copy(in, p);
        }
        return p;
    }

    Path write(String name, String text) throws IOException {
        Path p = tmp.resolve("in").resolve(name);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    double value(String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                double v = r.getDouble(1);
                return r.wasNull() ? Double.NaN : v;
            }
        });
    }

    /** The import of these files, refused as a whole. */
    SextantException refused(Path... files) {
        return assertThrows(SextantException.class, () -> importer.importFiles(List.of(files)));
    }

    long count(String sql) {
        return (long) value(sql);
    }

    @ParameterizedTest(name = "{0} -> {1} as {2}")
    @CsvSource({
            // file, layout, symbol, close on 2000-09-28 (timeSeries::MSFT), open on that day (NaN: not in layout)
            "MSFT.csv,     yahoo,     MSFT,    61.3125, 60.8125",
            "msft.us.csv,  stooq,     MSFT.US, 61.3125, 60.8125",
            "msft.us.txt,  stooq_txt, MSFT.US, 61.3125, 60.8125"})
    void singleSymbolLayoutsAreDetectedAndImported(String file, String layout, String symbol, double close, double open) throws IOException {
        ImportReport report = importer.importFiles(List.of(resource(file, file)));
        assertEquals(layout, report.files().get(0).layout());
        assertEquals(List.of(symbol), report.symbols());
        assertEquals(10, report.rowsInserted());
        assertEquals(0, report.rowsUpdated());
        assertEquals(close, value("SELECT close FROM prices WHERE symbol = '" + symbol + "' AND date = DATE '2000-09-28'"));
        assertEquals(open, value("SELECT open FROM prices WHERE symbol = '" + symbol + "' AND date = DATE '2000-09-28'"));
        assertEquals(26180200, value("SELECT volume FROM prices WHERE symbol = '" + symbol + "' AND date = DATE '2000-09-28'"));
        assertEquals(10, count("SELECT rows FROM symbols WHERE symbol = '" + symbol + "'"));
        assertEquals("2000-09-27", store.read(c -> one(c, "SELECT CAST(first_date AS VARCHAR) FROM symbols WHERE symbol = '" + symbol + "'")));
        assertEquals("2000-10-10", store.read(c -> one(c, "SELECT CAST(last_date AS VARCHAR) FROM symbols WHERE symbol = '" + symbol + "'")));
    }

    @Test
    void yahooAdjCloseIsStored() throws IOException {
        importer.importFiles(List.of(resource("MSFT.csv", "MSFT.csv")));
        assertEquals(61.3125, value("SELECT adj_close FROM prices WHERE symbol = 'MSFT' AND date = DATE '2000-09-28'"));
        assertEquals("file:MSFT.csv", store.read(c -> one(c, "SELECT DISTINCT source FROM prices")));
    }

    @Test
    void wideLayoutGivesOneSymbolPerColumn() throws IOException {
        ImportReport report = importer.importFiles(List.of(resource("swiss_wide.csv", "swiss_wide.csv")));
        assertEquals("wide", report.files().get(0).layout());
        assertEquals(List.of("LP25", "LP40", "LP60", "SBI", "SII", "SPI"), report.symbols());
        assertEquals(60, report.rowsInserted());
        // fBasics::SWXLP, 2000-01-04: SPI 4853.06, SII 146.266
        assertEquals(4853.06, value("SELECT close FROM prices WHERE symbol = 'SPI' AND date = DATE '2000-01-04'"));
        assertEquals(146.266, value("SELECT close FROM prices WHERE symbol = 'SII' AND date = DATE '2000-01-04'"));
        assertTrue(Double.isNaN(value("SELECT open FROM prices WHERE symbol = 'SPI' AND date = DATE '2000-01-04'")));
    }

    @Test
    void longLayoutTakesSymbolsFromTheColumnUppercased() throws IOException {
        ImportReport report = importer.importFiles(List.of(resource("dow_long.csv", "dow_long.csv")));
        assertEquals("long", report.files().get(0).layout());
        assertEquals(List.of("AA", "KO"), report.symbols());
        // fBasics::DowJones30, 1991-01-03: AA 5.88, KO 9.6
        assertEquals(5.88, value("SELECT close FROM prices WHERE symbol = 'AA' AND date = DATE '1991-01-03'"));
        assertEquals(9.6, value("SELECT close FROM prices WHERE symbol = 'KO' AND date = DATE '1991-01-03'"));
        assertEquals(2, count("SELECT count(*) FROM symbols"));
    }

    @Test
    void parquetInLongLayout() throws Exception {
        Path parquet = tmp.resolve("in").resolve("prices.parquet");
        Files.createDirectories(parquet.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT * FROM (VALUES ('KO', DATE '1991-01-02', 9.88, 1000.0), ('KO', DATE '1991-01-03', 9.6, 1200.0), "
                    + "('AA', DATE '1991-01-03', 5.88, NULL)) v(symbol, date, close, volume)) TO '" + parquet + "' (FORMAT parquet)");
        }
        ImportReport report = importer.importFiles(List.of(parquet));
        assertEquals("long", report.files().get(0).layout());
        assertEquals(3, report.rowsInserted());
        assertEquals(9.6, value("SELECT close FROM prices WHERE symbol = 'KO' AND date = DATE '1991-01-03'"));
        assertEquals(1200.0, value("SELECT volume FROM prices WHERE symbol = 'KO' AND date = DATE '1991-01-03'"));
        assertEquals(2, count("SELECT rows FROM symbols WHERE symbol = 'KO'"));
    }

    /** A symbolic link to a file imports as the file, named by the link (the exploratory test: every import through a link failed). */
    @Test
    void aLinkToAFileImportsTheFileUnderTheLinksName() throws Exception {
        Path msft = resource("MSFT.csv", "MSFT.csv");
        Path link = Files.createSymbolicLink(tmp.resolve("in").resolve("LINKED.csv"), msft);
        Path parquet = tmp.resolve("in").resolve("prices.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT * FROM (VALUES ('KO', DATE '1991-01-02', 9.88, 1000.0)) v(symbol, date, close, volume)) TO '" + parquet + "' (FORMAT parquet)");
        }
        Path parquetLink = Files.createSymbolicLink(tmp.resolve("in").resolve("LINKP.parquet"), parquet);
        ImportReport report = importer.importFiles(List.of(link, parquetLink));
        long linked = count("SELECT count(*) FROM prices WHERE symbol = 'LINKED'");
        assertEquals(Files.readAllLines(msft).size() - 1, linked, "every row of the file the link names");
        assertEquals(linked + 1, report.rowsInserted());
        assertEquals(9.88, value("SELECT close FROM prices WHERE symbol = 'KO'"));
        assertTrue(Files.isSymbolicLink(link) && Files.exists(msft), "the user's link and file are left as they were");
    }

    @Test
    void parquetWithATextPriceNamesTheRow() throws Exception {
        Path parquet = tmp.resolve("bad.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT * FROM (VALUES ('KO', '1991-01-02', '9.88'), ('KO', '1991-01-03', 'n/a')) v(symbol, date, close)) TO '"
                    + parquet + "' (FORMAT parquet)");
        }
        SextantException e = refused(parquet);
        assertTrue(e.getMessage().contains("row 2, column close: 'n/a' is not a number"), e.getMessage());
        assertEquals(0, count("SELECT count(*) FROM prices"));
    }

    @Test
    void oneBadRowInTheSecondFileWritesNothingFromEitherFile() throws IOException {
        Path good = resource("MSFT.csv", "MSFT.csv");
        Path bad = write("KO.csv", "Date,Open,High,Low,Close,Adj Close,Volume\n"
                + "1991-01-02,9.88,9.9,9.8,9.88,9.88,100\n"
                + "1991-01-03,9.6,9.7,9.5,9.6x,9.6,100\n");
        SextantException e = refused(good, bad);
        assertEquals("invalid_input", e.failReason());
        assertEquals("Close", e.field(), e.getMessage() + " | " + java.util.Arrays.toString(e.getSuppressed()) + e.getCause());
        assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("line 3, column Close: '9.6x' is not a number"), e.getMessage());
        assertTrue(e.fix().contains("number"), e.fix());
        assertEquals(0, count("SELECT count(*) FROM prices"));
        assertEquals(0, count("SELECT count(*) FROM symbols"));
    }

    @Test
    void reimportUpdatesInsteadOfDuplicating() throws IOException {
        Path file = resource("MSFT.csv", "MSFT.csv");
        importer.importFiles(List.of(file));
        String text = Files.readString(file).replace("2000-09-28,60.8125,61.875,60.625,61.3125,61.3125", "2000-09-28,60.8125,61.875,60.625,61.5,61.5");
        Files.writeString(file, text + "2000-10-11,55.0,56.0,54.0,55.5,55.5,1000\n");
        ImportReport again = importer.importFiles(List.of(file));
        assertEquals(10, again.rowsUpdated());
        assertEquals(1, again.rowsInserted());
        assertEquals(11, count("SELECT count(*) FROM prices WHERE symbol = 'MSFT'"));
        assertEquals(61.5, value("SELECT close FROM prices WHERE symbol = 'MSFT' AND date = DATE '2000-09-28'"));
        assertEquals(11, count("SELECT rows FROM symbols WHERE symbol = 'MSFT'"));
        assertEquals("2000-10-11", store.read(c -> one(c, "SELECT CAST(last_date AS VARCHAR) FROM symbols WHERE symbol = 'MSFT'")));
    }

    @Test
    void rowsFromAnotherFileReplaceStoredRowsOfTheSameSymbolAndDate() throws IOException {
        importer.importFiles(List.of(write("first.csv", "symbol,date,close\nKO,1991-01-02,9.88\nKO,1991-01-03,9.6\n")));
        ImportReport second = importer.importFiles(List.of(write("second.csv", "symbol,date,close\nKO,1991-01-03,9.61\nKO,1991-01-04,9.7\n")));
        assertEquals(1, second.rowsUpdated());
        assertEquals(1, second.rowsInserted());
        assertEquals(3, count("SELECT count(*) FROM prices WHERE symbol = 'KO'"));
        assertEquals(9.61, value("SELECT close FROM prices WHERE symbol = 'KO' AND date = DATE '1991-01-03'"));
        assertEquals("file:second.csv", store.read(c -> one(c, "SELECT source FROM prices WHERE date = DATE '1991-01-03'")));
        assertEquals("1991-01-02|1991-01-04|3", store.read(c -> one(c,
                "SELECT concat_ws('|', first_date, last_date, rows) FROM symbols WHERE symbol = 'KO'")));
    }

    /** Yahoo writes 'null' in every cell for a day without trading: a missing day (docs/data.md), skipped and counted, as a wide file's empty cell. */
    @Test
    void aYahooLineOfNullsIsADayWithoutPricesSkippedAndReported() throws IOException {
        ImportReport r = importer.importFiles(List.of(write("KO.csv", "Date,Open,High,Low,Close,Adj Close,Volume\n1991-01-02,9.88,9.9,9.8,9.88,9.88,100\n"
                + "1991-01-03,null,null,null,null,null,null\n1991-01-04,9.6,9.7,9.5,9.6,9.6,200\n")));
        assertEquals(2, r.rowsInserted());
        assertEquals(2, r.files().get(0).rows());
        assertEquals(1, r.files().get(0).skipped());
        assertEquals(0, count("SELECT count(*) FROM prices WHERE date = DATE '1991-01-03'"));
    }

    /** A file the import refuses: the field named (null: not checked), what the message and the fix must say. */
    static java.util.stream.Stream<Arguments> refusedFiles() {
        return java.util.stream.Stream.of(
                Arguments.of("KO.csv", "Date,Close\n1991-01-02,9.88\n02/01/1991,9.6\n", "Date",
                        List.of("line 3, column Date: '02/01/1991' is not a date"), List.of("YYYY-MM-DD")),
                Arguments.of("KO.csv", "Date,Open,High,Low,Close,Adj Close,Volume\n1991-01-02,9.88,9.9,9.8,9.88,9.88,100\n"
                        + "1991-01-03,9.6,9.7,9.5,null,9.6,100\n", "Close", List.of("KO.csv line 3, column Close: the close is missing"), List.of()),
                Arguments.of("prices.csv", "symbol,date,open,close\nKO,1991-01-02,9.88,9.88\nKO,1991-01-03,-9.6,9.6\n", "open",
                        List.of("prices.csv line 3, column open: -9.6"), List.of()),
                Arguments.of("KO.csv", "Date,Close\n1991-01-02,9.88\n1991-01-03,9.6\n1991-01-02,9.9\n", null,
                        List.of("KO.csv line 4: KO on 1991-01-02 appears twice in this import (also at ", "KO.csv line 2)"), List.of()),
                Arguments.of("empty.csv", "", "paths", List.of("empty.csv: the file is empty"), List.of()),
                Arguments.of("KO.csv", "Date,Close\n", null, List.of("no data rows"), List.of()),
                Arguments.of("weird.csv", "when,price\n1991-01-02,9.88\n", "paths",
                        List.of("weird.csv line 1 (the header): not a price file header"), List.of("Date,Open,High,Low,Close,Adj Close,Volume", "<TICKER>")),
                Arguments.of("KO.csv", "Date,Open,High,Low,Close,Volume\n1991-01-02,9.88,9.9,9.8,9.88,100\n1991-01-03,9.6,9.7\n", null,
                        List.of("KO.csv line 3: fewer cells than the 6 columns"), List.of()));
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("refusedFiles")
    void aRefusedFileIsNamedWithItsLineAndWritesNothing(String file, String text, String field, List<String> message, List<String> fix)
            throws IOException {
        SextantException e = refused(write(file, text));
        if (field != null) assertEquals(field, e.field(), e.getMessage() + " | " + java.util.Arrays.toString(e.getSuppressed()) + e.getCause());
        for (String part : message) assertTrue(e.getMessage().contains(part), e.getMessage());
        for (String part : fix) assertTrue(e.fix().contains(part), e.fix());
        assertEquals(0, count("SELECT count(*) FROM prices"));
    }

    @Test
    void duplicateSymbolAndDateAcrossFilesIsRefused() throws IOException {
        Path a = write("a.csv", "symbol,date,close\nKO,1991-01-02,9.88\nKO,1991-01-03,9.6\n");
        Path b = write("b.csv", "symbol,date,close\nAA,1991-01-02,5.92\nko,1991-01-03,9.61\n");
        SextantException e = refused(a, b);
        assertTrue(e.getMessage().contains("b.csv line 3: KO on 1991-01-03 appears twice"), e.getMessage());
        assertTrue(e.getMessage().contains("a.csv line 3"), e.getMessage());
        assertEquals(0, count("SELECT count(*) FROM prices"));
    }

    @Test
    void missingFileIsNamed() {
        Path nowhere = tmp.resolve("nowhere.csv");
        SextantException e = refused(nowhere);
        assertEquals("paths", e.field());
        assertTrue(e.getMessage().contains("nowhere.csv: no such file"));
    }

    @Test
    void aFolderOrADeviceIsNamedForWhatItIs() throws IOException {
        SextantException folder = refused(tmp);
        assertEquals("paths", folder.field());
        assertTrue(folder.getMessage().endsWith(": is a folder, not a file"), folder.getMessage());
        assertTrue(folder.fix().contains("folder/*.csv"), folder.fix());
        Path device = Path.of("/dev/zero"); // read to the end, it never ends
        if (Files.exists(device)) {
            SextantException e = refused(device);
            assertTrue(e.getMessage().endsWith("is not a regular file (a device or pipe)"), e.getMessage());
        }
    }

    @Test
    void stagingFolderIsLeftEmptyAndTheOriginalIntact() throws IOException {
        Path file = resource("MSFT.csv", "MSFT.csv");
        importer.importFiles(List.of(file));
        try (var s = Files.list(store.stagingDir())) {
            assertEquals(0, s.count());
        }
        assertTrue(Files.size(file) > 0);
    }

    static String one(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }
}
