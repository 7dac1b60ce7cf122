package org.sextant.engine.forecast.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.LiveCalibration;

/**
 * Cost of a calibrated live forecast (conformal bands with their walk-forward coverage) beside
 * the baseline of one fit with the model's own bands, measured in the same run on real daily
 * closes (horizon 20). Also prints the live coverage of the conformal bands pooled over the series.
 *
 * <pre>java -cp ... org.sextant.engine.forecast.bench.LiveCalibrationBenchmark engine/src/main/resources/sample/dowjones30.csv [models] [series]</pre>
 */
public final class LiveCalibrationBenchmark {
    public static void main(String[] args) throws IOException {
        Map<String, double[]> all = new LinkedHashMap<>();
        CalibrationBenchmark.readColumns(Path.of(args[0]), all);
        List<String> models = args.length > 1 ? List.of(args[1].split(",")) : List.of("naive", "drift", "theta");
        int count = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        List<double[]> series = all.values().stream().limit(count).toList();
        double[] levels = {0.8, 0.95, 0.99};
        System.out.printf(Locale.ROOT, "%d series of %d closes, horizon 20%n%n", series.size(), series.get(0).length);
        System.out.println("| model | one fit, own bands (ms) | calibrated live forecast (ms) | ratio | conformal coverage 80/95/99 |");
        System.out.println("|---|---|---|---|---|");
        for (String m : models) {
            Forecaster f = ForecastModels.BUILT_IN.forPrices(m);
            for (double[] y : series) f.forecast(y, 1, 20, levels); // warm-up
            long t0 = System.nanoTime();
            for (double[] y : series) f.forecast(y, 1, 20, levels);
            double one = (System.nanoTime() - t0) / 1e6 / series.size();
            double[] cov = new double[3];
            long t1 = System.nanoTime();
            for (double[] y : series) {
                LiveCalibration.Outcome o = LiveCalibration.run(f, y, 20, levels);
                var c = o.coverage(BandCalibration.CONFORMAL, levels);
                for (int i = 0; i < 3; i++) cov[i] += c.get(i).empirical() / series.size();
            }
            double live = (System.nanoTime() - t1) / 1e6 / series.size();
            System.out.printf(Locale.ROOT, "| log %s | %.1f | %.0f | %.0f× | %.1f / %.1f / %.1f |%n", m, one, live, live / one,
                    100 * cov[0], 100 * cov[1], 100 * cov[2]);
        }
    }
}
