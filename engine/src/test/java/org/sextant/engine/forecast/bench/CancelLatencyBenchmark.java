package org.sextant.engine.forecast.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.LiveCalibration;
import org.sextant.engine.jobs.Cancellation;

/**
 * How long a scan takes to stop after Cancel, on one symbol's work (its calibrated live forecast,
 * about 250 fits): the baseline is the scan's old checkpoint, between symbols (the work runs to its
 * end); against it the cancel bound to the job's thread, seen at each fit and optimiser iteration.
 * The request comes {@code delayMs} after the work started; latency is request to stop.
 *
 * <pre>java -cp ... org.sextant.engine.forecast.bench.CancelLatencyBenchmark engine/src/main/resources/sample/dowjones30.csv [models] [trials] [delayMs]</pre>
 */
public final class CancelLatencyBenchmark {
    public static void main(String[] args) throws Exception {
        Map<String, double[]> all = new LinkedHashMap<>();
        CalibrationBenchmark.readColumns(Path.of(args[0]), all);
        List<String> models = args.length > 1 ? List.of(args[1].split(",")) : List.of("ets", "arima", "theta", "otm");
        int trials = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        long delay = args.length > 3 ? Long.parseLong(args[3]) : 1000;
        double[] y = all.values().iterator().next();
        System.out.printf(Locale.ROOT, "one symbol of %d closes, horizon 20, cancel %d ms after the start, median of %d trials%n%n", y.length, delay, trials);
        System.out.println("| model | symbol's work, uncancelled (ms) | cancel latency, between symbols (ms, before) | cancel latency, inside the fit (ms) |");
        System.out.println("|---|---|---|---|");
        for (String m : models) {
            Forecaster f = ForecastModels.BUILT_IN.forPrices(m);
            long[] before = new long[trials], after = new long[trials], work = new long[trials];
            for (int t = 0; t < trials; t++) {
                long[] b = latency(f, y, delay, false);
                work[t] = b[1];
                before[t] = b[0];
                after[t] = latency(f, y, delay, true)[0];
            }
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %d |%n", m, median(work), median(before), median(after));
        }
    }

    /** {latency from request to stop, time the work ran} in ms, with the cancel bound to the worker's thread or not. */
    private static long[] latency(Forecaster f, double[] y, long delay, boolean bound) throws Exception {
        AtomicBoolean requested = new AtomicBoolean();
        long[] end = new long[1];
        Thread worker = new Thread(() -> {
            try {
                if (bound) Cancellation.watching(requested::get, () -> LiveCalibration.run(f, y, 20, Forecaster.DEFAULT_LEVELS));
                else LiveCalibration.run(f, y, 20, Forecaster.DEFAULT_LEVELS);
            } catch (Exception stopped) {
                // the cancelled outcome
            }
            end[0] = System.nanoTime();
        });
        long start = System.nanoTime();
        worker.start();
        worker.join(delay);
        long request = System.nanoTime();
        requested.set(true);
        worker.join();
        return new long[] {Math.max(0, (end[0] - request) / 1_000_000), (end[0] - start) / 1_000_000};
    }

    private static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
