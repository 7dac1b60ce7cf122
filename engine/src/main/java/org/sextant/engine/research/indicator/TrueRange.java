package org.sextant.engine.research.indicator;

/**
 * True range and Wilder's Average True Range (TTR::ATR): the range from min(low, previous close)
 * to max(high, previous close); undefined on the first bar, which has no previous close.
 */
public final class TrueRange {
    private TrueRange() {}

    public static double[] of(double[] high, double[] low, double[] close) {
        double[] tr = MovingAverage.nans(close.length);
        for (int i = 1; i < close.length; i++) {
            double pc = close[i - 1];
            tr[i] = Math.max(high[i], pc) - Math.min(low[i], pc);
        }
        return tr;
    }

    public static double[] atr(double[] high, double[] low, double[] close, int n) {
        return MovingAverage.wilder(of(high, low, close), n);
    }
}
