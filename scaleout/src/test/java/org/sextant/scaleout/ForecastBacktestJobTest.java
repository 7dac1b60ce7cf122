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
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredBacktest;
import org.sextant.engine.home.SextantHome;

/**
 * The forecast backtest job on Spark local[2] over the sample universe equals the local engine,
 * symbol by symbol, bit for bit; a symbol with too short a history is a row with its error; a
 * re-run does not duplicate rows; the imported output reads back through the facade.
 * A cheap model (naive) and origins every 60 closes keep it to seconds.
 */
class ForecastBacktestJobTest {
    static final BacktestArguments ARGS = new BacktestArguments("naive", 5, "60", null, null, null, null);

    @TempDir static Path dir;
    static Sextant engine;
    static SparkSession spark;
    static Path prices;
    static List<String> symbols;

    @BeforeAll
    static void setUp() {
        engine = Sextant.open(new SextantHome(dir.resolve("home")));
        symbols = engine.listSymbols(null).stream().map(SymbolInfo::symbol).toList();
        prices = dir.resolve("prices");
        engine.exportPricesParquet(prices);
        spark = LocalSpark.session("local[2]", "sextant-test");
        // a symbol with one close: too short for the walk-forward, reported as a row
        spark.read().parquet(prices.resolve("symbol=" + symbols.get(0)).toString()).limit(1)
                .write().mode(SaveMode.Overwrite).parquet(prices.resolve("symbol=TINY").toString());
    }

    @AfterAll
    static void tearDown() {
        if (spark != null) spark.stop();
        if (engine != null) engine.close();
    }

    @Test
    void clusterResultEqualsTheLocalEngineAndImportsWhereLocalBacktestsLand() throws Exception {
        assertEquals(38, symbols.size(), "the sample universe");
        Path out = dir.resolve("out");
        ForecastBacktestJob.run(spark, prices.toString(), out.toString(), ARGS, 4);
        List<Row> rows = spark.read().parquet(out.toString()).collectAsList();
        assertEquals(symbols.size() + 1, rows.size(), "one row per symbol");
        Map<String, Row> bySymbol = new HashMap<>();
        for (Row r : rows) bySymbol.put(r.getAs("symbol"), r);

        Row tiny = bySymbol.get("TINY");
        assertEquals("history", tiny.getAs("error_field"));
        assertNull(tiny.getAs("result_json"));

        for (String s : symbols) {
            Row r = bySymbol.get(s);
            assertNull(r.getAs("error"), s + ": " + r.getAs("error"));
            WalkForwardBacktest.Result local = engine.backtestForecast(s, "naive", 5, "60", null, null);
            assertEquals(Json.MAPPER.writeValueAsString(local),
                    Json.MAPPER.writeValueAsString(Json.MAPPER.readValue((String) r.getAs("result_json"), WalkForwardBacktest.Result.class)), s);
        }

        Map<String, Object> imported = engine.importForecastBacktestJob(out);
        assertEquals(symbols, imported.get("imported"));
        assertEquals("TINY", ((List<Map<String, Object>>) imported.get("failed")).get(0).get("symbol"));
        for (String s : List.of(symbols.get(0), symbols.get(symbols.size() - 1))) {
            StoredBacktest stored = engine.backtestOverlays(s, "naive", 5, null, null);
            ForecastBacktestRun.Computed local = ForecastBacktestRun.run(engine.closePrices(s, null, null), "naive", 5, "60", null, null, null, null);
            assertNotNull(stored.result(), s);
            assertEquals(Json.MAPPER.writeValueAsString(local.result()), Json.MAPPER.writeValueAsString(stored.result()), s);
            assertEquals("every 60", stored.originsRule());
            assertFalse(stored.forecasts().isEmpty());
            // the store keeps values, dates and bands; the in-memory model label of a band set is not stored
            assertEquals(local.rows().stream().filter(f -> f.calibration().equals("model")).map(ForecastBacktestJobTest::stored).toList(), stored(s, engine.backtestOverlays(s, "naive", 5, "model", null)), s);
        }
        assertTrue(Files.exists(out.resolve("_SUCCESS")));
    }

    private static String stored(org.sextant.engine.forecast.store.StoredForecast f) {
        return f.calibration() + " " + f.origin() + " " + f.targetDates() + " " + f.historyRows() + " " + f.lastClose() + " "
                + java.util.Arrays.toString(f.forecast().median()) + " " + Json.MAPPER.writeValueAsString(f.forecast().bands());
    }

    private static List<String> stored(String symbol, StoredBacktest b) {
        return b.forecasts().stream().map(ForecastBacktestJobTest::stored).toList();
    }

    @Test
    void aRerunReplacesItsOutputInsteadOfAppending() {
        Path out = dir.resolve("rerun");
        BacktestArguments two = new BacktestArguments("naive", 5, "60", symbols.subList(0, 2), null, null, null);
        ForecastBacktestJob.run(spark, prices.toString(), out.toString(), two, 2);
        ForecastBacktestJob.run(spark, prices.toString(), out.toString(), two, 2);
        assertEquals(2, spark.read().parquet(out.toString()).count());
    }
}
