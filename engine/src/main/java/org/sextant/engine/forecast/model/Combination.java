package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.QuantileBand;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Equal-weight combination of member forecasts: the mean or the median of the members'
 * central paths, and of their band edges level by level (quantile averaging). Both keep
 * bands nested because each member's are.
 */
public final class Combination implements Forecaster {
    private final String name;
    private final boolean median;
    private final List<Forecaster> members;

    public Combination(String name, boolean median, List<Forecaster> members) {
        this.name = name;
        this.median = median;
        this.members = List.copyOf(members);
    }

    /** The same combination of {@code map}'s version of each member (prices: ARIMA differenced at most once). */
    public Combination withMembers(java.util.function.UnaryOperator<Forecaster> map) {
        return new Combination(name, median, members.stream().map(map).toList());
    }

    @Override public String name() { return name; }

    @Override public int minLength(int period) {
        int k = 0;
        for (Forecaster f : members) k = Math.max(k, f.minLength(period));
        return k;
    }

    @Override
    public Forecast compute(double[] y, int period, int h, double[] levels) {
        List<Forecast> fs = new ArrayList<>();
        for (Forecaster f : members) fs.add(f.compute(y, period, h, levels));
        double[] centre = combine(fs.stream().map(Forecast::median).toList(), h);
        List<QuantileBand> bands = new ArrayList<>();
        for (double level : levels) {
            double[] lo = combine(fs.stream().map(f -> f.band(level).lower()).toList(), h);
            double[] hi = combine(fs.stream().map(f -> f.band(level).upper()).toList(), h);
            bands.add(new QuantileBand(level, lo, hi));
        }
        return new Forecast(name, centre, bands);
    }

    private double[] combine(List<double[]> paths, int h) {
        double[] out = new double[h];
        double[] col = new double[paths.size()];
        for (int i = 0; i < h; i++) {
            for (int j = 0; j < col.length; j++) col[j] = paths.get(j)[i];
            if (median) {
                Arrays.sort(col);
                int k = col.length;
                out[i] = k % 2 == 1 ? col[k / 2] : (col[k / 2 - 1] + col[k / 2]) / 2;
            } else {
                double s = 0;
                for (double v : col) s += v;
                out[i] = s / col.length;
            }
        }
        return out;
    }
}
