package org.sextant.engine.forecast.bench;

import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.global.GlobalModel;
import org.sextant.engine.forecast.global.GlobalPriceModels;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Does the global model beat the random walk on real daily prices, out of sample? The 37 price
 * series of CalibrationBenchmark; the global model is trained as the workstation trains it
 * (GlobalPriceModels.config, log closes, the first 60% of every series), then every model is
 * walked forward over the last 40% (origins every 20 days, horizon 20, conformal calibration
 * origins every k days): mean absolute log error (MALE, the MAE of log prices) and coverage of
 * the models' own 80/95 bands and of conformal ones, pooled over origins, and how many series
 * the global model forecasts better than the random walk.
 *
 * <pre>java -cp ... org.sextant.engine.forecast.bench.GlobalPriceBenchmark /work/shared/data/prices [k] [models]</pre>
 */
public final class GlobalPriceBenchmark {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> models = args.length > 2 ? List.of(args[2].split(",")) : List.of("naive", "drift", "global");
        Map<String, double[]> series = CalibrationBenchmark.realSeries(dir);
        int h = 20;
        long c0 = System.nanoTime();
        List<double[]> train = new ArrayList<>();
        for (double[] y : series.values()) {
            int n = (int) Math.floor(y.length * GlobalPriceModels.TRAIN_SHARE);
            double[] part = new double[n];
            for (int i = 0; i < n; i++) part[i] = Math.log(y[i]);
            train.add(part);
        }
        GlobalModel model = GlobalModel.train(train, GlobalPriceModels.config(h), f -> { }, () -> false);
        ForecastModels catalogue = new ForecastModels(x -> model);
        System.out.printf(Locale.ROOT, "%d price series; global model trained on the first 60%% of each in %.1f s wall; horizon %d, "
                + "origins every 20 days over the last 40%%, conformal calibration every %d days%n%n", series.size(), (System.nanoTime() - c0) / 1e9, h, k);
        System.out.println("| model | origins | MALE | own 80% | own 95% | conformal 80% | conformal 95% | series better than naive |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        Map<String, double[]> naiveMale = new LinkedHashMap<>();
        for (String m : models) {
            double male = 0, w = 0, w2 = 0;
            double[] cov = new double[2], ccov = new double[2];
            int origins = 0, better = 0;
            for (Map.Entry<String, double[]> e : series.entrySet()) {
                WalkForwardBacktest.Result r = WalkForwardBacktest.run(catalogue.forPrices(m), e.getValue(), 1, h, 20, 0.4, new double[] {0.8, 0.95}, k);
                double n = r.origins();
                origins += r.origins();
                male += r.male() * n;
                w += n;
                for (int i = 0; i < 2; i++) cov[i] += r.coverage()[i] * n;
                if (!Double.isNaN(r.conformalCoverage()[0])) {
                    for (int i = 0; i < 2; i++) ccov[i] += r.conformalCoverage()[i] * n;
                    w2 += n;
                }
                if (m.equals("naive")) naiveMale.put(e.getKey(), new double[] {r.male()});
                else if (naiveMale.containsKey(e.getKey()) && r.male() < naiveMale.get(e.getKey())[0]) better++;
            }
            System.out.printf(Locale.ROOT, "| log %s | %d | %.4f | %.1f | %.1f | %.1f | %.1f | %s |%n", m, origins, male / w, 100 * cov[0] / w,
                    100 * cov[1] / w, 100 * ccov[0] / w2, 100 * ccov[1] / w2, m.equals("naive") ? "–" : better + " of " + series.size());
        }
    }
}
