package org.sextant.scaleout;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.exchange.ForecastScanRows;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.PriceForecast;

/**
 * A universe forecast scan on Spark: the prices grouped by symbol (placed by {@link PartitionPlan}
 * on their row counts), each task calling the engine's per-symbol scan kernel
 * ({@link ForecastScan#scanSymbol}, what a local scan calls) with the engine's calibrated live
 * forecast, one {@link ForecastScanRows} row per symbol; a symbol with too little history or
 * that the model refuses is a row with the reason, not a failed job. Written with Spark's commit
 * protocol in overwrite mode, so a retried task or a re-run job never duplicates rows.
 */
public final class ForecastScanJob {
    private ForecastScanJob() {}

    public static final StructType SCHEMA = schema();

    /** The job's rows (not yet written). */
    public static Dataset<Row> compute(SparkSession spark, String input, ScanArguments a, int partitions) {
        Dataset<Row> prices = PricesInput.read(spark, input, a.symbols(), a.from(), a.to());
        Map<String, Double> weights = new HashMap<>();
        for (Row r : prices.groupBy("symbol").count().collectAsList()) weights.put(r.getString(0), (double) r.getLong(1));
        JavaRDD<Row> rows = ForecastBacktestJob.bySymbol(prices, PartitionPlan.of(weights, partitions)).map(g -> scan(g._1(), g._2(), a));
        return spark.createDataFrame(rows, SCHEMA);
    }

    /** Runs the job and writes its rows as Parquet to {@code output} (any Hadoop path), replacing what was there. */
    public static void run(SparkSession spark, String input, String output, ScanArguments a, int partitions) {
        compute(spark, input, a, partitions).write().mode(SaveMode.Overwrite).parquet(output);
    }

    /** One task's work for one symbol: the engine's scan kernel, or the symbol's error as a row. */
    static Row scan(String symbol, Iterable<Row> prices, ScanArguments a) {
        PriceSeries series = PricesInput.series(symbol, prices, a.from(), a.to());
        BandCalibration cal = BandCalibration.parse(a.calibration());
        Map<String, Object> row;
        try {
            ForecastScan.SymbolOutcome o = ForecastScan.scanSymbol(series, a.minHistory(), a.asOf(),
                    upTo -> PriceForecast.calibrated(ForecastModels.BUILT_IN, upTo, a.model(), a.horizon(), ForecastBacktestRun.DEFAULT_LEVELS,
                            cal));
            row = ForecastScanRows.of(o, a.model(), a.horizon(), a.calibration(), a.minHistory(), a.asOf(), series.size());
        } catch (RuntimeException e) {
            row = ForecastScanRows.failed(symbol, a.model(), a.horizon(), a.calibration(), series.size(), e);
        }
        return OutputRows.of(ForecastScanRows.COLUMNS, row);
    }

    private static StructType schema() {
        return OutputRows.schema(ForecastScanRows.COLUMNS,
                c -> c.equals("horizon") || c.equals("min_history") || c.equals("history_rows") ? DataTypes.IntegerType : DataTypes.StringType);
    }
}
