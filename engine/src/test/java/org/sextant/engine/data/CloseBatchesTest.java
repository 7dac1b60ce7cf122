package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** A scan's batched read of closes answers each symbol's series exactly as a read of that symbol alone does. */
class CloseBatchesTest {
    private static void assertSame(PriceSeries alone, PriceSeries batched) {
        assertEquals(alone.symbol(), batched.symbol());
        assertEquals(alone.from(), batched.from(), alone.symbol());
        assertEquals(alone.to(), batched.to(), alone.symbol());
        assertEquals(alone.dates(), batched.dates(), alone.symbol());
        assertArrayEquals(alone.close(), batched.close(), alone.symbol());
        assertArrayEquals(alone.adjClose(), batched.adjClose(), alone.symbol());
    }

    @Test
    void everySampleSymbolReadsAsItsOwnRead(@TempSextant Sextant engine) {
        PriceRepository prices = new PriceRepository(engine.store());
        List<String> symbols = prices.symbols(null).stream().map(SymbolInfo::symbol).toList();
        CloseBatches batches = new CloseBatches(engine.store(), 10_000); // a few symbols a query, one across a batch's bound
        long rows = 0;
        for (List<String> batch : batches.plan(symbols)) {
            CloseBatches.Batch read = batches.read(batch, () -> false);
            for (String s : batch) {
                PriceSeries alone = prices.closes(s, null, null);
                assertSame(alone, read.take(s));
                assertNull(read.take(s), "taken once");
                rows += alone.size();
            }
        }
        assertEquals(rows, batches.rowsRead());
    }

    @Test
    void rowsStoredOutOfDateOrderAndMissingAdjustedClosesReadAsAlone(@TempSextant Store store) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO prices (symbol, date, close, adj_close, source) VALUES ('ZZ', DATE '2001-01-03', 3, NULL, 't'), "
                        + "('YY', DATE '1960-05-02', 9, 8.5, 't'), ('ZZ', DATE '1959-12-31', 1, 0.5, 't'), ('ZZ', DATE '2001-01-02', 2, NULL, 't')");
                s.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) VALUES ('ZZ', DATE '1959-12-31', DATE '2001-01-03', 3, 't'), "
                        + "('YY', DATE '1960-05-02', DATE '1960-05-02', 1, 't'), ('XX', NULL, NULL, 0, 't')");
            }
            return null;
        });
        PriceRepository prices = new PriceRepository(store);
        CloseBatches batches = new CloseBatches(store);
        CloseBatches.Batch read = batches.read(List.of("XX", "YY", "ZZ"), () -> false);
        assertSame(prices.closes("ZZ", null, null), read.take("ZZ"));
        assertSame(prices.closes("YY", null, null), read.take("YY"));
        assertNull(read.take("XX"), "no rows: the scan reads it alone, whose answer names it");
        assertEquals(List.of(List.of("XX", "YY"), List.of("ZZ")), new CloseBatches(store, 3).plan(List.of("XX", "YY", "ZZ")));
    }

    /** A stop that turns true while the rows come in (after the query ran) ends the read there: the whole sample is 96,900 rows. */
    @Test
    void aReadStopsBetweenRowsWhenItsStopTurnsTrue(@TempSextant Sextant engine) {
        List<String> symbols = new PriceRepository(engine.store()).symbols(null).stream().map(SymbolInfo::symbol).toList();
        CloseBatches batches = new CloseBatches(engine.store());
        Thread reader = Thread.currentThread();
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        // false on the statement's poller and before the query; true at the reader's next look, among the rows
        assertThrows(CancellationException.class, () -> batches.read(symbols, () -> Thread.currentThread() == reader && asked.incrementAndGet() > 1));
        assertEquals(2, asked.get(), "looked at before the query and once among the rows");
        assertEquals(0, batches.rowsRead());
    }

    @Test
    void aReadWhoseStopIsAlreadyTrueReadsNothing(@TempSextant Sextant engine) {
        CloseBatches batches = new CloseBatches(engine.store());
        assertThrows(CancellationException.class, () -> batches.read(List.of("IBM"), () -> true));
        assertEquals(0, batches.queries());
    }
}
