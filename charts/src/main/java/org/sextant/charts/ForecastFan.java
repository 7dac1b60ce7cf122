package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * A forecast as the chart draws it: the median and one band per coverage level over the target
 * dates, growing out of the close at {@code origin}. A live forecast and each walk-forward origin
 * are one fan each.
 */
public record ForecastFan(String symbol, LocalDate origin, double lastClose, List<LocalDate> targetDates,
                          double[] median, List<Band> bands) {
    public ForecastFan {
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(origin, "origin");
        targetDates = List.copyOf(targetDates);
        bands = List.copyOf(bands);
        if (median.length != targetDates.size()) {
            throw new IllegalArgumentException(symbol + ": " + targetDates.size() + " target dates but " + median.length + " medians");
        }
        for (Band b : bands) {
            if (b.lower().length != median.length) throw new IllegalArgumentException(symbol + ": band " + b.level() + " has " + b.lower().length + " steps");
        }
    }

    /** The central interval at one coverage level (0.80 is the 10%..90% quantiles), per target date. */
    public record Band(double level, double[] lower, double[] upper) {
        public Band {
            if (lower.length != upper.length) throw new IllegalArgumentException("band " + level + ": lower and upper differ in length");
        }
    }
}
