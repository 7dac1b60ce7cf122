package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/** list_symbols' query is text to find in a ticker or name: "_" and "%" are characters, not SQL wildcards. */
class SymbolSearchTest {
    @TempSextant private Sextant engine;

    @Test
    void wildcardCharactersMatchOnlyThemselves() {
        assertEquals(List.of(), found("_"), "no sample ticker or name has an underscore");
        assertEquals(List.of(), found("I_M"));
        assertEquals(List.of(), found("M%T"));
        assertEquals(List.of("IBM"), found("bm"));
        assertEquals(List.of("MSFT", "MSFT.OHLCV"), found("sft"));
        assertEquals(List.of("USDCHF"), found("chf"), "a symbol with bars only is found the same way");
        assertEquals(List.of("AA"), found("alcoa"), "and by name");
    }

    @Test
    void anUnknownSymbolOfAListIsRefusedNamingTheList() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class, () -> engine.scanForecasts(
                new org.sextant.engine.forecast.ForecastScan.Request(List.of("IBM", "NOPE"), null, null, null, null, null, null, null, null)));
        assertEquals("not_found", e.failReason());
        assertEquals("symbols", e.field(), "the argument the agent sent");
    }

    private List<String> found(String query) {
        List<String> out = new ArrayList<>();
        engine.listSymbols(query).forEach(s -> out.add(s.symbol()));
        engine.listBarsOnlySymbols(query).forEach(s -> out.add(s.symbol()));
        return out;
    }
}
