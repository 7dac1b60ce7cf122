package org.sextant.engine.data;

import java.time.LocalDate;
import java.util.List;

/** Daily closes of one symbol between two dates (inclusive), oldest first. */
public record PriceSeries(String symbol, LocalDate from, LocalDate to, List<LocalDate> dates,
                          double[] close, double[] adjClose) {
    public int size() { return dates.size(); }
}
