package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
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
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scan job's output altered after the job (attack 23 H2): a forecast's bands raised, its row's reward/risk changed, or
 * both changed consistently, is refused as a whole, naming the part file, the symbol and the column, and nothing is
 * stored; the genuine output imports with every forecast fitted again.
 */
class ForecastScanTamperTest {
    private static final String MODEL = "drift", CALIBRATION = "conformal";
    private static final int HORIZON = 20;

    @Test
    void alteredBandsOrRowsAreRefusedAndTheGenuineOutputImportsReplayed(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.dowSymbols(store, 2, 600);
        PriceRepository prices = new PriceRepository(store);
        ForecastService forecasts = new ForecastService(store, prices, tmp.resolve("models"));
        ScaleOutExchange exchange = new ScaleOutExchange(store, forecasts, null, () -> {});
        List<Map<String, Object>> genuine = ScanOutputs.genuine(prices, MODEL, HORIZON, CALIBRATION);
        Map<String, Object> first = genuine.get(0);
        String symbol = (String) first.get("symbol");

        // the bands raised, the row as the job wrote it: the row is not the forecast's
        refused(exchange, store, write(tmp, "bands", genuine, ScanOutputs.holding(first, ScanOutputs.raised(first, 100), false)), symbol,
                "column row_json has reward_risk_80 other than its forecast_json gives");
        // the row's ratio changed, the forecast as the job wrote it
        ObjectNode row = (ObjectNode) Json.MAPPER.readTree((String) first.get("row_json"));
        row.put("reward_risk_80", 18.98);
        Map<String, Object> ratio = new java.util.LinkedHashMap<>(first);
        ratio.put("row_json", Json.MAPPER.writeValueAsString(row));
        refused(exchange, store, write(tmp, "ratio", genuine, ratio), symbol, "column row_json has reward_risk_80 other than");
        // a key of the file's own is not echoed
        row = (ObjectNode) Json.MAPPER.readTree((String) first.get("row_json"));
        row.put("\u001b[2Jnote", 1);
        ratio.put("row_json", Json.MAPPER.writeValueAsString(row));
        SextantException e = refused(exchange, store, write(tmp, "key", genuine, ratio), symbol, "column row_json has a key a scan row does not have");
        assertFalse(e.getMessage().contains("note"), e.getMessage());
        // both altered alike: only fitting it again tells
        refused(exchange, store, write(tmp, "both", genuine, ScanOutputs.holding(first, ScanOutputs.raised(first, 100), true)), symbol,
                "column forecast_json is not the forecast model drift makes of the store's closes up to");

        JobImport ok = exchange.importJob(ScanOutputs.write(tmp.resolve("genuine"), genuine), null);
        assertEquals(2, ok.imported().size(), String.valueOf(ok.failed()));
        assertEquals(2, ok.replayed());
        assertEquals(2, storedForecasts(store));
    }

    @Test
    void overItsBudgetTheReplayFitsTheBestRankedForecastsAndCatchesOneAlteredToRankFirst(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.dowSymbols(store, 3, 600);
        PriceRepository prices = new PriceRepository(store);
        ForecastService forecasts = new ForecastService(store, prices, tmp.resolve("models"));
        List<Map<String, Object>> genuine = ScanOutputs.genuine(prices, MODEL, HORIZON, CALIBRATION);
        Map<String, Object> last = genuine.get(2);
        Path folder = write(tmp, "both", genuine, ScanOutputs.holding(last, ScanOutputs.raised(last, 1000), true));
        ScanReplay bestOnly = new ScanReplay(ScanFitBudget.of(1, 600, MODEL, HORIZON), 1, null); // a budget of one fit: the files' best at 80% only
        SextantException e = assertThrows(SextantException.class, () -> forecasts.importScanJob(folder, bestOnly));
        assertTrue(e.getMessage().contains("symbol " + last.get("symbol") + ": column forecast_json is not the forecast"), e.getMessage());
        assertEquals(0, storedForecasts(store));
        ForecastService.ScanJobImport ok = forecasts.importScanJob(ScanOutputs.write(tmp.resolve("genuine"), genuine), bestOnly);
        assertTrue(ok.replayed() >= 1 && ok.replayed() <= 3, String.valueOf(ok.replayed()));
        assertEquals(3, storedForecasts(store));
    }

    private static Path write(Path tmp, String name, List<Map<String, Object>> genuine, Map<String, Object> altered) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>(genuine);
        for (int i = 0; i < rows.size(); i++) if (rows.get(i).get("symbol").equals(altered.get("symbol"))) rows.set(i, altered);
        return ScanOutputs.write(tmp.resolve(name), rows);
    }

    private static SextantException refused(ScaleOutExchange exchange, Store store, Path folder, String symbol, String says) {
        SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, null), says);
        assertEquals("output", e.field());
        assertTrue(e.getMessage().contains("part-00000.parquet") && e.getMessage().contains("symbol " + symbol + ": " + says), e.getMessage());
        assertTrue(e.fix().contains("re-run the job"), e.fix());
        assertEquals(0, storedForecasts(store), "nothing stored: " + says);
        return e;
    }

    static long storedForecasts(Store store) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM forecasts")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
