package org.sextant.engine.forecast.bench;

import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.WalkForwardBacktest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Calibration of 80/95 bands on real daily prices: walk-forward with horizon 20 business days,
 * origins every 20 days over the last 40% of each series, models on log prices. Prints the
 * coverage of each model's own bands beside split-conformal bands (the latest 250 residuals
 * per step of calibration origins every k days whose targets are past), pooled over all series.
 *
 * <pre>java -cp ... org.sextant.engine.forecast.bench.CalibrationBenchmark /work/shared/data/prices [models] [k]</pre>
 */
public final class CalibrationBenchmark {
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        List<String> models = args.length > 1 ? List.of(args[1].split(",")) : List.of("naive", "drift", "theta");
        int calibrationEvery = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Map<String, double[]> series = realSeries(dir);
        double[] levels = {0.8, 0.95};
        System.out.printf(Locale.ROOT, "%d price series; horizon 20, origins every 20 days over the last 40%%, conformal calibration origins every %d days%n%n", series.size(), calibrationEvery);
        System.out.println("| model | origins | MALE | own 80% | own 95% | conformal 80% | conformal 95% | adaptive 80% | adaptive 95% |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (String m : models) {
            double male = 0, w = 0, w2 = 0;
            double[] cov = new double[2], ccov = new double[2], acov = new double[2];
            int origins = 0;
            for (double[] y : series.values()) {
                WalkForwardBacktest.Result r = WalkForwardBacktest.run(ForecastModels.BUILT_IN.forPrices(m), y, 1, 20, 20, 0.4, levels, calibrationEvery);
                double k = r.origins();
                origins += r.origins();
                male += r.male() * k;
                w += k;
                for (int i = 0; i < 2; i++) cov[i] += r.coverage()[i] * k;
                if (!Double.isNaN(r.conformalCoverage()[0])) {
                    for (int i = 0; i < 2; i++) ccov[i] += r.conformalCoverage()[i] * k;
                    for (int i = 0; i < 2; i++) acov[i] += r.adaptiveCoverage()[i] * k;
                    w2 += k;
                }
            }
            System.out.printf(Locale.ROOT, "| log %s | %d | %.4f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |%n", m, origins, male / w,
                    100 * cov[0] / w, 100 * cov[1] / w, 100 * ccov[0] / w2, 100 * ccov[1] / w2, 100 * acov[0] / w2, 100 * acov[1] / w2);
        }
    }

    /** The 37 positive daily price series: 30 Dow Jones stocks, the NYSE composite, six SWX/LPP indices. */
    static Map<String, double[]> realSeries(Path dir) throws IOException {
        Map<String, double[]> series = new LinkedHashMap<>();
        for (String file : List.of("dowjones30_daily_close.csv", "nyse_composite_daily.csv", "swxlp_daily_index_levels.csv")) {
            readColumns(dir.resolve(file), series);
        }
        return series;
    }

    /** Every numeric column of a wide date,value... CSV with positive values becomes one series. */
    static void readColumns(Path csv, Map<String, double[]> out) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] head = lines.get(0).replace("\"", "").split(",");
        for (int c = 1; c < head.length; c++) {
            List<Double> v = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",");
                if (c < f.length && !f[c].isEmpty() && !f[c].equals("NA")) v.add(Double.parseDouble(f[c]));
            }
            if (v.stream().allMatch(x -> x > 0)) out.put(csv.getFileName() + ":" + head[c], v.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
