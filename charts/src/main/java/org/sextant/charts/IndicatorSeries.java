package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * An indicator as the chart draws it: its label ("RSI(14)"), whether its values are prices (drawn
 * over the price chart) or a scale of their own (a pane under it), and its lines over the
 * symbol's dates (NaN where the indicator is not defined yet, e.g. the first 13 days of an RSI(14)).
 */
public record IndicatorSeries(String label, boolean onPrice, List<LocalDate> dates, List<IndicatorSeries.Line> lines) {
    /** One line: "upper", "signal"; values line up with the dates. */
    public record Line(String name, double[] values) {
        public Line {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(values, "values");
        }
    }

    public IndicatorSeries {
        Objects.requireNonNull(label, "label");
        dates = List.copyOf(dates);
        lines = List.copyOf(lines);
        for (Line l : lines) {
            if (l.values().length != dates.size()) {
                throw new IllegalArgumentException(label + " " + l.name() + ": " + l.values().length + " values beside " + dates.size() + " dates");
            }
        }
    }
}
