package org.sextant.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.SymbolDescription;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.SampleStoreCopy;

/** Naming an imported symbol: list_symbols shows and searches the name, and a re-import keeps it. */
class SymbolDescriptionTest {
    @TempDir Path dir;

    @Test
    void aNamedSymbolIsListedAndFoundByNameAndKeepsItsNameThroughAReimport() throws Exception {
        Path csv = dir.resolve("acme.csv");
        Files.writeString(csv, "Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,10,11,9,10.5,10.5,100\n2024-01-03,10.5,12,10,11.5,11.5,120\n");
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            engine.importPrices(List.of(csv));
            String symbol = "ACME"; // from the file's name
            assertNull(acme(engine).name());
            AtomicInteger changes = new AtomicInteger();
            engine.onDataChanged(changes::incrementAndGet);

            SymbolInfo named = engine.describeSymbol(symbol.toLowerCase(), SymbolDescription.of("  Acme Rockets Inc. ", "usd", "NASDAQ"));
            assertEquals("Acme Rockets Inc.", named.name());
            assertEquals("USD", named.currency());
            assertEquals("NASDAQ", named.exchange());
            assertEquals(1, changes.get(), "the views learn of the new name");
            assertEquals(List.of(symbol), engine.listSymbols("rockets").stream().map(SymbolInfo::symbol).toList());

            Files.writeString(csv, "2024-01-04,11,12,10,11,11,90\n", java.nio.file.StandardOpenOption.APPEND);
            engine.importPrices(List.of(csv));
            SymbolInfo after = acme(engine);
            assertEquals("Acme Rockets Inc.", after.name());
            assertEquals(3, after.rows());

            engine.describeSymbol(symbol, SymbolDescription.of("", " ", null));
            assertNull(acme(engine).name(), "an empty name clears it");

            SextantException unknown = assertThrows(SextantException.class, () -> engine.describeSymbol("NOPE", SymbolDescription.of("x", null, null)));
            assertEquals("symbol", unknown.field());
        }
    }

    @Test
    void aSymbolWithBarsOnlyIsNamedListedAndKeepsItsNameThroughItsDailyPrices() throws Exception {
        StringBuilder bars = new StringBuilder("time,symbol,open,high,low,close,volume\n");
        java.time.LocalDateTime t = java.time.LocalDateTime.of(2024, 3, 4, 14, 30);
        for (int i = 0; i < 12; i++, t = t.plusMinutes(30)) {
            bars.append(t).append("Z,BARX,").append(10 + i * 0.125).append(',').append(10.5 + i * 0.125).append(',')
                    .append(9.75 + i * 0.125).append(',').append(10.25 + i * 0.125).append(',').append(1000 + i).append('\n');
        }
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            engine.importPrices(List.of(Files.writeString(dir.resolve("barx.csv"), bars)));
            assertEquals(List.of("30m"), engine.storedIntervals("BARX"));

            SymbolInfo named = engine.describeSymbol(" barx", SymbolDescription.of("Bar X Swiss franc", "chf", "OTC"));
            assertEquals(List.of("BARX", "Bar X Swiss franc", "CHF", "OTC", 12L),
                    List.of(named.symbol(), named.name(), named.currency(), named.exchange(), named.rows()), "its row as list_symbols lists it");
            assertEquals(List.of("BARX"), engine.listBarsOnlySymbols("swiss").stream().map(SymbolInfo::symbol).toList(), "found by its name");

            Files.writeString(dir.resolve("BARX.csv"), "Date,Close\n2024-03-04,10.5\n2024-03-05,10.75\n");
            engine.importPrices(List.of(dir.resolve("BARX.csv")));
            SymbolInfo daily = engine.listSymbols("swiss").get(0);
            assertEquals(List.of("BARX", "Bar X Swiss franc", "CHF", 2L), List.of(daily.symbol(), daily.name(), daily.currency(), daily.rows()),
                    "its daily prices keep the name");
            engine.describeSymbol("BARX", SymbolDescription.of("Bar X", null, null));
            assertNull(engine.listSymbols("BARX").get(0).currency(), "a field cleared by hand stays cleared: the bars-only one does not show through");

            engine.deletePrices("BARX", "1d");
            assertEquals("Bar X", engine.listBarsOnlySymbols(null).get(0).name(), "the bars left keep the name");
            engine.deletePrices("BARX", null);
            SextantException none = assertThrows(SextantException.class, () -> engine.describeSymbol("BARX", SymbolDescription.of("Bar X", null, null)));
            assertEquals("not_found", none.failReason());
            assertEquals("symbol", none.field(), "a symbol with no prices at all is refused on symbol");
            assertTrue(none.fix().contains("import"), none.fix());
        }
    }

    private static SymbolInfo acme(Sextant engine) {
        return engine.listSymbols(null).stream().filter(i -> i.symbol().equals("ACME")).findFirst().orElseThrow();
    }

    @Test
    void badFieldsAreNamedWithTheirFix() {
        assertEquals("currency", assertThrows(SextantException.class, () -> SymbolDescription.of("x", "dollars", null)).field());
        assertEquals("currency", assertThrows(SextantException.class, () -> SymbolDescription.of("x", "U$D", null)).field());
        SextantException longName = assertThrows(SextantException.class, () -> SymbolDescription.of("x".repeat(121), null, null));
        assertEquals("name", longName.field());
        assertTrue(longName.fix().contains("shorten"));
        assertEquals("exchange", assertThrows(SextantException.class, () -> SymbolDescription.of(null, null, "NY\nSE")).field());
    }

    @Test
    void invisibleCharactersAreRefusedNamingTheFieldAndTheCharacter() {
        // attack 17 L4: a direction override showed "Apple Inc evil" reordered in the symbols table and list_symbols
        SextantException override = assertThrows(SextantException.class, () -> SymbolDescription.of("Apple \u202eInc\u202c evil", null, null));
        assertEquals("name", override.field());
        assertEquals("name contains U+202E, an invisible character (a direction override, a line or paragraph separator, a format character); "
                + "such characters are not allowed", override.getMessage());
        assertEquals("type it again without them, e.g. Microsoft Corporation", override.fix());
        for (String exchange : List.of("NAS\u2066DAQ", "NYSE\u2028Arca", "NY\u2029SE", "NAS\u200eDAQ", "NAS\u200bDAQ", "NAS\u00adDAQ", "NAS\ufeffDAQ")) {
            assertEquals("exchange", assertThrows(SextantException.class, () -> SymbolDescription.of(null, null, exchange), exchange).field(), exchange);
        }
        // the joiners spell words (Persian's non-joiner): a name keeps them
        assertEquals("\u0628\u0627\u0646\u06a9\u200c\u0647\u0627", SymbolDescription.of("\u0628\u0627\u0646\u06a9\u200c\u0647\u0627", null, null).name());
    }
}
