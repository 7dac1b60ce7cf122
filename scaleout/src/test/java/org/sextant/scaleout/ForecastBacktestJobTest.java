package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecastBacktest;

/**
 * The forecast backtest job on Spark local[2] equals the local engine, symbol by symbol, bit for
 * bit; a symbol with too short a history is a row with its error; a re-run does not duplicate
 * rows; the imported output reads back through the facade. Symbols from the sample universe that
 * span its range of histories (NYSE 9,309 closes, AA 2,528, SBI 1,917, MSFT.OHLCV 249) with the
 * naive model and origins every 250 closes keep it to seconds; the session is shared.
 */
@ExtendWith(SharedSpark.class)
class ForecastBacktestJobTest {
    static final List<String> SYMBOLS = List.of("AA", "MSFT.OHLCV", "NYSE", "SBI");
    static final ForecastBacktestArguments ARGS = new ForecastBacktestArguments("naive", 5, "250", withTiny(), null, null, null);

    private static List<String> withTiny() {
        List<String> s = new java.util.ArrayList<>(SYMBOLS);
        s.add(SharedSpark.TINY);
        return s;
    }

    @Test
    void clusterResultEqualsTheLocalEngineAndImportsWhereLocalBacktestsLand() throws Exception {
        SharedSpark.Fixture f = SharedSpark.fixture();
        Sextant engine = f.engine();
        Path out = f.dir().resolve("forecast-backtest");
        ForecastBacktestJob.run(f.spark(), f.prices().toString(), out.toString(), ARGS, 3, false);
        List<Row> rows = f.spark().read().parquet(out.toString()).collectAsList();
        assertEquals(SYMBOLS.size() + 1, rows.size(), "one row per symbol");
        Map<String, Row> bySymbol = new HashMap<>();
        for (Row r : rows) bySymbol.put(r.getAs("symbol"), r);

        Row tiny = bySymbol.get(SharedSpark.TINY);
        assertEquals("history", tiny.getAs("error_field"));
        assertNull(tiny.getAs("result_json"));

        for (String s : SYMBOLS) {
            Row r = bySymbol.get(s);
            assertNull(r.getAs("error"), s + ": " + r.getAs("error"));
            WalkForwardBacktest.Result local = engine.getBacktestError(s, "naive", 5, "250", null, null);
            assertEquals(Json.MAPPER.writeValueAsString(local),
                    Json.MAPPER.writeValueAsString(Json.MAPPER.readValue((String) r.getAs("result_json"), WalkForwardBacktest.Result.class)), s);
        }

        var imported = engine.scaleOut().importForecastBacktestJob(out);
        assertEquals(SYMBOLS, imported.imported());
        assertEquals("last 40%", imported.oosStart(), "no --oos-start: the last 40%, said");
        assertEquals(SharedSpark.TINY, imported.failed().get(0).get("symbol"));
        for (String s : List.of("NYSE", "MSFT.OHLCV")) {
            StoredForecastBacktest stored = engine.backtestOverlays(s, "naive", 5, null, null);
            ForecastBacktestRun.Computed local = ForecastBacktestRun.run(ForecastModels.BUILT_IN, engine.getClosePrice(s, null, null), "naive", 5, "250", null, null, null, null);
            assertNotNull(stored.result(), s);
            assertEquals(Json.MAPPER.writeValueAsString(local.result()), Json.MAPPER.writeValueAsString(stored.result()), s);
            assertEquals("every 250", stored.originsRule());
            assertFalse(stored.forecasts().isEmpty());
            // the store keeps values, dates and bands; the in-memory model label of a band set is not stored
            assertEquals(local.rows().stream().filter(x -> x.calibration().equals("model")).map(ForecastBacktestJobTest::stored).toList(),
                    stored(engine.backtestOverlays(s, "naive", 5, "model", null)), s);
        }
        assertTrue(Files.exists(out.resolve("_SUCCESS")));
    }

    /** The job's --oos-start is in every row and in the import's answer: a backtest it cut short does not read as one started later. */
    @Test
    void theJobsOosStartIsWrittenAndSaidOnImport() throws Exception {
        SharedSpark.Fixture f = SharedSpark.fixture();
        java.time.LocalDate oos = java.time.LocalDate.of(2000, 1, 3);
        Path out = f.dir().resolve("forecast-backtest-oos");
        ForecastBacktestJob.run(f.spark(), f.prices().toString(), out.toString(),
                new ForecastBacktestArguments("naive", 5, "250", List.of("NYSE"), null, null, oos), 1, false);
        List<Row> rows = f.spark().read().parquet(out.toString()).collectAsList();
        assertEquals(List.of("2000-01-03"), rows.stream().map(r -> (String) r.getAs("oos_start")).toList());
        assertEquals("2000-01-03", f.engine().scaleOut().importForecastBacktestJob(out).oosStart());
    }

    private static String stored(org.sextant.engine.forecast.store.StoredForecast f) {
        return f.calibration() + " " + f.origin() + " " + f.targetDates() + " " + f.historyRows() + " " + f.lastClose() + " "
                + java.util.Arrays.toString(f.forecast().median()) + " " + Json.MAPPER.writeValueAsString(f.forecast().bands());
    }

    private static List<String> stored(StoredForecastBacktest b) {
        return b.forecasts().stream().map(ForecastBacktestJobTest::stored).toList();
    }

    @Test
    void aRerunReplacesItsOutputInsteadOfAppending() {
        SparkSession spark = SharedSpark.fixture().spark();
        String out = SharedSpark.fixture().dir().resolve("rerun").toString();
        ForecastBacktestArguments one = new ForecastBacktestArguments("naive", 5, "250", List.of("MSFT.OHLCV"), null, null, null);
        String in = SharedSpark.fixture().prices().toString();
        ForecastBacktestJob.run(spark, in, out, one, 1, false);
        ForecastBacktestJob.run(spark, in, out, one, 1, false);
        assertEquals(1, spark.read().parquet(out).count());
    }
}
