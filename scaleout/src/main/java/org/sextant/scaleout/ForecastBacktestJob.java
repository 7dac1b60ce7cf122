package org.sextant.scaleout;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.exchange.ForecastBacktestRows;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import scala.Tuple2;

/**
 * Walk-forward forecast backtests of a universe on Spark: the prices are grouped by symbol (one
 * symbol's walk-forward in one task, placed by {@link PartitionPlan}), each task calls the
 * engine's {@link ForecastBacktestRun} and emits one {@link ForecastBacktestRows} row per
 * symbol; a symbol whose backtest fails becomes a row with its error, not a failed job. The
 * output is written with Spark's commit protocol and overwrite mode, so a retried task or a
 * re-run job never duplicates rows.
 */
public final class ForecastBacktestJob {
    private ForecastBacktestJob() {}

    public static final StructType SCHEMA = schema();

    /** The job's rows (not yet written). */
    public static Dataset<Row> compute(SparkSession spark, String input, ForecastBacktestArguments a, int partitions) {
        Dataset<Row> prices = PricesInput.read(spark, input, a.symbols(), a.from(), a.to());
        PartitionPlan plan = plan(prices, a, partitions);
        JavaRDD<Row> rows = bySymbol(prices, plan).map(g -> backtest(g._1(), g._2(), a));
        return spark.createDataFrame(rows, SCHEMA);
    }

    /**
     * Runs the job and writes its rows as Parquet to {@code output} (any Hadoop path), replacing what was there.
     * {@code bounded}: the origin bound was checked from the export's dates before Spark started; otherwise the session
     * checks it first ({@link OriginBound#inSession}) and a job over it writes nothing.
     */
    public static void run(SparkSession spark, String input, String output, ForecastBacktestArguments a, int partitions, boolean bounded) {
        if (!bounded) OriginBound.inSession(PricesInput.read(spark, input, a.symbols(), a.from(), a.to()), a);
        compute(spark, input, a, partitions).write().mode(SaveMode.Overwrite).parquet(output);
    }

    static JavaPairRDD<String, Iterable<Row>> bySymbol(Dataset<Row> prices, PartitionPlan plan) {
        return prices.javaRDD().mapToPair(r -> new Tuple2<>(r.getString(0), r)).groupByKey(plan);
    }

    /**
     * The plan from each symbol's row count: expected cost = fits × history length, fits
     * estimated from the rows (the exact count is the dry run's, {@link DryRun}).
     */
    static PartitionPlan plan(Dataset<Row> prices, ForecastBacktestArguments a, int partitions) {
        Map<String, Double> weights = new HashMap<>();
        for (Row r : prices.groupBy("symbol").count().collectAsList()) {
            long n = r.getLong(1);
            weights.put(r.getString(0), (double) n * estimatedFits(n, a));
        }
        return PartitionPlan.of(weights, partitions);
    }

    /** Origins over the evaluated share plus about 250 calibration origins (their window is capped). */
    static double estimatedFits(long n, ForecastBacktestArguments a) {
        double spacing = switch (a.every() == null ? "monthly" : a.every().trim().toLowerCase(java.util.Locale.ROOT)) {
            case "monthly" -> 21;
            case "weekly" -> 5;
            default -> Double.parseDouble(a.every().trim());
        };
        double evaluated = a.outOfSampleStart() != null ? n / 2.0 : n * ForecastBacktestRun.DEFAULT_EVAL_FRACTION;
        return evaluated / spacing + Math.min(n, 250.0 * ForecastBacktestRun.CALIBRATION_EVERY) / ForecastBacktestRun.CALIBRATION_EVERY;
    }

    /** One task's work for one symbol: the engine's backtest, or the symbol's error as a row. */
    static Row backtest(String symbol, Iterable<Row> prices, ForecastBacktestArguments a) {
        PriceSeries series = PricesInput.series(symbol, prices, a.from(), a.to());
        Map<String, Object> row;
        try {
            // a cluster has no trained global model: the built-in catalogue refuses global
            ForecastBacktestRun.Computed c = ForecastBacktestRun.run(ForecastModels.BUILT_IN, series, a.model(), a.horizon(), a.every(), null,
                    a.outOfSampleStart(), null, null);
            row = ForecastBacktestRows.ok(c, series.size(), a.outOfSampleStart()); // the import checks its origins start there and says it
        } catch (RuntimeException e) {
            row = ForecastBacktestRows.failed(symbol, a.model(), a.horizon(), series.size(), e);
        }
        return OutputRows.of(ForecastBacktestRows.COLUMNS, row);
    }

    private static StructType schema() {
        return OutputRows.schema(ForecastBacktestRows.COLUMNS, c -> switch (c) {
            case "horizon", "history_rows", "origins" -> DataTypes.IntegerType;
            case "male" -> DataTypes.DoubleType;
            default -> DataTypes.StringType;
        });
    }
}
