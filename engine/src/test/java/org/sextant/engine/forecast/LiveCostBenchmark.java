package org.sextant.engine.forecast;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.util.Locale;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * What a live forecast costs as its horizon grows, beside {@link LiveForecastCost}'s estimate: thread CPU
 * time of {@link PriceForecast#calibrated} (conformal, levels 80/95/99) on the sample NYSE closes at
 * horizons 20 and 260, naive (the baseline, nearly no fitting) first in the same run
 * (docs/benchmarks.md, "Live forecast: cost by horizon"). Argument: models (default naive,theta,otm,damped,arima).
 */
public final class LiveCostBenchmark {
    public static void main(String[] args) throws Exception {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        String[] models = (args.length > 0 ? args[0] : "naive,theta,otm,damped,arima").split(",");
        try (Sextant engine = Sextant.open(new SextantHome(Files.createTempDirectory("livecost-")).ensureLayout())) {
            var nyse = engine.getClosePrice("NYSE", null, null);
            PriceForecast.calibrated(ForecastModels.BUILT_IN, nyse, "naive", 20, new double[] {0.8, 0.95, 0.99}, BandCalibration.CONFORMAL); // warm-up
            System.out.printf(Locale.ROOT, "NYSE %d closes; load %.1f%n%n| model | horizon | fits | CPU s | estimate s | of which calibration s |%n|---|---:|---:|---:|---:|---:|%n",
                    nyse.size(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            for (String m : models) {
                for (int h : new int[] {20, 260}) {
                    int fits = LiveCalibration.origins(ForecastModels.BUILT_IN.forPrices(m).minLength(1), nyse.size(), h).length;
                    long t0 = cpu.getCurrentThreadCpuTime();
                    PriceForecast.calibrated(ForecastModels.BUILT_IN, nyse, m, h, new double[] {0.8, 0.95, 0.99}, BandCalibration.CONFORMAL);
                    double s = (cpu.getCurrentThreadCpuTime() - t0) / 1e9;
                    System.out.printf(Locale.ROOT, "| %s | %d | %d | %.2f | %.2f | %.2f |%n", m, h, fits, s,
                            LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse.size(), m, h), BacktestCost.calibrationSeconds(fits, h));
                }
            }
        }
    }
}
