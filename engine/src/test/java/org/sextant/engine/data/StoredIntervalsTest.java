package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Which interval a request about one symbol reads, decided once in the engine for every caller
 * (get_chart_data, render_chart, Compare, the CLI): the sample's USD/CHF has 30-minute bars only,
 * IBM daily prices, and here also hourly and weekly bars of its own.
 */
class StoredIntervalsTest {
    @TempDir static Path tmp;
    static Store store;
    static PriceRepository prices;

    @BeforeAll
    static void load() {
        store = SampleStoreCopy.openSample(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO bars VALUES ('IBM', '1w', TIMESTAMP '2020-01-06 14:30', 1, 2, 0.5, 1.5, 10, 'test'), "
                        + "('IBM', '1h', TIMESTAMP '2020-01-06 14:30', 1, 2, 0.5, 1.5, 10, 'test')");
            }
            return null;
        });
        prices = new PriceRepository(store);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    @Test
    void oneSymbolsIntervalsAreThoseOfTheWholeStoreFinestFirst() {
        BarReader reader = new BarReader(store);
        Map<String, List<String>> all = reader.storedIntervals();
        assertEquals(List.of("1h", "1d", "1w"), reader.storedIntervals("IBM"));
        assertEquals(List.of("30m"), reader.storedIntervals("USDCHF"));
        assertEquals(List.of(), reader.storedIntervals("NOPE"));
        for (String symbol : all.keySet()) assertEquals(all.get(symbol), reader.storedIntervals(symbol), symbol);
        assertEquals(List.of("30m"), prices.storedIntervals(" usdchf "), "the repository canonicalises the symbol");
    }

    /** The whole store's intervals are kept between calls (list_symbols asks on every call): a write is seen at once. */
    @Test
    void theKeptIntervalsFollowEveryWrite() {
        BarReader reader = new BarReader(store);
        assertNull(reader.storedIntervals().get("ZZKEPT"));
        write("INSERT INTO bars VALUES ('ZZKEPT', '1h', TIMESTAMP '2020-01-06 14:30', 1, 2, 0.5, 1.5, 10, 'test')");
        try {
            assertEquals(List.of("1h"), reader.storedIntervals().get("ZZKEPT"));
        } finally {
            write("DELETE FROM bars WHERE symbol = 'ZZKEPT'");
        }
        assertNull(reader.storedIntervals().get("ZZKEPT"), "and its removal");
    }

    /** One symbol's intervals (every read of its bars starts with them) are kept per data version: a write is seen at once. */
    @Test
    void oneSymbolsKeptIntervalsFollowEveryWrite() {
        BarReader reader = new BarReader(store);
        assertEquals(List.of(), reader.storedIntervals("ZZONE"));
        write("INSERT INTO bars VALUES ('ZZONE', '1h', TIMESTAMP '2020-01-06 14:30', 1, 2, 0.5, 1.5, 10, 'test')");
        try {
            List<String> stored = reader.storedIntervals("ZZONE");
            assertEquals(List.of("1h"), stored);
            assertSame(stored, reader.storedIntervals("ZZONE"), "asked again before any write: the kept answer, no scan of the bars");
        } finally {
            write("DELETE FROM bars WHERE symbol = 'ZZONE'");
        }
        assertEquals(List.of(), reader.storedIntervals("ZZONE"), "and its removal");
    }

    private static void write(String sql) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate(sql);
            }
        });
    }

    @Test
    void aSymbolWithBarsOnlyOpensAtItsFinestAndOneWithDailyPricesDaily() {
        assertEquals("30m", BarReader.barsOnlyFinest(List.of("30m", "1w")));
        assertNull(BarReader.barsOnlyFinest(List.of("1h", "1d")));
        assertNull(BarReader.barsOnlyFinest(List.of()));
        assertEquals("30m", prices.readInterval("usdchf", null));
        assertNull(prices.readInterval("IBM", null), "daily prices: the daily chart");
        assertNull(prices.readInterval("NOPE", null), "unknown: the daily path, whose error names the symbol");
        assertEquals("4h", prices.readInterval("USDCHF", "4h"));
    }

    @Test
    void oneDayIsTheDailyAnswerOnlyForASymbolWithDailyPrices() {
        assertNull(prices.barInterval("IBM", null));
        assertNull(prices.barInterval("IBM", " 1d "));
        assertEquals("1d", prices.barInterval("USDCHF", "1d"), "resampled from its 30-minute bars");
        assertEquals("1w", prices.barInterval("IBM", "1w"));
        assertNull(prices.barInterval("USDCHF", null), "no interval asked: the daily answer, refused with its intervals named");
    }
}
