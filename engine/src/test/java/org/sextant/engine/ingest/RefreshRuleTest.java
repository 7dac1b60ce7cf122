package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.SampleStoreCopy;

/** A refresh re-downloads stored symbols only, every one by default, and never more than a gather may name. */
class RefreshRuleTest {
    @TempDir Path dir;

    @Test
    void aRefreshNamesStoredSymbolsOnlyAndAtMostAGathersWorth() throws Exception {
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            IngestService ingest = new IngestService(engine.store(), new org.sextant.engine.data.PriceRepository(engine.store()),
                    engine.home().settingsJson(), engine::settings);
            List<String> stored = engine.listSymbols(null).stream().map(SymbolInfo::symbol).toList();
            assertEquals(stored, ingest.refreshSymbols(null), "none named: every stored symbol");
            assertEquals(List.of("AA", "KO"), ingest.refreshSymbols(List.of("aa", " KO", "AA")), "canonical, once each");
            SextantException unknown = assertThrows(SextantException.class, () -> ingest.refreshSymbols(List.of("AA", "NOT.STORED")));
            assertEquals("symbols", unknown.field());
            assertTrue(unknown.getMessage().contains("NOT.STORED"), unknown.getMessage());

            StringBuilder csv = new StringBuilder("symbol,date,close\n");
            for (int i = stored.size(); i <= IngestService.MAX_GATHER_SYMBOLS; i++) csv.append("SYN").append(i).append(",2001-01-02,10\n");
            engine.importPrices(List.of(Files.writeString(dir.resolve("many.csv"), csv)));
            SextantException tooMany = assertThrows(SextantException.class, () -> engine.startRefresh(null, null));
            assertEquals("symbols", tooMany.field());
            assertTrue(tooMany.getMessage().contains((IngestService.MAX_GATHER_SYMBOLS + 1) + " symbols"), tooMany.getMessage());
            assertEquals(List.of("SYN40"), ingest.refreshSymbols(List.of("syn40")), "a named stored symbol is still refreshed");
        }
    }
}
