package org.sextant.scaleout;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;

/**
 * Issue 15's benchmark (docs/benchmarks.md, "Scale-out on Spark"): the same work on the local
 * engine (one thread, the baseline) and on Spark local[1] and local[2] in this JVM: forecast
 * walk-forward backtests of synthetic symbols, and a strategy sweep of configurations over
 * synthetic symbols. Wall and process CPU time per run, Spark's overhead over the baseline, the
 * scaling efficiency from 1 to 2 cores, and the equality of the results. Not part of the build.
 * Arguments: symbols years model every sweep-symbols [warm-up symbols] (defaults 200 5 naive monthly 200, warm-up = all).
 */
public final class ScaleOutBench {
    static final com.sun.management.OperatingSystemMXBean OS = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    record Measured(String what, double wall, double cpu) {}

    public static void main(String[] args) throws Exception {
        int symbols = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int years = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String model = args.length > 2 ? args[2] : "naive";
        String every = args.length > 3 ? args[3] : "monthly";
        int sweepSymbols = args.length > 4 ? Integer.parseInt(args[4]) : 200;
        // the warm-up round needs only enough symbols to compile the paths; 200 ETS symbols twice would double the run
        int warmSymbols = args.length > 5 ? Math.min(symbols, Integer.parseInt(args[5])) : symbols;
        Path dir = Files.createTempDirectory("sextant-scaleout-bench");
        System.out.printf(Locale.ROOT, "load average at start: %.1f (%d cores)%n", OS.getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());

        Path real = dir.resolve("real"), synthetic = dir.resolve("synthetic");
        try (Sextant engine = Sextant.open(new SextantHome(dir.resolve("home")))) {
            engine.scaleOut().exportPricesParquet(real);   // the sample universe: the real returns to bootstrap from
        }
        SparkSession gen = LocalSpark.session("local[2]", "bench-generate");
        gen.sparkContext().setLogLevel("WARN");
        Map<String, double[]> closes = SyntheticUniverse.closes(gen, real.toString());
        int bars = years * 252;
        SyntheticUniverse.write(gen, closes, Math.max(symbols, sweepSymbols), bars, 15, synthetic.toString());
        gen.stop();
        List<PriceSeries> series = SyntheticUniverse.generate(closes, Math.max(symbols, sweepSymbols), bars, 15);
        System.out.printf(Locale.ROOT, "synthetic universe: %d symbols x %d closes (seed 15)%n", series.size(), bars);

        // forecast backtests
        List<String> fcSymbols = series.subList(0, symbols).stream().map(PriceSeries::symbol).toList();
        ForecastBacktestArguments all = new ForecastBacktestArguments(model, 20, every, fcSymbols, null, null, null);
        ForecastBacktestArguments warm = new ForecastBacktestArguments(model, 20, every, fcSymbols.subList(0, warmSymbols), null, null, null);
        Map<String, String> local = new HashMap<>();
        long fits = 0;
        for (PriceSeries s : series.subList(0, symbols)) fits += ForecastBacktestRun.fits(ForecastModels.BUILT_IN, s, model, 20, every, null, null);
        // sweep: an RSI grid over the first sweepSymbols symbols, equal weight
        String spec = rsiGrid();
        List<String> swSymbols = series.subList(0, sweepSymbols).stream().map(PriceSeries::symbol).toList();
        Universe u = Universe.ofCloses(swSymbols, series.get(0).dates(), series.subList(0, sweepSymbols).stream().map(PriceSeries::close).toArray(double[][]::new));
        java.time.LocalDate oos = ResearchService.defaultOutOfSampleStart(u.dates().get(0), u.dates().get(u.bars() - 1));
        SweepResult[] localSweep = new SweepResult[1];
        boolean fcEqual = true, swEqual = true;
        double startSeconds = 0;
        List<Measured> fc = null, sw = null;
        // two rounds of everything, the first to warm the JIT (engine and Spark paths alike); the second is reported
        for (int round = 0; round < 2; round++) {
            ROUND = round == 0 ? " (warm-up)" : "";
            ForecastBacktestArguments a = round == 0 ? warm : all;
            int roundSymbols = round == 0 ? warmSymbols : symbols;
            Measured fcLocal = measure("forecast: local engine, 1 thread", () -> {
                for (PriceSeries s : series.subList(0, roundSymbols)) {
                    local.put(s.symbol(), Json.MAPPER.writeValueAsString(ForecastBacktestRun.run(ForecastModels.BUILT_IN, s, model, 20, every, null, null, null, null).result()));
                }
            });
            fc = new ArrayList<>(List.of(fcLocal));
            sw = new ArrayList<>();

            sw.add(measure("sweep: local engine, 1 thread", () -> {
                GraphSweep kernel = new GraphSweep(GraphComposer.compose(spec).requireOk(), u);
                localSweep[0] = Sweep.run(kernel, u.indexOf(oos), 1, false, ResearchService.PERIODS_PER_YEAR);
            }));
            for (int cores : new int[]{1, 2}) {
                SparkSession[] session = new SparkSession[1];
                int n = cores;
                Measured start = measure("Spark local[" + cores + "] session start", () -> {
                    session[0] = LocalSpark.session("local[" + n + "]", "bench-local-" + n);
                    session[0].sparkContext().setLogLevel("WARN");
                    session[0].range(1).count();
                });
                SparkSession spark = session[0];
                Path out = dir.resolve("bt-" + cores), swOut = dir.resolve("sweep-" + cores);
                fc.add(measure("forecast: Spark local[" + cores + "]", () -> ForecastBacktestJob.run(spark, synthetic.toString(), out.toString(), a, 4 * cores, true))); // a local export: the CLI checks the bound before Spark
                for (Row r : spark.read().parquet(out.toString()).collectAsList()) {
                    String json = r.getAs("result_json");
                    fcEqual &= json != null && Json.MAPPER.writeValueAsString(Json.MAPPER.readValue(json, org.sextant.engine.forecast.WalkForwardBacktest.Result.class))
                            .equals(local.get((String) r.getAs("symbol")));
                }
                sw.add(measure("sweep: Spark local[" + cores + "]", () -> StrategySweepJob.run(spark, synthetic.toString(), swOut.toString(),
                        new SweepArguments(spec, swSymbols, null, null, oos), 4 * cores)));
                for (Row r : spark.read().parquet(swOut.toString()).collectAsList()) {
                    int k = r.getAs("configuration");
                    swEqual &= localSweep[0].inSample()[k].sharpe() == (double) r.getAs("is_sharpe")
                            && localSweep[0].outOfSample()[k].maxDrawdown() == (double) r.getAs("oos_max_drawdown");
                }
                spark.stop();
                if (round == 1) startSeconds = Math.max(startSeconds, start.wall());
            }
        }
        int configurations = localSweep[0].configurations();
        System.out.printf(Locale.ROOT, "load average at end: %.1f%n%n", OS.getSystemLoadAverage());
        print("Forecast backtests: " + symbols + " synthetic symbols x " + bars + " closes, " + model + ", origins " + every + ", horizon 20; "
                + fits + " fits; equal to the local engine: " + fcEqual, fc, fits, "fit");
        print("Strategy sweep: " + configurations + " RSI configurations x " + sweepSymbols + " symbols x " + bars + " bars; equal to the local sweep: " + swEqual,
                sw, (long) configurations * sweepSymbols * bars, "bar-configuration");
        extrapolate(fc, symbols, fits, startSeconds);
    }

    interface Work { void run() throws Exception; }

    static String ROUND = "";

    static Measured measure(String what, Work w) throws Exception {
        long t0 = System.nanoTime(), c0 = OS.getProcessCpuTime();
        w.run();
        Measured m = new Measured(what, (System.nanoTime() - t0) / 1e9, (OS.getProcessCpuTime() - c0) / 1e9);
        System.out.printf(Locale.ROOT, "measured %s%s: %.1f s wall, %.1f s CPU (load average %.1f)%n", what, ROUND, m.wall(), m.cpu(), OS.getSystemLoadAverage());
        return m;
    }

    static void print(String title, List<Measured> m, long units, String unit) {
        double base = m.get(0).wall(), one = m.get(1).wall(), two = m.get(2).wall();
        System.out.println(title);
        System.out.println("| run | wall s | CPU s | " + unit + "s per wall s | overhead vs local engine |");
        System.out.println("|---|---|---|---|---|");
        for (Measured x : m) {
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.3g | %s |%n", x.what(), x.wall(), x.cpu(), units / x.wall(),
                    x == m.get(0) ? "(baseline)" : String.format(Locale.ROOT, "%+.0f%%", 100 * (x.wall() - base) / base));
        }
        System.out.printf(Locale.ROOT, "scaling efficiency 1 -> 2 cores (Spark, wall): %.2f; CPU local[2] / local[1]: %.2f%n%n", one / (2 * two),
                m.get(2).cpu() / m.get(1).cpu());
    }

    /**
     * 5,000 symbols on N executor cores from the measured per-symbol task cost: a symbol's task
     * costs the local[2] job's CPU seconds / symbols (CPU, not wall, so other processes on this
     * shared machine do not count); N cores run N tasks at a time, the partition plan keeps the
     * longest task near the mean (imbalance ~1.04 on the sample), plus the session start once.
     */
    static void extrapolate(List<Measured> fc, int symbols, long fits, double start) {
        double perSymbol = fc.get(2).cpu() / symbols;
        System.out.printf(Locale.ROOT, "per-symbol task cost on Spark: %.3f CPU s (%.2f ms per fit), session start %.1f s%n", perSymbol,
                1000 * fc.get(2).cpu() / fits, start);
        System.out.println("| executor cores | 5,000 symbols, wall (estimate) |");
        System.out.println("|---|---|");
        for (int n : new int[]{1, 8, 32, 128}) System.out.printf(Locale.ROOT, "| %d | %.0f s |%n", n, start + 5000 * perSymbol / n);
    }

    /** length 2..51 x enter below 10..30 step 5 x exit above 55..90 step 5: 2,000 configurations. */
    static String rsiGrid() {
        String lengths = IntStream.rangeClosed(2, 51).mapToObj(Integer::toString).collect(Collectors.joining(", "));
        return """
                {"version": 1, "name": "rsi grid", "nodes": {
                  "close": {"type": "price"},
                  "rsi": {"type": "rsi", "inputs": {"series": "close"}, "params": {"length": [%s]}},
                  "dip": {"type": "threshold", "inputs": {"series": "rsi"}, "params": {"enter_below": {"from": 10, "to": 30, "step": 5}, "exit_above": {"from": 55, "to": 90, "step": 5}}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "dip"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5, "slippage_bps": 5}}}}
                """.formatted(lengths);
    }
}
