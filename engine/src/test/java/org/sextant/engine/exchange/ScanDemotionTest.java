package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.ScanFitBudget;
import org.sextant.engine.forecast.ScanReplay;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 25 H1: over its budget a scan import fitted again only the forecasts the files rank best (and a few drawn), so
 * the real winner with its bands lowered and its row made anew to match was imported unseen. The store's closes rank it
 * first whatever the files say, so it is fitted again and refused with no random draw at all; the genuine output imports.
 */
class ScanDemotionTest {
    @Test
    void theRealWinnerDemotedIsFittedAgainAndRefused(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.dowSymbols(store, 12, 600);
        PriceRepository prices = new PriceRepository(store);
        ForecastService forecasts = new ForecastService(store, prices, tmp.resolve("models"));
        List<Map<String, Object>> genuine = ScanOutputs.genuine(prices, "drift", 20, "conformal");
        Map<String, Object> winner = genuine.stream().max(Comparator.comparingDouble(ScanDemotionTest::ratio80)).orElseThrow();
        StoredForecast f = ForecastScanRows.forecast((String) winner.get("forecast_json"));
        int last = f.forecast().median().length - 1;
        double room = f.forecast().bands().stream().mapToDouble(b -> b.upper()[last] - f.forecast().median()[last]).min().orElseThrow();
        Map<String, Object> demoted = ScanOutputs.holding(winner, ScanOutputs.raised(winner, -0.9 * room), true);
        List<Map<String, Object>> rows = new ArrayList<>(genuine);
        rows.set(rows.indexOf(winner), demoted);
        assertTrue(rows.stream().filter(r -> ratio80(r) > ratio80(demoted)).count() >= 6, "the forge ranks the winner in the lower half");

        ScanReplay ranksOnly = new ScanReplay(ScanFitBudget.of(9, 600, "drift", 20), 1, null); // the ranked picks' budget and nothing drawn: only the ranks choose
        SextantException e = assertThrows(SextantException.class, () -> forecasts.importScanJob(ScanOutputs.write(tmp.resolve("demoted"), rows), ranksOnly));
        assertEquals("output", e.field());
        assertTrue(e.getMessage().contains("symbol " + winner.get("symbol") + ": column forecast_json is not the forecast"), e.getMessage());
        assertEquals(0, ForecastScanTamperTest.storedForecasts(store));

        ForecastService.ScanJobImport ok = forecasts.importScanJob(ScanOutputs.write(tmp.resolve("genuine"), genuine), ranksOnly);
        assertEquals(12, ok.imported().size(), String.valueOf(ok.failed()));
        assertTrue(ok.replayed() >= 1 && ok.replayed() <= 9, String.valueOf(ok.replayed()));
    }

    private static double ratio80(Map<String, Object> row) {
        var n = Json.MAPPER.readTree((String) row.get("row_json")).path("reward_risk_80");
        return n.isNumber() ? n.asDouble() : Double.NEGATIVE_INFINITY;
    }
}
