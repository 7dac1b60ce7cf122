package org.sextant.engine.data;

import java.util.List;

/**
 * The bars of one symbol at one interval, oldest first.
 *
 * @param resampledFrom the stored interval these bars were aggregated from, or null when stored as they are
 * @param barsPerYear   bars of this interval in a year of the session (annualisation)
 */
public record BarSeries(String symbol, String interval, String session, String resampledFrom, double barsPerYear, List<IntervalBar> bars) {
    public int size() { return bars.size(); }

    public double[] closes() {
        double[] out = new double[bars.size()];
        for (int i = 0; i < out.length; i++) out[i] = bars.get(i).close();
        return out;
    }
}
