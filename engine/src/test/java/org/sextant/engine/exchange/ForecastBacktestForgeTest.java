package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.BacktestCost;
import org.sextant.engine.forecast.BacktestReplay;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.core.type.TypeReference;

/**
 * Attack 24 H1: a forecast backtest job's output altered after the job, every shape check still holding, is refused by the
 * import (nothing stored), whether the import runs each backtest again whole (within its budget) or fits a sample of origins:
 * its figures rewritten (recounted here from its own forecasts and the store's closes), its origins thinned, or every
 * forecast made by another model with figures to match (fitted again here). The genuine output is still imported.
 */
class ForecastBacktestForgeTest {
    /** A budget of 5 naive fits on the row's 300 closes, far less than a whole run (12 origins calibrated): a sample of origins. */
    private static final BacktestReplay SAMPLE = new BacktestReplay(BacktestCost.costClass("naive").seconds(5, 5 * 300), 2, 3, new Random(7));

    @Test
    void aRewrittenVerdictIsRefusedWholeOrSampled(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ForecastService service = service(store, tmp);
        Map<String, Object> row = BacktestOutputs.row(store);
        WalkForwardBacktest.Result b = Json.MAPPER.readValue((String) row.get("result_json"), WalkForwardBacktest.Result.class);
        double[] tiny = new double[b.malePerStep().length];
        Arrays.fill(tiny, 0.001);
        // the attacker's forge: a 28x smaller error and coverage exactly at the nominal levels, the male column with it
        row.put("result_json", Json.MAPPER.writeValueAsString(new WalkForwardBacktest.Result(b.model(), b.origins(), 0.001, tiny, b.levels(),
                new double[] {0.8, 0.95, 0.99}, b.pinball(), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins())));
        row.put("male", 0.001);
        Path folder = BacktestOutputs.write(tmp.resolve("forged"), row);
        for (BacktestReplay replay : List.of(BacktestReplay.standard(), SAMPLE)) {
            refused(store, service, folder, replay, "result_json", "has a male that is not the one its forecasts and the store's closes give");
        }
    }

    @Test
    void originsLeftOutAreRefused(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ForecastService service = service(store, tmp);
        Map<String, Object> row = BacktestOutputs.row(store);
        List<StoredForecast> fs = Json.MAPPER.readValue((String) row.get("forecasts_json"), new TypeReference<List<StoredForecast>>() {});
        int worst = fs.get(fs.size() / 2).historyRows(); // its worst origin, say: every forecast from it left out, and one origin less counted
        row.put("forecasts_json", Json.MAPPER.writeValueAsString(fs.stream().filter(f -> f.historyRows() != worst).toList()));
        WalkForwardBacktest.Result b = Json.MAPPER.readValue((String) row.get("result_json"), WalkForwardBacktest.Result.class);
        row.put("result_json", Json.MAPPER.writeValueAsString(new WalkForwardBacktest.Result(b.model(), b.origins() - 1, b.male(), b.malePerStep(), b.levels(),
                b.coverage(), b.pinball(), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins() - 1)));
        row.put("origins", b.origins() - 1);
        refused(store, service, BacktestOutputs.write(tmp.resolve("thinned"), row), SAMPLE, "forecasts_json", "origins were left out or added");
    }

    /** Every forecast 1% higher, and the figures counted from them by the kernel itself: only fitting again here tells. */
    @Test
    void forecastsOfAnotherModelWithMatchingFiguresAreRefused(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ForecastService service = service(store, tmp);
        PriceRepository prices = new PriceRepository(store);
        PriceSeries p = prices.closes(prices.symbols(null).get(0).symbol(), null, null);
        Forecaster naive = ForecastModels.BUILT_IN.forPrices("naive");
        Forecaster higher = new Forecaster() {
            @Override public String name() { return naive.name(); }
            @Override public int minLength(int period) { return naive.minLength(period); }
            @Override public Forecast compute(double[] history, int period, int horizon, double[] levels) {
                return naive.forecast(history, period, horizon, levels).map(naive.name(), v -> v * 1.01);
            }
        };
        Map<String, Object> row = ForecastBacktestRows.ok(ForecastBacktestRun.run("naive", higher, p, 3, "10", null, null, null, null), p.size());
        Path folder = BacktestOutputs.write(tmp.resolve("higher"), row);
        refused(store, service, folder, BacktestReplay.standard(), "result_json", "run again here, its male differs");
        refused(store, service, folder, SAMPLE, "forecasts_json", "fitted again here");
    }

    @Test
    void theGenuineOutputIsImportedWithItsOriginsFittedAgain(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ForecastService service = service(store, tmp);
        Map<String, Object> row = BacktestOutputs.row(store);
        Path folder = BacktestOutputs.write(tmp.resolve("ok"), row);
        ForecastService.BacktestJobImport sampled = service.importBacktestJob(folder, SAMPLE);
        assertEquals(List.of(row.get("symbol")), sampled.imported());
        assertEquals(5, sampled.replayed(), "2 best and 3 drawn origins");
        assertEquals(row.get("origins"), service.importBacktestJob(folder, BacktestReplay.standard()).replayed(), "every origin, run again whole");
    }

    private static ForecastService service(Store store, Path tmp) {
        JobOutputFiles.oneDowSymbol(store);
        return new ForecastService(store, new PriceRepository(store), tmp.resolve("models"));
    }

    private static void refused(Store store, ForecastService service, Path folder, BacktestReplay replay, String column, String says) {
        SextantException e = assertThrows(SextantException.class, () -> service.importBacktestJob(folder, replay), says);
        String m = e.getMessage();
        assertEquals("output", e.field(), m);
        assertTrue(m.contains("part-00000.parquet in " + folder) && m.contains("symbol ") && m.contains("column " + column) && m.contains(says), m);
        assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"), "nothing stored: " + m);
        assertEquals(0, BacktestOutputs.stored(store, "forecasts"), "nothing stored: " + m);
    }
}
