package org.sextant.engine.data;

import java.time.LocalDate;
import java.util.List;

/** Daily closes of one symbol between two dates (inclusive), oldest first. */
public record PriceSeries(String symbol, LocalDate from, LocalDate to, List<LocalDate> dates,
                          double[] close, double[] adjClose) {
    public int size() { return dates.size(); }

    /** Whether any stored adjusted close differs from its close: forecasts fit, and charts draw, the adjusted closes then. */
    public boolean adjusted() {
        return adjClose != null && !java.util.Arrays.equals(adjClose, close);
    }

    /** The series of these bars (oldest first); a bar without an adjusted close counts its close. */
    public static PriceSeries of(String symbol, LocalDate from, LocalDate to, List<PriceBar> bars) {
        List<LocalDate> dates = new java.util.ArrayList<>(bars.size());
        double[] close = new double[bars.size()];
        double[] adj = new double[bars.size()];
        for (int i = 0; i < bars.size(); i++) {
            PriceBar b = bars.get(i);
            dates.add(b.date());
            close[i] = b.close();
            adj[i] = b.adjClose() == null ? b.close() : b.adjClose();
        }
        LocalDate first = dates.isEmpty() ? from : dates.get(0);
        LocalDate last = dates.isEmpty() ? to : dates.get(dates.size() - 1);
        return new PriceSeries(symbol, first, last, dates, close, adj);
    }
}
