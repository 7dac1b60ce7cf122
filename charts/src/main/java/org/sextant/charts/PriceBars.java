package org.sextant.charts;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * A symbol's daily bars as the chart draws them, oldest first: closes always; open, high and
 * low together when the data has them (else null, and the chart draws a line); volume when it
 * has it (else null). A missing value of one day is NaN. The arrays are the caller's, not copied
 * (a 1M-bar history is drawn without a second copy): do not change them after handing them over.
 */
public record PriceBars(String symbol, List<LocalDate> dates, double[] open, double[] high, double[] low,
                        double[] close, double[] volume) {
    public PriceBars {
        Objects.requireNonNull(symbol, "symbol");
        dates = List.copyOf(dates);
        Objects.requireNonNull(close, "close");
        if (close.length != dates.size()) throw new IllegalArgumentException(symbol + ": " + dates.size() + " dates but " + close.length + " closes");
        if ((open == null) != (high == null) || (open == null) != (low == null)) {
            throw new IllegalArgumentException(symbol + ": open, high and low come together or not at all");
        }
        for (double[] a : new double[][] {open, high, low, volume}) {
            if (a != null && a.length != close.length) throw new IllegalArgumentException(symbol + ": " + a.length + " values beside " + close.length + " closes");
        }
    }

    /** Close-only data (drawn as a line whatever the chart type). */
    public static PriceBars closes(String symbol, List<LocalDate> dates, double[] close) {
        return new PriceBars(symbol, dates, null, null, null, close, null);
    }

    public int size() {
        return close.length;
    }

    /** Whether open, high and low are there, so candles and OHLC bars can be drawn. */
    public boolean hasOhlc() {
        return open != null;
    }

    public boolean hasVolume() {
        return volume != null;
    }
}
