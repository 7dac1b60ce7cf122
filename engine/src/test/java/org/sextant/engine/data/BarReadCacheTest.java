package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * What a read derives from a whole bar series (outside-session counts, list_symbols' trading days) is kept per data
 * version: the answers equal the ones computed afresh, and a re-import is seen on the next read, never a stale count.
 */
class BarReadCacheTest {
    @TempDir Path tmp;

    @Test
    void keptAnswersEqualFreshOnesAndAReimportIsSeenOnTheNextRead() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            // Monday 6 to Friday 10 January 2020, hourly around the clock (an fx series): Friday after 17:00 New York is outside the session
            importHours(store, "EURUSD.csv", LocalDateTime.of(2020, 1, 6, 0, 0), 120);
            BarReader kept = new BarReader(store);
            assertSameAsFresh(store, kept);
            long before = kept.outsideSession("EURUSD", BarInterval.H1, null, null);
            assertEquals(2, before, "Friday 22:00 and 23:00 UTC are outside the session");
            LocalDate lastBefore = kept.barsOnlySymbols("").get(0).lastDate();

            // the same symbol again, the next week: more bars outside the session and a later last day
            importHours(store, "EURUSD.csv", LocalDateTime.of(2020, 1, 13, 0, 0), 120);
            assertNotEquals(before, kept.outsideSession("EURUSD", BarInterval.H1, null, null), "a re-import changes the count at once");
            assertNotEquals(lastBefore, kept.barsOnlySymbols("").get(0).lastDate(), "and list_symbols' last trading day");
            assertSameAsFresh(store, kept);
        }
    }

    @Test
    void listSymbolsIsKeptPerQueryAndChangesAtOnceAfterAnImport() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            importHours(store, "EURUSD.csv", LocalDateTime.of(2020, 1, 6, 0, 0), 120);
            BarReader kept = new BarReader(store);
            assertEquals(List.of("EURUSD"), names(kept.barsOnlySymbols("")));
            assertEquals(List.of(), names(kept.barsOnlySymbols("gbp")), "each search is kept on its own");
            long rows = kept.barsOnlySymbols("eur").get(0).rows();

            importHours(store, "GBPUSD.csv", LocalDateTime.of(2020, 1, 6, 0, 0), 48);
            assertEquals(List.of("GBPUSD"), names(kept.barsOnlySymbols("gbp")), "a new symbol is listed at once");
            assertEquals(List.of("EURUSD", "GBPUSD"), names(kept.barsOnlySymbols("")));
            importHours(store, "EURUSD.csv", LocalDateTime.of(2020, 1, 13, 0, 0), 120);
            assertEquals(rows + 120, kept.barsOnlySymbols("eur").get(0).rows(), "and a re-import's bars are counted at once");
            BarReader fresh = new BarReader(store, 0);
            for (String q : List.of("", "eur", "gbp", "usd", "x")) assertEquals(fresh.barsOnlySymbols(q), kept.barsOnlySymbols(q), q);
        }
    }

    private static List<String> names(List<SymbolInfo> symbols) {
        return symbols.stream().map(SymbolInfo::symbol).toList();
    }

    @Test
    void aReaderKeepsAtMostItsCapacity() {
        BarReadCache cache = new BarReadCache(3);
        for (int i = 0; i < 10; i++) {
            int n = i;
            assertEquals(n, (int) cache.get("k" + i, 0, () -> n));
        }
        assertEquals(3, cache.size());
        assertEquals(9, (int) cache.get("k9", 0, () -> -1), "the newest entry is kept");
        assertEquals(-1, (int) cache.get("k9", 1, () -> -1), "another version computes again");
    }

    /** The kept reader answers as one that keeps nothing, and as the count the store gives straight, for several date ranges. */
    private static void assertSameAsFresh(Store store, BarReader kept) throws Exception {
        BarReader fresh = new BarReader(store, 0);
        LocalDate[] days = {null, LocalDate.of(2020, 1, 6), LocalDate.of(2020, 1, 10), LocalDate.of(2020, 1, 11), LocalDate.of(2020, 1, 13), LocalDate.of(2020, 1, 17), LocalDate.of(2020, 1, 20)};
        for (LocalDate from : days) {
            for (LocalDate to : days) {
                for (BarInterval at : List.of(BarInterval.H1, BarInterval.D1)) {
                    long expected = straightCount(store, from, to);
                    assertEquals(expected, kept.outsideSession("EURUSD", at, from, to), at.label + " " + from + ".." + to);
                    assertEquals(expected, fresh.outsideSession("EURUSD", at, from, to), at.label + " " + from + ".." + to);
                }
            }
        }
        assertEquals(fresh.barsOnlySymbols(""), kept.barsOnlySymbols(""));
        assertEquals(fresh.barsOnlySymbols("eur"), kept.barsOnlySymbols("eur"));
    }

    /** The stored hourly bars outside the session by UTC date within from..to, counted as the route counted before any were kept. */
    private static long straightCount(Store store, LocalDate from, LocalDate to) {
        return store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM bars WHERE symbol = 'EURUSD' AND interval = '1h' "
                    + "AND ts NOT IN (SELECT ts FROM resample_bars('EURUSD', '1h', '1h')) AND (? IS NULL OR CAST(ts AS DATE) >= ?) AND (? IS NULL OR CAST(ts AS DATE) <= ?)")) {
                p.setObject(1, from);
                p.setObject(2, from);
                p.setObject(3, to);
                p.setObject(4, to);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getLong(1);
                }
            }
        });
    }

    private void importHours(Store store, String name, LocalDateTime first, int hours) throws Exception {
        StringBuilder csv = new StringBuilder("datetime,open,high,low,close,volume\n");
        for (int i = 0; i < hours; i++) csv.append(first.plusHours(i)).append(":00Z,1.1,1.2,1.0,").append(1.1 + i * 1e-4).append(",10\n");
        Path file = tmp.resolve(name);
        Files.writeString(file, csv);
        new PriceImporter(store).importFiles(List.of(file));
        assertEquals(List.of("1h"), new BarReader(store, 0).storedIntervals("EURUSD"));
    }
}
