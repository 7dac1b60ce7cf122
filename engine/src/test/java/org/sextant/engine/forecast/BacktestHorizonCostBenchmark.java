package org.sextant.engine.forecast;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.util.Locale;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * What get_backtest_error's walk-forward costs as its horizon grows, beside {@link BacktestCost}'s estimate with and
 * without the bands' per-step calibration ({@link BacktestCost#calibrationSeconds}): thread CPU time of
 * {@link ForecastBacktestRun#run} (levels 80/95/99) on the sample NYSE closes, origins every 5 closes over the last 40%,
 * at horizons 20 and 260; the fits-only estimate (the one before) is the baseline, printed in the same run
 * (docs/benchmarks.md, "Forecast backtest: cost by horizon"). Argument: models (default naive,theta).
 */
public final class BacktestHorizonCostBenchmark {
    public static void main(String[] args) throws Exception {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        String[] models = (args.length > 0 ? args[0] : "naive,theta").split(",");
        try (Sextant engine = Sextant.open(new SextantHome(Files.createTempDirectory("btcost-")).ensureLayout())) {
            var nyse = engine.getClosePrice("NYSE", null, null);
            ForecastBacktestRun.run(ForecastModels.BUILT_IN, nyse, "naive", 20, "20", null, null, null, null); // warm-up
            System.out.printf(Locale.ROOT, "NYSE %d closes, origins every 5 closes; load %.1f%n%n"
                            + "| model | horizon | fits | evaluated origins | CPU s | estimate before (fits only) s | estimate now s |%n|---|---:|---:|---:|---:|---:|---:|%n",
                    nyse.size(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            for (String m : models) {
                for (int h : new int[] {20, 260}) {
                    int[] fits = ForecastBacktestRun.fitOrigins(ForecastModels.BUILT_IN, nyse, m, h, "5", null, null);
                    long closes = java.util.Arrays.stream(fits).asLongStream().sum();
                    long t0 = cpu.getCurrentThreadCpuTime();
                    var run = ForecastBacktestRun.run(ForecastModels.BUILT_IN, nyse, m, h, "5", null, null, null, null);
                    double s = (cpu.getCurrentThreadCpuTime() - t0) / 1e9;
                    System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %.2f | %.2f | %.2f |%n", m, h, fits.length, run.result().origins(), s,
                            BacktestCost.costClass(m).seconds(fits.length, closes), BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse, m, h, "5", null));
                }
            }
        }
    }
}
