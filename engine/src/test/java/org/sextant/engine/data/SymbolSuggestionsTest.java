package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** "did you mean …" offers what an unknown symbol was probably meant to be, and nothing that merely shares two letters. */
class SymbolSuggestionsTest {
    private static SymbolInfo s(String symbol, String name) {
        return new SymbolInfo(symbol, name, null, null, null, null, 0, null);
    }

    private static final List<SymbolInfo> STORED = List.of(s("AA", "Alcoa"), s("IBM", "IBM"), s("KO", "Coca-Cola"),
            s("MSFT.OHLCV", "Microsoft OHLCV"), s("MSFT.US", "Microsoft"), s("NYSE", "NYSE composite"), s("UTX", "United Technologies"));

    @Test
    void aTypoASuffixAndANameAreNear() {
        assertEquals(List.of("IBM"), SymbolSuggestions.near("IMB", STORED), "two letters swapped");
        assertEquals(List.of("IBM"), SymbolSuggestions.near("ibn", STORED), "one letter wrong, any case");
        assertEquals(List.of("MSFT.OHLCV", "MSFT.US"), SymbolSuggestions.near("MSFT", STORED), "the stem of suffixed tickers");
        assertEquals(List.of("KO"), SymbolSuggestions.near("COCA", STORED), "a name that holds it");
    }

    @Test
    void twoSharedLettersAreNoResemblance() {
        assertEquals(List.of(), SymbolSuggestions.near("NOPE", STORED), "UTX's name holds 'no'; NYSE shares N and E");
        assertEquals(List.of(), SymbolSuggestions.near("ZZZZZZ", STORED));
    }

    @Test
    void distanceCountsASwapOfNeighboursAsOne() {
        assertEquals(1, org.sextant.contract.NearNames.distance("IMB", "IBM"));
        assertEquals(2, org.sextant.contract.NearNames.distance("NOPE", "NYSE"));
        assertEquals(4, org.sextant.contract.NearNames.distance("", "NOPE"));
    }
}
