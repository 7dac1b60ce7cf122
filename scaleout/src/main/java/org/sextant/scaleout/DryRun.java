package org.sextant.scaleout;

import java.io.PrintStream;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.OriginRule;

/**
 * What a forecast backtest job will cost before it runs: the exact number of model fits per
 * symbol (the engine's own origin rules, no fitting), core-hours from a per-fit cost measured
 * on this machine by backtesting the symbol with the median history, and the partition plan.
 */
public final class DryRun {
    private DryRun() {}

    public record Estimate(int symbols, long fits, double secondsPerFit, double coreHours, PartitionPlan plan) {}

    /** {@code bounded}: the origin bound was checked from the export's dates before Spark started ({@link OriginBound#beforeSpark}). */
    public static Estimate estimate(SparkSession spark, String input, ForecastBacktestArguments a, int partitions, boolean bounded) {
        Dataset<Row> prices = PricesInput.read(spark, input, a.symbols(), a.from(), a.to());
        if (!bounded) OriginBound.check(OriginBound.counts(prices, a.outOfSampleStart()), a); // --every N: refused from a count, before the series are built
        PartitionPlan plan = ForecastBacktestJob.plan(prices, a, partitions);
        List<SymbolWork> perSymbol = ForecastBacktestJob.bySymbol(prices, plan).map(g -> {
            PriceSeries s = PricesInput.series(g._1(), g._2(), a.from(), a.to());
            try {
                int first = ForecastBacktestRun.firstOrigin(s.dates(), null, a.outOfSampleStart());
                return new SymbolWork(g._1(), s.size(), ForecastBacktestRun.fits(ForecastModels.BUILT_IN, s, a.model(), a.horizon(), a.every(), null,
                        a.outOfSampleStart()), first, OriginRule.parse(a.every()).origins(s.dates(), first).length);
            } catch (RuntimeException tooShort) {
                return new SymbolWork(g._1(), s.size(), 0, 0, 0);
            }
        }).collect();
        checkOrigins(perSymbol, a);
        long fits = perSymbol.stream().mapToLong(SymbolWork::fits).sum();
        String median = medianSymbol(prices);
        PriceSeries sample = PricesInput.series(median, prices.where(org.apache.spark.sql.functions.col("symbol").equalTo(median)).collectAsList(),
                a.from(), a.to());
        int sampleFits = ForecastBacktestRun.fits(ForecastModels.BUILT_IN, sample, a.model(), a.horizon(), a.every(), null, a.outOfSampleStart());
        long t0 = System.nanoTime();
        ForecastBacktestRun.run(ForecastModels.BUILT_IN, sample, a.model(), a.horizon(), a.every(), null, a.outOfSampleStart(), null, null);
        double perFit = (System.nanoTime() - t0) / 1e9 / Math.max(1, sampleFits);
        return new Estimate(perSymbol.size(), fits, perFit, fits * perFit / 3600, plan);
    }

    /** What the dry run learns of one symbol where its series is built: closes, model fits, first origin and evaluation origins. */
    record SymbolWork(String symbol, int closes, int fits, int first, int origins) implements java.io.Serializable {}

    /** Monthly and weekly origins by each symbol's dates: a symbol over the bound refuses the job as --every N does (the job would make it an error row). */
    private static void checkOrigins(List<SymbolWork> perSymbol, ForecastBacktestArguments a) {
        OriginBound.refuseOver(perSymbol.stream().map(w -> new OriginBound.Origins(w.symbol(), w.closes(), w.first(), w.origins())).toList(), a);
    }

    private static String medianSymbol(Dataset<Row> prices) {
        List<Row> counts = prices.groupBy("symbol").count().orderBy("count", "symbol").collectAsList();
        return counts.get(counts.size() / 2).getString(0);
    }

    public static void print(Estimate e, PrintStream out) {
        out.printf("symbols %d, model fits %d%n", e.symbols(), e.fits());
        out.printf("measured %.2f ms per fit (median-history symbol, this machine): %.3f core-hours%n", e.secondsPerFit() * 1000, e.coreHours());
        int[] n = e.plan().symbolsPerPartition();
        double[] l = e.plan().loads();
        out.printf("partitions %d (heaviest first), load imbalance max/mean %.2f%n", n.length, e.plan().imbalance());
        for (int p = 0; p < n.length; p++) out.printf("  partition %d: %d symbols, planned load %.3g%n", p, n[p], l[p]);
    }
}
