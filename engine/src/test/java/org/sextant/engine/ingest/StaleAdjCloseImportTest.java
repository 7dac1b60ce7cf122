package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Attack 26 F1: Yahoo scales every earlier Adj Close anew at each download after a dividend, so the Adj Close of a
 * 2020 download and of a 2021 one do not join: stored together they read as a 15% drop no one traded. An import whose
 * adjusted closes meet stored ones (after them, before them, or over some of their days) with another ratio of Adj
 * Close to Close is refused, on every import path, and keeps nothing; an honest append, or the whole history again, imports.
 */
class StaleAdjCloseImportTest {
    @TempDir Path tmp;

    /** Yahoo rows of the weekdays {@code from..to}; a day's close is the same in every download, its Adj Close {@code ratio} of it. */
    private static String yahooRows(LocalDate from, LocalDate to, double ratio) {
        StringBuilder csv = new StringBuilder();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double close = 100 + (d.toEpochDay() % 17) * 0.25;
            csv.append(String.format(Locale.ROOT, "%s,%.4f,%.4f,%.4f,%.4f,%.4f,1000%n", d, close, close + 1, close - 1, close, close * ratio));
        }
        return csv.toString();
    }

    private Path yahoo(String dir, String from, String to, double ratio) throws Exception {
        Path p = Files.createDirectories(tmp.resolve(dir)).resolve("STALE.csv");
        return Files.writeString(p, "Date,Open,High,Low,Close,Adj Close,Volume\n" + yahooRows(LocalDate.parse(from), LocalDate.parse(to), ratio));
    }

    private static Path resource(Path dir, String name, String as) throws Exception {
        try (InputStream in = StaleAdjCloseImportTest.class.getResourceAsStream("/ingest/" + name)) {
            Path p = Files.createDirectories(dir).resolve(as);
            Files.copy(in, p);
            return p;
        }
    }

    private static long rows(Store store, String symbol) {
        return store.read(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery("SELECT count(*) FROM prices WHERE symbol = '" + symbol + "'")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static Store open(Path tmp) {
        return SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"));
    }

    /** Refused naming the symbol, both dates and both ratios, with the fix; the store keeps what it had. */
    private static SextantException refused(PriceImporter importer, Store store, String symbol, List<Path> files, String... said) {
        long before = rows(store, symbol);
        SextantException e = assertThrows(SextantException.class, () -> importer.importFiles(files));
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals("Adj Close", e.field());
        assertTrue(e.getMessage().startsWith(symbol + ": "), e.getMessage());
        for (String s : said) assertTrue(e.getMessage().contains(s), s + " in: " + e.getMessage());
        assertTrue(e.getMessage().endsWith("nothing was imported"), e.getMessage());
        assertTrue(e.fix().contains("import the whole history of " + symbol + " again from one download") && e.fix().contains("delete " + symbol + " first"), e.fix());
        assertEquals(before, rows(store, symbol), "a refused import keeps none of its rows");
        return e;
    }

    @Test
    void theAttackersTwoDownloadsOneAfterTheOtherAreRefused() throws Exception {
        refusedAfter(resource(tmp.resolve("a"), "STALEADJ_2020.csv", "STALEADJ.csv"), resource(tmp.resolve("b"), "STALEADJ_2021.csv", "STALEADJ.csv"),
                "STALEADJ", "1.0000 of the close on 2020-12-31 (stored)", "0.8500 on 2021-01-01 (this import)", "15.0% drop");
    }

    /** {@code imported} refused over {@code stored}, imported before it. */
    private void refusedAfter(Path stored, Path imported, String symbol, String... said) {
        try (Store store = open(tmp)) {
            PriceImporter importer = new PriceImporter(store, PriceRules.defaults());
            importer.importFiles(List.of(stored));
            refused(importer, store, symbol, List.of(imported), said);
        }
    }

    @Test
    void anEarlierDownloadInsertedBeforeIsRefused() throws Exception {
        refusedAfter(yahoo("a", "2021-01-01", "2021-06-30", 0.85), yahoo("b", "2020-01-01", "2020-12-31", 1.0), "STALE",
                "1.0000 of the close on 2020-12-31 (this import)", "0.8500 on 2021-01-01 (stored)", "15.0% drop");
    }

    @Test
    void aDownloadOverStoredDaysWithAnotherRatioIsRefused() throws Exception {
        try (Store store = open(tmp)) {
            PriceImporter importer = new PriceImporter(store, PriceRules.defaults());
            importer.importFiles(List.of(yahoo("a", "2020-01-01", "2020-12-31", 1.0)));
            // the later download holds the stored second half of 2020 too, scaled by a dividend paid since
            refused(importer, store, "STALE", List.of(yahoo("b", "2020-07-01", "2021-06-30", 0.85)),
                    "1.0000 of the close on 2020-06-30 (stored)", "0.8500 on 2020-07-01 (this import)");
            // ending inside the stored days: the border after it is named too
            refused(importer, store, "STALE", List.of(yahoo("c", "2019-07-01", "2020-06-30", 0.85)), "0.8500 of the close on 2020-06-30 (this import)",
                    "1.0000 on 2020-07-01 (stored)", "17.6% rise");
        }
    }

    @Test
    void twoDownloadsInOneImportAreRefused() throws Exception {
        try (Store store = open(tmp)) {
            refused(new PriceImporter(store, PriceRules.defaults()), store, "STALE",
                    List.of(yahoo("a", "2020-01-01", "2020-12-31", 1.0), yahoo("b", "2021-01-01", "2021-06-30", 0.85)),
                    "1.0000 of the close on 2020-12-31 (one file of this import)", "0.8500 on 2021-01-01 (another)");
        }
    }

    /** A long file under a new name takes the fast path, which refuses it itself: the careful path never stages it. */
    @Test
    void theFastPathRefusesItToo() throws Exception {
        try (Store store = open(tmp)) {
            AtomicInteger careful = new AtomicInteger();
            PriceImporter importer = new PriceImporter(store, PriceRules.defaults(), null, (source, staging, file, endings) -> {
                careful.incrementAndGet();
                return StagedFile.of(source, staging, file, endings);
            });
            Path first = Files.writeString(tmp.resolve("dl2020.csv"), "symbol,date,close,adj_close\n" + longRows("2020-01-01", "2020-12-31", 1.0));
            Path second = Files.writeString(tmp.resolve("dl2021.csv"), "symbol,date,close,adj_close\n" + longRows("2021-01-01", "2021-06-30", 0.85));
            importer.importFiles(List.of(first));
            assertEquals(0, careful.get(), "the first download took the fast path");
            refused(importer, store, "STALE", List.of(second), "1.0000 of the close on 2020-12-31 (stored)", "0.8500 on 2021-01-01 (this import)");
            assertEquals(0, careful.get(), "the fast path refused it itself");
        }
    }

    private static String longRows(String from, String to, double ratio) {
        StringBuilder out = new StringBuilder();
        for (String line : yahooRows(LocalDate.parse(from), LocalDate.parse(to), ratio).split("\n")) {
            String[] c = line.split(",");
            out.append("STALE,").append(c[0]).append(',').append(c[4]).append(',').append(c[5]).append('\n');
        }
        return out.toString();
    }

    @Test
    void aParquetDownloadIsRefusedToo() throws Exception {
        try (Store store = open(tmp)) {
            PriceImporter importer = new PriceImporter(store, PriceRules.defaults());
            importer.importFiles(List.of(yahoo("a", "2020-01-01", "2020-12-31", 1.0)));
            Path parquet = tmp.resolve("STALE.parquet");
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
                st.execute("COPY (SELECT DATE '2021-01-01' + i::INTEGER AS date, 100.0 AS close, 85.0 AS adj_close FROM range(30) t(i)) TO '" + parquet + "' (FORMAT parquet)");
            }
            refused(importer, store, "STALE", List.of(parquet), "1.0000 of the close on 2020-12-31 (stored)", "0.8500 on 2021-01-01 (this import)");
        }
    }

    /** The usual update with no dividend since the stored download, a dividend inside one download, and the whole history again all import. */
    @Test
    void honestDownloadsImport() throws Exception {
        try (Store store = open(tmp)) {
            PriceImporter importer = new PriceImporter(store, PriceRules.defaults());
            // a dividend inside the first download: its Adj Close steps from 0.97 to 1 of the close, as Yahoo's does
            Path first = Files.writeString(Files.createDirectories(tmp.resolve("a")).resolve("STALE.csv"), "Date,Open,High,Low,Close,Adj Close,Volume\n"
                    + yahooRows(LocalDate.of(2020, 1, 1), LocalDate.of(2020, 6, 30), 0.97) + yahooRows(LocalDate.of(2020, 7, 1), LocalDate.of(2020, 12, 31), 1.0));
            importer.importFiles(List.of(first));
            importer.importFiles(List.of(yahoo("b", "2020-12-01", "2021-03-31", 1.0))); // overlapping a month, same ratio
            long days = rows(store, "STALE");
            // a later download of the whole history, every day scaled by a dividend since: replaces every stored day
            assertEquals(0, importer.importFiles(List.of(yahoo("c", "2019-12-02", "2021-06-30", 0.85))).files().get(0).skipped());
            assertTrue(rows(store, "STALE") > days, "the whole history replaced the stored days and added its own");
        }
    }
}
