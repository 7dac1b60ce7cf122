package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * A forecast over h steps: the central path and one band per requested level. The central
 * path is the median for every model whose errors are symmetric on the modelled scale (all
 * additive models, and every model wrapped by {@link LogScale}); for multiplicative ETS it is
 * the model's point forecast. Bands are checked on construction to be nested around it, so a
 * caller can rely on lower(99) <= lower(95) <= lower(80) <= median <= upper(80) <= ...
 */
public record Forecast(String model, double[] median, List<QuantileBand> bands) {
    public Forecast {
        median = median.clone();
        List<QuantileBand> sorted = new ArrayList<>(bands);
        sorted.sort(Comparator.comparingDouble(QuantileBand::level));
        bands = List.copyOf(sorted);
        checkNested(median, bands);
    }

    @Override public double[] median() { return median.clone(); }

    public int horizon() { return median.length; }

    /** The band at this level (compared to 1e-9), or an exception naming the levels present. */
    public QuantileBand band(double level) {
        for (QuantileBand b : bands) if (Math.abs(b.level() - level) < 1e-9) return b;
        throw new IllegalArgumentException("no band at level " + level + " in " + bands.stream().map(QuantileBand::level).toList());
    }

    /** Applies a monotone increasing map (e.g. exp) to the median and every band. */
    public Forecast map(String newModel, DoubleUnaryOperator f) {
        List<QuantileBand> out = new ArrayList<>();
        for (QuantileBand b : bands) out.add(new QuantileBand(b.level(), apply(b.lower(), f), apply(b.upper(), f)));
        return new Forecast(newModel, apply(median, f), out);
    }

    private static double[] apply(double[] x, DoubleUnaryOperator f) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) y[i] = f.applyAsDouble(x[i]);
        return y;
    }

    /** The bands came out crossed or not finite: numbers a model cannot hold (closes far apart in magnitude) or a model error. */
    public static final class BandsNotNested extends IllegalStateException {
        BandsNotNested(String message) {
            super(message);
        }
    }

    private static void checkNested(double[] median, List<QuantileBand> bands) {
        double tol = 1e-9;
        for (int i = 0; i < median.length; i++) {
            double lo = median[i], hi = median[i];
            for (QuantileBand b : bands) {
                if (b.lower().length != median.length) throw new IllegalArgumentException("band length differs from horizon");
                double l = b.lower(i), u = b.upper(i);
                if (!(l <= lo + tol * Math.max(1, Math.abs(lo))) || !(u >= hi - tol * Math.max(1, Math.abs(hi)))) {
                    throw new BandsNotNested("bands not nested at step " + (i + 1) + " level " + b.level());
                }
                lo = l;
                hi = u;
            }
        }
    }
}
