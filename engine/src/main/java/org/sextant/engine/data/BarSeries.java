package org.sextant.engine.data;

import java.util.List;

/**
 * The bars of one symbol at one interval, oldest first.
 *
 * @param resampledFrom the finest stored interval some of these bars were aggregated from, or null when all are stored as they are
 * @param barsPerYear   bars of this interval in a year of the session (annualisation)
 * @param note          what a reader should know about where the bars came from (several stored intervals), or null
 */
public record BarSeries(String symbol, String interval, String session, String resampledFrom, double barsPerYear, List<IntervalBar> bars, String note) {
    public int size() { return bars.size(); }

    public double[] closes() {
        double[] out = new double[bars.size()];
        for (int i = 0; i < out.length; i++) out[i] = bars.get(i).close();
        return out;
    }
}
