package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.core.type.TypeReference;

/**
 * A forecast backtest job's row that the engine's walk-forward could not have computed (unreadable
 * JSON; counts that do not add up; an error, coverage or loss not finite or out of range; an
 * origin's forecast that is not this row's or not a forecast; summary columns that disagree with
 * the result) is refused by import-job naming the file, the symbol and the column, and nothing is stored.
 */
class ForecastBacktestImportCheckTest {
    record Case(String says, String column, Consumer<Map<String, Object>> corrupt) {}

    @Test
    void aBacktestThatCouldNotHaveBeenComputedIsRefusedAndNothingStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        Map<String, Object> genuine = BacktestOutputs.row(store);
        String symbol = (String) genuine.get("symbol");
        List<Case> cases = List.of(
                new Case("is not a backtest result the job writes", "result_json", row -> row.put("result_json", "{\"origins\": SECRET")),
                new Case("horizon", "horizon", row -> row.put("horizon", 0)),
                new Case("scored origins", "result_json", row -> result(row, b -> new WalkForwardBacktest.Result(b.model(), 0, b.male(), b.malePerStep(),
                        b.levels(), b.coverage(), b.pinball(), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins()))),
                new Case("per-step errors for 2 steps", "result_json", row -> result(row, b -> new WalkForwardBacktest.Result(b.model(), b.origins(), b.male(),
                        new double[]{0.1, 0.2}, b.levels(), b.coverage(), b.pinball(), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins()))),
                new Case("has male NaN", "result_json", row -> result(row, b -> new WalkForwardBacktest.Result(b.model(), b.origins(), Double.NaN, b.malePerStep(),
                        b.levels(), b.coverage(), b.pinball(), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins()))),
                new Case("coverage 1.5", "result_json", row -> result(row, b -> new WalkForwardBacktest.Result(b.model(), b.origins(), b.male(), b.malePerStep(),
                        b.levels(), fill(b.coverage(), 1.5), b.pinball(), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins()))),
                new Case("pinball -1.0", "result_json", row -> result(row, b -> new WalkForwardBacktest.Result(b.model(), b.origins(), b.male(), b.malePerStep(),
                        b.levels(), b.coverage(), fill(b.pinball(), -1), b.conformalCoverage(), b.conformalPinball(), b.adaptiveCoverage(), b.calibratedOrigins()))),
                new Case("origins", "origins", row -> row.put("origins", (Integer) row.get("origins") + 1)),
                new Case("male", "male", row -> row.put("male", 0.0)),
                new Case("not this row's", "forecasts_json", row -> forecasts(row, f -> new StoredForecast("OTHER", f.model(), f.kind(), f.calibration(), f.origin(),
                        f.horizon(), f.lastClose(), f.historyRows(), f.targetDates(), f.forecast(), f.coverage()))),
                // written as null (JSON has no infinity), it reads back as NaN: a band no longer nested around its median
                new Case("is not a list of forecasts the job writes", "forecasts_json", row -> forecasts(row, f -> new StoredForecast(f.symbol(), f.model(), f.kind(), f.calibration(),
                        f.origin(), f.horizon(), f.lastClose(), f.historyRows(), f.targetDates(), infinite(f.forecast()), f.coverage()))),
                new Case("0 model forecasts", "forecasts_json", row -> row.put("forecasts_json", "[]")),
                new Case("is not the digest of the closes the job read", "closes_digest", row -> row.put("closes_digest", "SECRET")),
                new Case("are not the first and last dates the job read", "closes_from", row -> row.put("closes_from", row.get("closes_to") + "x")));
        int i = 0;
        for (Case c : cases) {
            Map<String, Object> row = new java.util.LinkedHashMap<>(genuine);
            c.corrupt().accept(row);
            Path folder = BacktestOutputs.write(tmp.resolve("out-" + i++), row);
            SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, null), c.says());
            assertEquals("output", e.field(), c.says() + ": " + e.getMessage());
            String m = e.getMessage();
            assertTrue(m.contains("part-00000.parquet in " + folder) && m.contains("symbol " + symbol) && m.contains("column " + c.column())
                    && m.contains(c.says()) && !m.contains("SECRET") && !m.contains("staging"), m);
            assertTrue(e.fix().contains("re-run the job"), e.fix());
            assertEquals(0, BacktestOutputs.stored(store, "forecasts"), "nothing stored: " + c.says());
            assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"), "nothing stored: " + c.says());
        }
        assertEquals(List.of(symbol), exchange.importJob(BacktestOutputs.write(tmp.resolve("ok"), genuine), null).imported());
    }

    /** A backtest the job ran on closes the store no longer holds (one corrected since the export) is not stored; it says why and what to do. */
    @Test
    void aBacktestOfClosesChangedSinceTheExportIsNotStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        Map<String, Object> genuine = BacktestOutputs.row(store);
        String symbol = (String) genuine.get("symbol");
        store.inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("UPDATE prices SET close = close * 1.01, adj_close = adj_close * 1.01 WHERE date = (SELECT min(date) FROM prices)");
            }
            return null;
        });
        JobImport r = exchange.importJob(BacktestOutputs.write(tmp.resolve("stale"), genuine), null);
        assertEquals(List.of(), r.imported());
        assertEquals(1, r.failed().size());
        assertEquals(symbol, r.failed().get(0).get("symbol"));
        String why = (String) r.failed().get(0).get("error");
        assertTrue(why.startsWith("the store's closes from " + genuine.get("closes_from") + " to " + genuine.get("closes_to")
                + " differ from those the backtest read") && why.endsWith(": export the prices again and re-run the job"), why);
        assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"));
        assertEquals(0, BacktestOutputs.stored(store, "forecasts"));
    }

    private static void result(Map<String, Object> row, java.util.function.UnaryOperator<WalkForwardBacktest.Result> change) {
        WalkForwardBacktest.Result b = Json.MAPPER.readValue((String) row.get("result_json"), WalkForwardBacktest.Result.class);
        row.put("result_json", Json.MAPPER.writeValueAsString(change.apply(b)));
    }

    /** The row with its last origin's forecast changed. */
    private static void forecasts(Map<String, Object> row, java.util.function.UnaryOperator<StoredForecast> change) {
        List<StoredForecast> fs = new ArrayList<>(Json.MAPPER.readValue((String) row.get("forecasts_json"), new TypeReference<List<StoredForecast>>() {}));
        fs.set(fs.size() - 1, change.apply(fs.get(fs.size() - 1)));
        row.put("forecasts_json", Json.MAPPER.writeValueAsString(fs));
    }

    private static double[] fill(double[] a, double v) {
        double[] b = a.clone();
        java.util.Arrays.fill(b, v);
        return b;
    }

    /** The forecast with its widest band's lower edge at -Infinity (still nested around the median). */
    private static Forecast infinite(Forecast f) {
        List<QuantileBand> bands = new ArrayList<>(f.bands());
        QuantileBand w = bands.get(bands.size() - 1);
        double[] lower = w.lower().clone();
        lower[0] = Double.NEGATIVE_INFINITY;
        bands.set(bands.size() - 1, new QuantileBand(w.level(), lower, w.upper()));
        return new Forecast(f.model(), f.median(), bands);
    }
}
