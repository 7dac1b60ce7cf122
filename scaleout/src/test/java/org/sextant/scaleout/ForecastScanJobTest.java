package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.exchange.JobImport;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.ScanResult;
import org.sextant.engine.forecast.ScanRow;
import tools.jackson.databind.SerializationFeature;

/**
 * The universe forecast scan on Spark local[2] equals the local engine's scan, symbol by symbol,
 * bit for bit; a symbol with too little history is a row with its reason; the imported output
 * is what a local scan then ranks, with no forecast computed. Ten sample symbols (more than a
 * synchronous scan computes) with the drift model keep it to seconds.
 */
@ExtendWith(SharedSpark.class)
class ForecastScanJobTest {
    static final List<String> SYMBOLS = List.of("AA", "C", "DIS", "GE", "HD", "IBM", "JNJ", "KO", "MSFT.OHLCV", "T", "XOM");
    static final String MODEL = "drift";
    static final int HORIZON = 7;

    @Test
    void clusterScanEqualsTheLocalScanAndImportsWhereLocalScansFindTheirForecasts() throws Exception {
        SharedSpark.Fixture f = SharedSpark.fixture();
        Sextant engine = f.engine();
        String out = f.dir().resolve("forecast-scan").toString();
        List<String> withTiny = new ArrayList<>(SYMBOLS);
        withTiny.add(SharedSpark.TINY);
        ScanArguments args = new ScanArguments(MODEL, HORIZON, null, null, null, withTiny, null, null);
        ForecastScanJob.run(f.spark(), f.prices().toString(), out, args, 3);
        ForecastScanJob.run(f.spark(), f.prices().toString(), out, args, 3); // a re-run replaces, never duplicates
        Map<String, Row> bySymbol = new HashMap<>();
        for (Row r : f.spark().read().parquet(out).collectAsList()) bySymbol.put(r.getAs("symbol"), r);
        assertEquals(withTiny.size(), bySymbol.size(), "one row per symbol");

        for (String s : List.of(SharedSpark.TINY, "MSFT.OHLCV")) {
            Row skipped = bySymbol.get(s);
            assertEquals("min_history", skipped.getAs("error_field"), s);
            assertTrue(((String) skipped.getAs("error")).endsWith("< min_history 250"), s);
            assertNull(skipped.getAs("row_json"), s);
        }
        var compact = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
        List<String> ranked = SYMBOLS.stream().filter(s -> !s.equals("MSFT.OHLCV")).toList();
        for (String s : ranked) {
            // the local engine's kernel on the store's prices, as a local scan computes a forecast it has not stored
            ForecastScan.SymbolOutcome local = ForecastScan.scanSymbol(engine.getClosePrice(s, null, null), 250, null,
                    p -> PriceForecast.calibrated(ForecastModels.BUILT_IN, p, MODEL, HORIZON, ForecastBacktestRun.DEFAULT_LEVELS, BandCalibration.CONFORMAL));
            assertEquals(compact.writeValueAsString(local.row()), bySymbol.get(s).getAs("row_json"), s);
        }

        JobImport imported = engine.scaleOut().importJob(java.nio.file.Path.of(out), null);
        assertEquals("forecast-scan", imported.job());
        assertEquals(ranked, imported.imported());
        assertEquals(List.of("MSFT.OHLCV", SharedSpark.TINY), imported.failed().stream().map(m -> m.get("symbol")).toList());

        ScanResult scan = engine.scanForecasts(new ForecastScan.Request(SYMBOLS, MODEL, HORIZON, null, null, 1000, null, null, null));
        assertEquals(List.of(), scan.notComputed(), "every forecast came from the job: none computed, none left over");
        assertEquals(ranked.size(), scan.ranked());
        for (ScanRow row : scan.rows()) {
            assertEquals(bySymbol.get(row.symbol()).getAs("row_json"), compact.writeValueAsString(row), row.symbol());
        }
        assertEquals(List.of("MSFT.OHLCV"), scan.skipped().stream().map(ScanResult.Skipped::symbol).toList());
    }
}
