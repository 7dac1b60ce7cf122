package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** A page of list_symbols reads its own rows from the store, not every symbol's to cut them after (300,000 were 1.2 GB of heap). */
class SymbolPageReadsTest {
    private static final int SYMBOLS = 3_000;
    @TempSextant private Store store;
    private PriceRepository prices;

    @BeforeEach
    void manySymbols() {
        ManySymbols.insert(store, "Z", 6, SYMBOLS, true, 4, "Z000001X", "Z002000X");
        prices = new PriceRepository(store);
    }

    @Test
    void aPageReadsOnlyItsRows() {
        long before = prices.symbolsRead();
        SymbolPage page = prices.symbolPage("z", 1_000, 50);
        assertEquals(50, prices.symbolsRead() - before, "50 rows read of " + SYMBOLS + " symbols");
        assertEquals(50, page.symbols().size());
        assertEquals(SYMBOLS + 2, page.count());
        assertEquals(50, page.intervals().size(), "the page's intervals only");
    }

    @Test
    void aPageWithABarsOnlySymbolReadsOnlyItsRowsToo() {
        long before = prices.symbolsRead();
        SymbolPage page = prices.symbolPage(null, 0, 3);
        assertEquals(3, prices.symbolsRead() - before);
        assertEquals("Z000001X", page.symbols().get(2).symbol());
        assertEquals(java.util.List.of("30m"), page.intervals().get("Z000001X"));
    }
}
