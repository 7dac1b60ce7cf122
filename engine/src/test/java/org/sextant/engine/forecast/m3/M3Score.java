package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.Accuracy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores forecasts of M3 as the data README prescribes: per series, sMAPE and MASE averaged over
 * the official horizon; per category and overall, the mean over series.
 */
public final class M3Score {
    public static final List<String> CATEGORIES = List.of("yearly", "quarterly", "monthly", "other", "all");

    /** category → {sMAPE, MASE, count}. */
    private final Map<String, double[]> sums = new LinkedHashMap<>();

    public M3Score() {
        for (String c : CATEGORIES) sums.put(c, new double[3]);
    }

    public synchronized void add(M3Series s, double[] forecast) {
        double smape = Accuracy.smape(s.test(), forecast);
        double mase = Accuracy.mase(s.train(), s.test(), forecast, s.maseLag());
        for (String c : List.of(s.category(), "all")) {
            double[] a = sums.get(c);
            a[0] += smape;
            a[1] += mase;
            a[2] += 1;
        }
    }

    public double smape(String category) { double[] a = sums.get(category); return a[0] / a[2]; }
    public double mase(String category) { double[] a = sums.get(category); return a[1] / a[2]; }
    public int count(String category) { return (int) sums.get(category)[2]; }
}
