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
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;
import org.sextant.engine.testing.TempSextant;

/**
 * list_symbols keeps the store's bars-only symbols per data version instead of scanning every bar twice a call (attack 30 F5):
 * what it lists is what the scan listed, and the next call after any write sees the write.
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
     * Kept, or past the bound (read from the bars on every call, as before they were kept), the pages, counts, searches and
     * suggestions are those of the scan: daily and bars-only symbols interleaved in one symbol order, found by ticker or name.
     */
    @Test
    void keptListingsAreTheScannedOnes(@TempSextant Store store) {
        ManySymbols.insert(store, "Z", 3, 200, true, 4, "Z050X", "Z120X", "A0", "ZZZ", "Z199X");
        write(store, "INSERT INTO bars_only_names (symbol, name) VALUES ('Z120X', 'Fifty bars'), ('ZZZ', 'Sleepy')");
        write(store, "UPDATE symbols SET name = 'Fifty daily' WHERE symbol = 'Z050'");
        PriceRepository scanned = new PriceRepository(store, new BarReader(store, BarReader.CACHE_ENTRIES, true, 0));
        PriceRepository kept = new PriceRepository(store);
        PriceRepository pastTheBound = new PriceRepository(store, new BarReader(store, BarReader.CACHE_ENTRIES, true, 4));
        assertEquals(205, scanned.symbolPage(null, 0, 1).count());
        for (String query : new String[] {null, "Z05", "x", "fifty", "sleepy"}) {
            for (int offset : new int[] {0, 51, 204, 400}) {
                for (int limit : new int[] {3, Bounds.MAX_SYMBOL_LIST}) {
                    SymbolPage page = scanned.symbolPage(query, offset, limit);
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
    }

    private Path halfHours(String symbol, int bars) throws Exception {
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

    private static void write(Store store, String sql) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate(sql);
            }
        });
    }
}
