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

    /** {@code errorRows}: symbols too short for a forecast origin, which the job writes as rows with their error. */
    public record Estimate(int symbols, long fits, double secondsPerFit, double coreHours, PartitionPlan plan, List<String> errorRows) {}

    /** {@code bounded}: the origin bound was checked from the export's dates before Spark started ({@link OriginBound#beforeSpark}). */
    public static Estimate estimate(SparkSession spark, String input, ForecastBacktestArguments a, int partitions, boolean bounded) {
        Dataset<Row> prices = PricesInput.read(spark, input, a.symbols(), a.from(), a.to());
        if (!bounded) OriginBound.check(OriginBound.counts(prices, a.outOfSampleStart()), a); // --every N: refused from a count, before the series are built
        PartitionPlan plan = ForecastBacktestJob.plan(prices, a, partitions);
        List<SymbolWork> perSymbol = ForecastBacktestJob.bySymbol(prices, plan).map(g -> {
            PriceSeries s = PricesInput.series(g._1(), g._2(), a.from(), a.to());
            try {
                int first = ForecastBacktestRun.firstOrigin(s.dates(), null, a.outOfSampleStart());
                int origins = OriginBound.usable(OriginRule.parse(a.every()).origins(s.dates(), first), a);
                if (origins == 0) return new SymbolWork(g._1(), s.size(), 0, first, 0); // an error row: nothing fitted
                return new SymbolWork(g._1(), s.size(), ForecastBacktestRun.fits(ForecastModels.BUILT_IN, s, a.model(), a.horizon(), a.every(), null,
                        a.outOfSampleStart()), first, origins);
            } catch (RuntimeException tooShort) {
                return new SymbolWork(g._1(), s.size(), 0, 0, 0);
            }
        }).collect();
        checkOrigins(perSymbol, a);
        OriginBound.refuseNoneComputable(perSymbol.stream().filter(w -> w.closes() > 0)
                .map(w -> new OriginBound.Origins(w.symbol(), w.closes(), w.first(), w.fits() == 0 ? 0 : w.origins())).toList(), a);
        long fits = perSymbol.stream().mapToLong(SymbolWork::fits).sum();
        // the cost is measured on a symbol whose backtest runs: the median history among those with fits
        List<SymbolWork> computable = perSymbol.stream().filter(w -> w.fits() > 0).sorted(java.util.Comparator.comparingInt(SymbolWork::closes)
                .thenComparing(SymbolWork::symbol)).toList();
        String median = computable.get(computable.size() / 2).symbol();
        PriceSeries sample = PricesInput.series(median, prices.where(org.apache.spark.sql.functions.col("symbol").equalTo(median)).collectAsList(),
                a.from(), a.to());
        int sampleFits = ForecastBacktestRun.fits(ForecastModels.BUILT_IN, sample, a.model(), a.horizon(), a.every(), null, a.outOfSampleStart());
        long t0 = System.nanoTime();
        ForecastBacktestRun.run(ForecastModels.BUILT_IN, sample, a.model(), a.horizon(), a.every(), null, a.outOfSampleStart(), null, null);
        double perFit = (System.nanoTime() - t0) / 1e9 / Math.max(1, sampleFits);
        List<String> errorRows = perSymbol.stream().filter(w -> w.fits() == 0).map(w -> w.symbol() + " (" + w.closes() + " close" + (w.closes() == 1 ? "" : "s") + ")")
                .sorted().toList();
        return new Estimate(perSymbol.size(), fits, perFit, fits * perFit / 3600, plan, errorRows);
    }

    /** What the dry run learns of one symbol where its series is built: closes, model fits, first origin and evaluation origins. */
    record SymbolWork(String symbol, int closes, int fits, int first, int origins) implements java.io.Serializable {}

    /** Monthly and weekly origins by each symbol's dates: a symbol over the bound refuses the job as --every N does (the job would make it an error row). */
    private static void checkOrigins(List<SymbolWork> perSymbol, ForecastBacktestArguments a) {
        OriginBound.refuseOver(perSymbol.stream().map(w -> new OriginBound.Origins(w.symbol(), w.closes(), w.first(), w.origins())).toList(), a);
    }

    public static void print(Estimate e, PrintStream out) {
        out.printf("symbols %d, model fits %d%n", e.symbols(), e.fits());
        if (!e.errorRows().isEmpty()) {
            out.printf("too few closes for a forecast origin, written as error rows: %d (%s%s)%n", e.errorRows().size(),
                    String.join(", ", e.errorRows().subList(0, Math.min(5, e.errorRows().size()))), e.errorRows().size() > 5 ? ", ..." : "");
        }
        out.printf("measured %.2f ms per fit (median-history symbol, this machine): %.3f core-hours%n", e.secondsPerFit() * 1000, e.coreHours());
        int[] n = e.plan().symbolsPerPartition();
        double[] l = e.plan().loads();
        out.printf("partitions %d (heaviest first), load imbalance max/mean %.2f%n", n.length, e.plan().imbalance());
        for (int p = 0; p < n.length; p++) out.printf("  partition %d: %d symbols, planned load %.3g%n", p, n[p], l[p]);
    }
}
