package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/** A symbol's closes rebased for a comparison (100 at the base date), oldest first; NaN where a close is missing. */
public record ComparedLine(String symbol, List<LocalDate> dates, double[] rebased) {
    public ComparedLine {
        Objects.requireNonNull(symbol, "symbol");
        dates = List.copyOf(dates);
        if (rebased.length != dates.size()) throw new IllegalArgumentException(symbol + ": " + dates.size() + " dates but " + rebased.length + " values");
    }

    /** The last defined value (what the legend shows), NaN when there is none. */
    public double last() {
        for (int i = rebased.length - 1; i >= 0; i--) if (!Double.isNaN(rebased[i])) return rebased[i];
        return Double.NaN;
    }
}
