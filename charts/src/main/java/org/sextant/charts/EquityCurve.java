package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One equity curve to draw: growth of 1 over the given trading days (plain values, so the chart
 * needs nothing from the engine).
 */
public record EquityCurve(String name, List<LocalDate> dates, double[] equity) {
    public EquityCurve {
        Objects.requireNonNull(name, "name");
        dates = List.copyOf(dates);
        equity = equity.clone();
        if (dates.size() != equity.length) {
            throw new IllegalArgumentException(name + ": " + dates.size() + " dates but " + equity.length + " equity values");
        }
    }

    /** Drawdown at each day: equity over its running peak minus 1 (0 at a new high, -0.25 a quarter below it). */
    public double[] drawdown() {
        double[] dd = new double[equity.length];
        double peak = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < equity.length; i++) {
            if (equity[i] > peak) peak = equity[i];
            dd[i] = peak > 0 ? equity[i] / peak - 1 : 0;
        }
        return dd;
    }
}
