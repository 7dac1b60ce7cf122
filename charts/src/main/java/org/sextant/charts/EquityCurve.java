package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One equity curve to draw: growth of 1 over the given trading days and its drawdown (equity
 * over its running peak minus 1), both as the engine computed them: the chart draws, it does
 * not compute. A benchmark's curve (holding the same symbols) is drawn grey and dashed beside the strategy's.
 */
public record EquityCurve(String name, List<LocalDate> dates, double[] equity, double[] drawdown, boolean benchmark) {
    /** A strategy's curve. */
    public EquityCurve(String name, List<LocalDate> dates, double[] equity, double[] drawdown) {
        this(name, dates, equity, drawdown, false);
    }

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
