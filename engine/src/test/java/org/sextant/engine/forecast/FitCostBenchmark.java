package org.sextant.engine.forecast;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.util.Locale;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * What one model fit costs per close of history, the figure get_backtest_error's up-front estimate
 * uses ({@link BacktestCost}): thread CPU time of fits on the sample NYSE closes at three history
 * lengths, naive (the baseline) in the same run; then, per model, a whole walk-forward timed beside
 * its estimate (docs/benchmarks.md, "Forecast backtest: fit cost"). Arguments: models (default all
 * that need no trained global model; naming global or comb_global first trains the app's global model on the sample
 * store, as train_global_model does, and prints its training CPU time).
 */
public final class FitCostBenchmark {
    private static final int[] LENGTHS = {1000, 4000, 9000};
    private static final int WALK = 2500;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        java.util.List<String> models = new java.util.ArrayList<>(args.length > 0 ? java.util.List.of(args[0].split(","))
                : ForecastModels.names().stream().filter(m -> !ForecastModels.needsGlobalModel(m)).toList());
        models.remove("naive");
        models.add(0, "naive"); // the baseline, first
        try (Sextant engine = Sextant.open(new SextantHome(Files.createTempDirectory("fitcost-")).ensureLayout())) {
            ForecastModels catalogue = models.stream().anyMatch(ForecastModels::needsGlobalModel) ? trained(engine) : ForecastModels.BUILT_IN;
            var nyse = engine.getClosePrice("NYSE", null, null);
            double[] y = PriceForecast.closes(nyse);
            // the walk-forward on a ten-year history (its first 2,500 closes): the estimate away from the lengths it was fitted at
            var decade = new org.sextant.engine.data.PriceSeries("NYSE", nyse.dates().get(0), nyse.dates().get(WALK - 1), nyse.dates().subList(0, WALK),
                    java.util.Arrays.copyOf(nyse.close(), WALK), nyse.adjClose() == null ? null : java.util.Arrays.copyOf(nyse.adjClose(), WALK));
            System.out.printf(Locale.ROOT, "NYSE %d closes, horizon %d, levels 80/95/99; walk-forward on the first %d closes, eval_fraction 0.02; load %.1f%n%n",
                    y.length, ForecastBacktestRun.DEFAULT_HORIZON, WALK, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.printf(Locale.ROOT, "| model | ms/fit at 1000 | at 4000 | at 9000 | fit: us + ns/close | x naive at 9000 | walk-forward fits | CPU s | ns/close | class | estimate s |%n");
            System.out.printf(Locale.ROOT, "|---|---:|---:|---:|---|---:|---:|---:|---:|---|---:|%n");
            double naive = Double.NaN;
            for (String m : models) {
                Forecaster f = catalogue.forPrices(m);
                double[] ms = new double[LENGTHS.length];
                for (int i = 0; i < LENGTHS.length; i++) ms[i] = msPerFit(f, y, LENGTHS[i]);
                if (m.equals("naive")) naive = ms[2];
                double[] line = line(ms);
                // a short walk-forward (eval_fraction 0.02: its calibration origins dominate), timed beside its estimate
                int[] origins = ForecastBacktestRun.fitOrigins(catalogue, decade, m, null, null, 0.02, null);
                long closes = java.util.Arrays.stream(origins).asLongStream().sum();
                long t0 = CPU.getCurrentThreadCpuTime();
                ForecastBacktestRun.run(catalogue, decade, m, null, null, 0.02, null, null, null);
                double cpu = (CPU.getCurrentThreadCpuTime() - t0) / 1e9;
                double estimate = BacktestCost.estimatedSeconds(catalogue, decade, m, null, null, 0.02);
                BacktestCost.CostClass c = BacktestCost.costClass(m);
                System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.0f + %.0f | %.1f | %d | %.2f | %.0f | %s (%.0f + %.0f) | %.2f |%n", m, ms[0], ms[1], ms[2],
                        line[0], line[1], ms[2] / naive, origins.length, cpu, cpu * 1e9 / closes, c, c.microsPerFit, c.nanosPerClose, estimate);
            }
        }
    }

    /** The catalogue whose global is the model train_global_model makes of the sample store (horizon 20, the app's configuration). */
    private static ForecastModels trained(Sextant engine) throws Exception {
        var global = org.sextant.engine.forecast.global.StoredPrices.models(engine.store(), Files.createTempDirectory("fitcost-global-"));
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime(), wall0 = System.nanoTime();
        var t = global.train(ForecastBacktestRun.DEFAULT_HORIZON, new org.sextant.engine.jobs.JobContext() {
            @Override public void progress(double fraction, String message) { }
            @Override public boolean cancelled() { return false; }
        });
        System.out.printf(Locale.ROOT, "global model trained on %d sample series: %.1f CPU s (all threads), %.1f s wall%n", t.series(),
                (os.getProcessCpuTime() - cpu0) / 1e9, (System.nanoTime() - wall0) / 1e9);
        return new ForecastModels(global::current);
    }

    /** Least squares of ms per fit on the history lengths: {microseconds per fit, nanoseconds per close}. */
    private static double[] line(double[] ms) {
        double mx = 0, my = 0, sxy = 0, sxx = 0;
        for (int i = 0; i < LENGTHS.length; i++) {
            mx += LENGTHS[i] / (double) LENGTHS.length;
            my += ms[i] / LENGTHS.length;
        }
        for (int i = 0; i < LENGTHS.length; i++) {
            sxy += (LENGTHS[i] - mx) * (ms[i] - my);
            sxx += (LENGTHS[i] - mx) * (LENGTHS[i] - mx);
        }
        double slope = sxy / sxx; // ms per close
        return new double[] {(my - slope * mx) * 1000, slope * 1e6};
    }

    /** CPU milliseconds of one fit on the first {@code n} closes: repeated for at least 0.3 s after one warm-up. */
    private static double msPerFit(Forecaster f, double[] y, int n) {
        double[] h = java.util.Arrays.copyOf(y, n);
        f.forecast(h, 1, ForecastBacktestRun.DEFAULT_HORIZON, ForecastBacktestRun.DEFAULT_LEVELS);
        long t0 = CPU.getCurrentThreadCpuTime();
        int k = 0;
        do {
            f.forecast(h, 1, ForecastBacktestRun.DEFAULT_HORIZON, ForecastBacktestRun.DEFAULT_LEVELS);
            k++;
        } while (CPU.getCurrentThreadCpuTime() - t0 < 300_000_000L);
        return (CPU.getCurrentThreadCpuTime() - t0) / 1e6 / k;
    }
}
