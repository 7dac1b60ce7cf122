package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Naming one symbol reads that symbol's row only, not every symbol of the store to pick it from (a store of 20,000 symbols listed
 * them all on each naming), and every read of a description shows it alike: list_symbols, the bars-only listing and naming.
 */
class DescribeReadsTest {
    private static final int SYMBOLS = 5_000;
    @TempSextant private Store store;
    private PriceRepository prices;

    @BeforeEach
    void manySymbols() {
        ManySymbols.insert(store, "S", 5, SYMBOLS, false, 12, "BARA", "BARB", "BARC"); // three with 30-minute bars and no daily prices
        prices = new PriceRepository(store);
    }

    @Test
    void describingASymbolWithDailyPricesReadsOnlyItsRow() {
        long before = prices.symbolsRead();
        SymbolInfo named = prices.describe("s04242", SymbolDescription.of("Acme Rockets Inc.", "usd", "NASDAQ"));
        assertEquals(1, prices.symbolsRead() - before, "one row read of " + SYMBOLS + " symbols");
        assertEquals(prices.symbols("S04242"), List.of(named), "the row list_symbols lists");
    }

    @Test
    void describingASymbolWithBarsOnlyReadsOnlyItsRow() {
        long before = prices.symbolsRead();
        SymbolInfo named = prices.describe("BARB", SymbolDescription.of("Bar B", "chf", null));
        assertEquals(1, prices.symbolsRead() - before, "one row read of " + SYMBOLS + " symbols and 3 with bars only");
        assertEquals(prices.barsOnlySymbols("BARB"), List.of(named), "the row the bars-only listing lists");
        assertEquals(List.of("BARB", "Bar B", "CHF", 12L), List.of(named.symbol(), named.name(), named.currency(), named.rows()));
    }

    @Test
    void aBarsOnlyNameStoredWithADirectionOverrideIsShownEscapedAsListSymbolsShowsOne() {
        // as stored before naming refused invisible characters: the record's constructor checks nothing
        prices.describe("BARC", new SymbolDescription("Apple \u202eInc", null, "NAS\u2066DAQ"));
        SymbolInfo listed = prices.barsOnlySymbols("BARC").get(0);
        assertEquals(List.of("Apple \\u202eInc", "NAS\\u2066DAQ"), List.of(listed.name(), listed.exchange()));
        prices.describe("S00007", new SymbolDescription("Apple \u202eInc", null, "NAS\u2066DAQ"));
        SymbolInfo daily = prices.symbols("S00007").get(0);
        assertEquals(List.of(listed.name(), listed.exchange()), List.of(daily.name(), daily.exchange()), "both listings show it alike");
    }

    /**
     * An unknown symbol's suggestions read at most {@link SymbolSuggestions#MOST_CANDIDATES} stored rows, not every symbol of the
     * store (300,000 were read per typo), and suggest what scoring every stored symbol suggests.
     */
    @Test
    void anUnknownSymbolsSuggestionsReadAFewRowsAndSuggestWhatAllWouldSuggest() {
        prices.describe("S01234", SymbolDescription.of("Acme Rockets Inc.", null, null));
        List<SymbolInfo> every = new java.util.ArrayList<>(prices.symbols(null));
        every.addAll(prices.barsOnlySymbols(null));
        for (String asked : new String[] {"S0123X", "S01243", "s4", "BARX", "ROCKET", "S01234.US", "ZZZZZZZZ"}) {
            long before = prices.symbolsRead();
            String fix = prices.unknownSymbol(asked).fix();
            long read = prices.symbolsRead() - before;
            org.junit.jupiter.api.Assertions.assertTrue(read <= SymbolSuggestions.MOST_CANDIDATES, asked + ": " + read + " rows read of " + SYMBOLS + " symbols");
            List<String> near = SymbolSuggestions.near(asked, every);
            assertEquals(near.isEmpty() ? "call list_symbols for the symbols in the store, or import/gather it first"
                    : "did you mean one of " + near + "? list_symbols shows all", fix, asked);
        }
    }
}
