package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.ScanFitBudget;
import org.sextant.engine.forecast.ScanReplay;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Last session's leftover: a scan import fitted again its ranked picks (up to 45) and 20 drawn whatever the budget; only
 * the top-up stopped at it. Now the whole sample stops at the first fit past the budget, and the answer says what it left.
 */
class ScanReplayBudgetTest {
    @Test
    void aBudgetOfTwoFitsFitsTwoAndSaysSo(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.dowSymbols(store, 12, 600);
        PriceRepository prices = new PriceRepository(store);
        ForecastService forecasts = new ForecastService(store, prices, tmp.resolve("models"));
        List<Map<String, Object>> genuine = ScanOutputs.genuine(prices, "drift", 20, "conformal");
        double budget = ScanFitBudget.of(2, 600, "drift", 20);
        ScanReplay twoFits = new ScanReplay(budget, 1, new java.util.Random(4));
        ForecastService.ScanJobImport ok = forecasts.importScanJob(ScanOutputs.write(tmp.resolve("genuine"), genuine), twoFits);
        assertEquals(12, ok.imported().size(), String.valueOf(ok.failed()));
        assertEquals(2, ok.replayed());
        assertEquals(12, ok.replayedOf());
        String budgetText = String.format(java.util.Locale.ROOT, "%.2g", budget); // two fits of drift: well under a second
        assertTrue(ok.unfitted().matches("the " + java.util.regex.Pattern.quote(budgetText) + " s budget fitted again 2 of the [3-9] forecasts ranked first"
                + " \\(by reward/risk as the files and as the store's closes rank them\\) and 0 of the ([3-9]|1[01]) others, drawn at random: each other"
                + " had a 0% chance"), ok.unfitted());
        assertEquals(12, ForecastScanTamperTest.storedForecasts(store));
    }
}
