package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.Bounds;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;
import org.sextant.engine.testing.TempSextant;

/**
 * The store's summary (health, state.json, the window's status bar) counts the bars of other intervals and the symbols that
 * have only those: a user who imported intraday bars alone was told the store is empty.
 */
class StoreSummaryTest {
    @TempDir Path dir;

    @Test
    void barsOnlySymbolsAndTheirBarsAreCountedBesideTheDailyPrices() throws Exception {
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            DataSummary sample = engine.dataSummary();
            SymbolPage listed = engine.listSymbols(null, 0, Bounds.MAX_SYMBOL_LIST);
            assertEquals(listed.count(), sample.symbols() + sample.barsOnlySymbols(), "every symbol list_symbols lists is counted once");
            assertEquals(1, sample.barsOnlySymbols(), "the sample's USDCHF has 30-minute bars only");
            long usdchf = listed.symbols().stream().filter(s -> s.symbol().equals("USDCHF")).findFirst().orElseThrow().rows();
            assertEquals(usdchf, sample.barRows(), "its bars are the sample's only non-daily bars");

            engine.importPrices(List.of(BarsOnlySymbolsKeptTest.halfHours(dir, "QBARS", 12)));
            DataSummary imported = engine.dataSummary();
            assertEquals(2, imported.barsOnlySymbols());
            assertEquals(usdchf + 12, imported.barRows());
            assertEquals(sample.priceRows(), imported.priceRows(), "daily prices untouched");
        }
    }

    @Test
    void aStoreOfIntradayBarsAloneIsNotEmpty(@TempSextant Store empty) {
        PriceRepository prices = new PriceRepository(empty, new BarReader(empty));
        assertTrue(prices.summary().empty());
        empty.inTransaction(c -> {
            empty.changesOnly(List.of("QBARS"));
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO bars SELECT 'QBARS', '30m', TIMESTAMP '2024-03-04 14:30' + i * INTERVAL 30 MINUTE, "
                        + "10, 10.5, 9.75, 10, 1000, 'test' FROM range(12) t(i)");
            }
        });
        DataSummary barsAlone = prices.summary();
        assertEquals(new DataSummary(0, 0, null, null, 1, 12), barsAlone);
        assertFalse(barsAlone.empty(), "a store of intraday bars alone is not empty");
    }
}
