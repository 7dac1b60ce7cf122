package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ClosesDigest;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast scan job's forecast that a computed forecast could not be (a level outside [0.5, 1)
 * or given twice, no band, a number not finite, a horizon other than its target dates) is refused
 * by import-job naming the file, the symbol and the column, and nothing is stored.
 */
class ForecastScanImportCheckTest {
    record Case(String says, String column, StoredForecast forecast, int horizonColumn) {}

    @Test
    void aForecastThatCouldNotHaveBeenComputedIsRefusedAndNothingStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.oneDowSymbol(store);
        PriceRepository prices = new PriceRepository(store);
        String symbol = prices.symbols(null).get(0).symbol();
        PriceSeries all = prices.closes(symbol, null, null);
        LocalDate origin = all.dates().get(all.size() - 1);
        double[] y = PriceForecast.closes(all);
        double last = y[y.length - 1];
        String digest = ClosesDigest.of(all); // the closes the job read: the store's
        List<LocalDate> targets = List.of(origin.plusDays(1), origin.plusDays(2), origin.plusDays(3));
        double[] median = {last, last, last};
        QuantileBand b80 = band(0.8, last, 1), b95 = band(0.95, last, 2);
        ForecastService forecasts = new ForecastService(store, prices, tmp.resolve("models"));
        ScaleOutExchange exchange = new ScaleOutExchange(store, forecasts, null, () -> {});
        List<Case> cases = List.of(
                new Case("level 0.3 is outside", "forecast_json", live(symbol, origin, last, all.size(), digest, targets, median, List.of(band(0.3, last, 0.5), b95)), 3),
                new Case("asked twice", "forecast_json", live(symbol, origin, last, all.size(), digest, targets, median, List.of(b80, band(0.8, last, 1))), 3),
                new Case("has no band", "forecast_json", live(symbol, origin, last, all.size(), digest, targets, median, List.of()), 3),
                new Case("forecast_json", "forecast_json", live(symbol, origin, last, all.size(), digest, targets, median,
                        List.of(b80, new QuantileBand(0.95, new double[]{Double.NEGATIVE_INFINITY, 0, 0}, b95.upper()))), 3),
                new Case("but 2 target dates", "forecast_json", live(symbol, origin, last, all.size(), digest, targets.subList(0, 2), median, List.of(b80, b95)), 3),
                new Case("horizon is not an integer equal to the forecast's horizon", "horizon", live(symbol, origin, last, all.size(), digest, targets, median, List.of(b80, b95)), 5));
        int i = 0;
        for (Case c : cases) {
            Path folder = write(tmp.resolve("out-" + i++), symbol, c.forecast(), c.horizonColumn());
            SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, null), c.says());
            assertEquals("output", e.field());
            String m = e.getMessage();
            assertTrue(m.contains("part-00000.parquet") && m.contains("symbol " + symbol) && m.contains("column " + c.column()) && m.contains(c.says()), m);
            assertTrue(e.fix().contains("re-run the job"), e.fix());
            assertEquals(0, storedForecasts(store), "nothing stored: " + c.says());
        }
        JobImport ok = exchange.importJob(ScanOutputs.write(tmp.resolve("ok"), ScanOutputs.genuine(prices, "naive", 3, "model")), null);
        assertEquals(List.of(symbol), ok.imported(), String.valueOf(ok.failed()));
    }

    @Test
    void aForecastOfOtherClosesWithTheSameCountAndLastCloseIsNotStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.oneDowSymbol(store);
        PriceRepository prices = new PriceRepository(store);
        String symbol = prices.symbols(null).get(0).symbol();
        PriceSeries all = prices.closes(symbol, null, null);
        LocalDate origin = all.dates().get(all.size() - 1);
        double last = PriceForecast.closes(all)[all.size() - 1];
        double[] first = PriceForecast.closes(all).clone();
        first[0] *= 1.2; // the job read a first close the store has corrected since: count and last close unchanged
        PriceSeries read = new PriceSeries(symbol, all.from(), all.to(), all.dates(), first, first);
        List<LocalDate> targets = List.of(origin.plusDays(1), origin.plusDays(2), origin.plusDays(3));
        ScaleOutExchange exchange = new ScaleOutExchange(store, new ForecastService(store, prices, tmp.resolve("models")), null, () -> {});
        for (String digest : java.util.Arrays.asList(ClosesDigest.of(read), null)) { // null: written before the job said which closes it read
            JobImport r = exchange.importJob(write(tmp.resolve("out-" + digest), symbol, live(symbol, origin, last, all.size(), digest, targets,
                    new double[]{last, last, last}, List.of(band(0.8, last, 1), band(0.95, last, 2), band(0.99, last, 3))), 3), null);
            assertEquals(List.of(), r.imported());
            assertEquals(1, r.failed().size());
            String why = String.valueOf(r.failed().get(0).get("error"));
            assertTrue(digest == null ? why.contains("does not say which closes it read") : why.contains("some of them changed since"), why);
            assertTrue(why.endsWith("re-run the job"), why);
            assertEquals(0, storedForecasts(store));
        }
    }

    private static QuantileBand band(double level, double at, double width) {
        return new QuantileBand(level, new double[]{at - width, at - width, at - width}, new double[]{at + width, at + width, at + width});
    }

    private static StoredForecast live(String symbol, LocalDate origin, double last, int rows, String digest, List<LocalDate> targets, double[] median,
                                       List<QuantileBand> bands) {
        return new StoredForecast(symbol, "naive", StoredForecast.LIVE, "model", origin, 3, last, rows, targets, new Forecast("naive", median, bands), List.of(),
                digest);
    }

    private static Path write(Path folder, String symbol, StoredForecast f, int horizon) throws Exception {
        Map<String, Object> row = JobRows.empty(ForecastScanRows.COLUMNS);
        row.put("symbol", symbol);
        row.put("model", "naive");
        row.put("horizon", horizon);
        row.put("calibration", "model");
        row.put("min_history", 10);
        row.put("history_rows", f.historyRows());
        row.put("origin", f.origin().toString());
        row.put("row_json", rowOf(f));
        row.put("forecast_json", Json.MAPPER.writeValueAsString(f));
        return JobOutputFiles.write(folder, ForecastScanRows.COLUMNS, c -> List.of("horizon", "min_history", "history_rows").contains(c) ? "INTEGER" : "VARCHAR",
                List.of(row));
    }

    /** The scan row of {@code f}, as the job makes it; "{}" for a forecast no scan row can be made of (refused before its row is read). */
    private static String rowOf(StoredForecast f) {
        try {
            return Json.MAPPER.writeValueAsString(ForecastScanRows.row(f));
        } catch (RuntimeException noRow) {
            return "{}";
        }
    }

    private static long storedForecasts(Store store) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM forecasts")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
