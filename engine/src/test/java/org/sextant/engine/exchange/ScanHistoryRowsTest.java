package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.ScanFitBudget;
import org.sextant.engine.forecast.ScanReplay;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 28 F2: the replay's budget priced every fit by the history_rows the job's output claims, while the fits run on the
 * store's closes; claiming 1 close made all of them fit "within" a budget of one. The claim is now checked against the store.
 */
class ScanHistoryRowsTest {
    @Test
    void aForecastClaimingOneCloseIsRefusedBeforeAnyFit(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.dowSymbols(store, 4, 600);
        PriceRepository prices = new PriceRepository(store);
        ForecastService forecasts = new ForecastService(store, prices, tmp.resolve("models"));
        List<Map<String, Object>> claimed = new ArrayList<>();
        for (Map<String, Object> row : ScanOutputs.genuine(prices, "arima", 20, "conformal")) {
            Map<String, Object> out = ScanOutputs.holding(row, withHistory(row, 1), true);
            out.put("history_rows", 1);
            claimed.add(out);
        }
        ScanReplay oneFit = new ScanReplay(ScanFitBudget.of(1, 600, "arima", 20), 1, new java.util.Random(4));
        Path folder = ScanOutputs.write(tmp.resolve("claimed"), claimed);
        SextantException e = assertThrows(SextantException.class, () -> forecasts.importScanJob(folder, oneFit),
                "imported: every forecast fitted again against a budget of one fit");
        assertTrue(e.getMessage().contains("column forecast_json says history_rows 1 ") && e.getMessage().contains("symbol ") && e.getMessage().contains("closes here"), e.getMessage());
        assertTrue(e.fix().contains("re-run the job"), e.fix());
        assertEquals(0, ForecastScanTamperTest.storedForecasts(store));
    }

    private static StoredForecast withHistory(Map<String, Object> row, int rows) {
        StoredForecast f = ForecastScanRows.forecast((String) row.get("forecast_json"));
        return new StoredForecast(f.symbol(), f.model(), f.kind(), f.calibration(), f.origin(), f.horizon(), f.lastClose(), rows,
                f.targetDates(), f.forecast(), f.coverage(), f.closesDigest());
    }
}
