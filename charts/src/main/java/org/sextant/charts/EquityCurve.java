package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One equity curve to draw: growth of 1 over the given trading days and its drawdown (equity
 * over its running peak minus 1), both as the engine computed them: the chart draws, it does
 * not compute.
 */
public record EquityCurve(String name, List<LocalDate> dates, double[] equity, double[] drawdown) {
    public EquityCurve {
        Objects.requireNonNull(name, "name");
        dates = List.copyOf(dates);
        equity = equity.clone();
        drawdown = drawdown.clone();
        if (dates.size() != equity.length || dates.size() != drawdown.length) {
            throw new IllegalArgumentException(name + ": " + dates.size() + " dates but " + equity.length + " equity and "
                    + drawdown.length + " drawdown values");
        }
    }
}
