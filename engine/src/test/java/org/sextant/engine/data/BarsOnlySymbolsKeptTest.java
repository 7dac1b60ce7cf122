package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.Bounds;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;
import org.sextant.engine.testing.TempSextant;

/**
 * list_symbols keeps the store's bars-only symbols per data version instead of scanning every bar twice a call (attack 30 F5):
 * what it lists is what the scan listed, and the next call after a write of prices or bars sees the write; a write of
 * results only (a research run) keeps it.
 */
class BarsOnlySymbolsKeptTest {
    @TempDir Path dir;

    @Test
    void anImportOfBarsForANewSymbolAndItsDeletionAreSeenByTheNextListSymbols() throws Exception {
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            SymbolPage before = engine.listSymbols(null, 0, Bounds.MAX_SYMBOL_LIST);
            assertFalse(symbols(before).contains("QBARS"));

            engine.importPrices(List.of(halfHours("QBARS", 12)));
            SymbolPage imported = engine.listSymbols(null, 0, Bounds.MAX_SYMBOL_LIST);
            assertEquals(before.count() + 1, imported.count(), "counted at once");
            SymbolInfo row = imported.symbols().stream().filter(s -> s.symbol().equals("QBARS")).findFirst().orElseThrow();
            assertEquals(12, row.rows(), "with its bars");
            assertEquals(List.of("30m"), imported.intervals().get("QBARS"));
            assertEquals(List.of("QBARS"), symbols(engine.listSymbols("qbar", 0, 10)), "and found by a search");
            SextantException typo = assertThrows(SextantException.class, () -> engine.describeSymbol("QBARZ", SymbolDescription.of("x", null, null)));
            assertTrue(typo.fix().contains("QBARS"), "an unknown symbol's suggestions know it too: " + typo.fix());

            engine.deletePrices("QBARS", null);
            SymbolPage deleted = engine.listSymbols(null, 0, Bounds.MAX_SYMBOL_LIST);
            assertEquals(symbols(before), symbols(deleted), "its deletion is seen by the next call");
            assertEquals(before.count(), deleted.count());
            assertEquals(0, engine.listSymbols("qbar", 0, 10).count());
        }
    }

    /** A research run stores its results beside the prices: the next list_symbols answers the same without reading the bars again. */
    @Test
    void aResearchRunsWriteKeepsTheListing() throws Exception {
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            BarReader reader = new BarReader(engine.store());
            PriceRepository prices = new PriceRepository(engine.store(), reader);
            SymbolPage before = prices.symbolPage(null, 0, Bounds.MAX_SYMBOL_LIST);
            assertTrue(before.intervals().containsValue(List.of("30m")), "the sample has a bars-only symbol: " + before.intervals());
            long commits = engine.store().commits();
            engine.backtest(new StrategyRunRequest("listing", """
                    {"version": 1, "name": "hold USD/CHF", "nodes": {
                      "close": {"type": "price"},
                      "long": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": 1000, "exit_above": 1000}},
                      "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}, "params": {"fraction": [0.5, 1]}},
                      "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                      "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                    """, List.of("USDCHF"), java.time.LocalDate.of(2000, 4, 3), java.time.LocalDate.of(2001, 3, 30), java.time.LocalDate.of(2000, 12, 1), 1, null, "1d"));
            assertTrue(engine.store().commits() > commits, "the run was stored");
            assertEquals(before, prices.symbolPage(null, 0, Bounds.MAX_SYMBOL_LIST), "listed as before");
            assertEquals(1, reader.barsOnlyScans(), "the run's write kept the bars-only symbols: the bars were not read again");

            engine.importPrices(List.of(halfHours("QBARS", 3)));
            SymbolPage imported = prices.symbolPage(null, 0, Bounds.MAX_SYMBOL_LIST);
            assertEquals(before.count() + 1, imported.count(), "an import is seen at once");
            assertEquals(new PriceRepository(engine.store(), new BarReader(engine.store(), BarReader.CACHE_ENTRIES, true, 0))
                    .symbolPage(null, 0, Bounds.MAX_SYMBOL_LIST), imported, "as a read of every bar lists it");
            assertEquals(1, reader.barsOnlyScans(), "an import names its symbols: only QBARS was read, not every bar");
        }
    }

    /** The bars are read for the bars-only symbols once per data version, however many pages, searches and typos are answered. */
    @Test
    void theBarsAreReadOncePerDataVersion(@TempSextant Store store) {
        ManySymbols.insert(store, "Z", 3, 200, true, 4, "Z050X", "Z120X");
        BarReader reader = new BarReader(store);
        PriceRepository prices = new PriceRepository(store, reader);
        prices.symbolPage(null, 0, 50);
        prices.symbolPage("z", 40, 20);
        prices.barsOnlySymbols("x");
        prices.unknownSymbol("Z05OX");
        assertEquals(1, reader.barsOnlyScans(), "four answers, one read of the bars");

        write(store, "INSERT INTO bars VALUES ('Z077X', '30m', TIMESTAMP '2024-03-04 14:30', NULL, NULL, NULL, 10, NULL, 'test')");
        assertEquals(203, prices.symbolPage(null, 0, 1).count());
        prices.symbolPage(null, 100, 50);
        assertEquals(2, reader.barsOnlyScans(), "a write: read once more");
    }

    /**
     * A write that names the symbols it changes (an import, a deletion, a session set) has only theirs read again: the pages
     * after bars added to one bars-only symbol, a new one, another's bars deleted, daily prices given to a fourth and a daily
     * symbol's row changed are those of a read of every bar, with no second read of every bar.
     */
    @Test
    void aWriteOfSomeSymbolsReadsOnlyThemAgain(@TempSextant Store store) {
        ManySymbols.insert(store, "Z", 3, 200, true, 4, "Z050X", "Z120X", "ZZZ", "Z199X");
        BarReader reader = new BarReader(store);
        PriceRepository kept = new PriceRepository(store, reader);
        assertEquals(204, kept.symbolPage(null, 0, 1).count());
        named(store, List.of("Z050X", "Z077X"), "INSERT INTO bars VALUES ('Z077X', '5m', TIMESTAMP '2024-03-04 14:30', NULL, NULL, NULL, 10, NULL, 'test'), "
                + "('Z050X', '5m', TIMESTAMP '2024-03-01 14:30', NULL, NULL, NULL, 10, NULL, 'test')");
        named(store, List.of("Z120X"), "DELETE FROM bars WHERE symbol = 'Z120X'");
        named(store, List.of("ZZZ"), "INSERT INTO symbols (symbol, first_date, last_date, rows, source) VALUES ('ZZZ', DATE '2024-01-02', DATE '2024-01-02', 1, 'test')");
        named(store, List.of("ZZZ"), "INSERT INTO prices VALUES ('ZZZ', DATE '2024-01-02', NULL, NULL, NULL, 10, NULL, NULL, 'test')");
        named(store, List.of("Z000"), "UPDATE symbols SET last_date = DATE '2024-01-04', rows = 3 WHERE symbol = 'Z000'");
        PriceRepository scanned = new PriceRepository(store, new BarReader(store, BarReader.CACHE_ENTRIES, true, 0));
        for (String query : new String[] {null, "x", "zzz"}) {
            for (int offset : new int[] {0, 48, 195}) {
                assertEquals(scanned.symbolPage(query, offset, Bounds.MAX_SYMBOL_LIST), kept.symbolPage(query, offset, Bounds.MAX_SYMBOL_LIST), query + " " + offset);
            }
            assertEquals(scanned.barsOnlySymbols(query), kept.barsOnlySymbols(query), query);
        }
        assertEquals(List.of("5m", "30m"), kept.symbolPage("z050x", 0, 1).intervals().get("Z050X"), "its new interval listed");
        assertEquals(List.of("30m", "1d"), kept.symbolPage("zzz", 0, 1).intervals().get("ZZZ"), "daily prices beside its bars");
        assertEquals(1, reader.barsOnlyScans(), "five writes, no second read of every bar");

        write(store, "DELETE FROM bars WHERE symbol = 'Z199X'"); // names nothing: any symbol may have changed
        assertEquals(scanned.symbolPage(null, 0, Bounds.MAX_SYMBOL_LIST), kept.symbolPage(null, 0, Bounds.MAX_SYMBOL_LIST));
        assertEquals(2, reader.barsOnlyScans(), "a write that names nothing: every bar read again");
    }

    /**
     * Kept, or past the bound (read from the bars on every call, as before they were kept), the pages, counts, searches and
     * suggestions are those of the scan: daily and bars-only symbols interleaved in one symbol order, found by ticker or name.
     */
    @Test
    void keptListingsAreTheScannedOnes(@TempSextant Store store) {
        ManySymbols.insert(store, "Z", 3, 200, true, 4, "Z050X", "Z120X", "A0", "ZZZ", "Z199X");
        write(store, "INSERT INTO bars_only_names (symbol, name) VALUES ('Z120X', 'Fifty bars'), ('ZZZ', 'Sleepy')");
        write(store, "UPDATE symbols SET name = 'Fifty daily' WHERE symbol = 'Z050'");
        // named while it had bars only, then given daily prices: listed with that name
        write(store, "INSERT INTO bars_only_names (symbol, name, exchange) VALUES ('Z051', 'Fifty-one', 'XFIF')");
        PriceRepository scanned = new PriceRepository(store, new BarReader(store, BarReader.CACHE_ENTRIES, true, 0));
        PriceRepository kept = new PriceRepository(store);
        PriceRepository pastTheBound = new PriceRepository(store, new BarReader(store, BarReader.CACHE_ENTRIES, true, 4));
        assertEquals(205, scanned.symbolPage(null, 0, 1).count());
        for (String query : new String[] {null, "Z05", "x", "fifty", "sleepy"}) {
            for (int offset : new int[] {0, 51, 204, 400}) {
                for (int limit : new int[] {3, Bounds.MAX_SYMBOL_LIST}) {
                    SymbolPage page = scanned.symbolPage(query, offset, limit);
                    assertEquals(wholeListing(scanned, query, offset, limit), page, query + " " + offset + " " + limit + " as the whole listing cut");
                    assertEquals(page, kept.symbolPage(query, offset, limit), query + " " + offset + " " + limit);
                    assertEquals(page, pastTheBound.symbolPage(query, offset, limit), query + " " + offset + " " + limit + " past the bound");
                }
            }
            assertEquals(scanned.barsOnlySymbols(query), kept.barsOnlySymbols(query), query);
            assertEquals(scanned.barsOnlySymbols(query), pastTheBound.barsOnlySymbols(query), query + " past the bound");
        }
        for (String typo : List.of("Z05OX", "SLEEPY", "A1")) {
            assertEquals(scanned.unknownSymbol(typo).fix(), kept.unknownSymbol(typo).fix(), typo);
            assertEquals(scanned.unknownSymbol(typo).fix(), pastTheBound.unknownSymbol(typo).fix(), typo + " past the bound");
        }
        assertEquals(List.of("Z050", "Z050X", "Z051"), symbols(kept.symbolPage(null, 51, 3)), "a bars-only symbol between two daily ones");
        assertEquals("Fifty-one", kept.symbolPage("fifty-one", 0, 3).symbols().get(0).name(), "a daily symbol's name given while it had bars only");
    }

    /**
     * The page as list_symbols read it before it was one query: every matching symbol with daily prices and every bars-only one
     * counted from the bars, in symbol order, cut to the page, each with its stored intervals.
     */
    private static SymbolPage wholeListing(PriceRepository scanned, String query, int offset, int limit) {
        List<SymbolInfo> all = new java.util.ArrayList<>(scanned.symbols(query));
        all.addAll(scanned.barsOnlySymbols(query));
        all.sort(java.util.Comparator.comparing(SymbolInfo::symbol));
        List<SymbolInfo> page = all.subList(Math.min(offset, all.size()), Math.min(offset + limit, all.size()));
        java.util.Map<String, List<String>> intervals = new java.util.TreeMap<>();
        for (SymbolInfo s : page) intervals.put(s.symbol(), scanned.storedIntervals().getOrDefault(s.symbol(), List.of()));
        return new SymbolPage(List.copyOf(page), intervals, all.size(), offset, limit);
    }

    private Path halfHours(String symbol, int bars) throws Exception {
        return halfHours(dir, symbol, bars);
    }

    /** A CSV in {@code dir} of {@code bars} half-hour bars of {@code symbol} from 2024-03-04 14:30 UTC. */
    static Path halfHours(Path dir, String symbol, int bars) throws Exception {
        StringBuilder csv = new StringBuilder("time,symbol,open,high,low,close,volume\n");
        java.time.LocalDateTime t = java.time.LocalDateTime.of(2024, 3, 4, 14, 30);
        for (int i = 0; i < bars; i++, t = t.plusMinutes(30)) {
            csv.append(t).append("Z,").append(symbol).append(",10,10.5,9.75,").append(10 + i * 0.03125).append(',').append(1000 + i).append('\n');
        }
        return Files.writeString(dir.resolve(symbol.toLowerCase() + ".csv"), csv);
    }

    private static List<String> symbols(SymbolPage page) {
        return page.symbols().stream().map(SymbolInfo::symbol).toList();
    }

    /** {@code sql} written as a write that says it changes {@code symbols} alone. */
    private static void named(Store store, List<String> symbols, String sql) {
        store.inTransaction(c -> {
            store.changesOnly(symbols);
            try (Statement s = c.createStatement()) {
                return s.executeUpdate(sql);
            }
        });
    }

    private static void write(Store store, String sql) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate(sql);
            }
        });
    }
}
