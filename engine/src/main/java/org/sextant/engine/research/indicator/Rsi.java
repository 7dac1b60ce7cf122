package org.sextant.engine.research.indicator;

/**
 * Relative Strength Index in Wilder's form (TTR::RSI with its default maType EMA, wilder = TRUE):
 * gains and losses of one-bar changes, each smoothed by Wilder's average seeded with the mean of
 * the first n changes; RSI = 100 * up / (up + down). The first value is at index n.
 */
public final class Rsi {
    private Rsi() {}

    public static double[] of(double[] price, int n) {
        MovingAverage.requireLength(n);
        int len = price.length;
        double[] up = MovingAverage.nans(len);
        double[] dn = MovingAverage.nans(len);
        for (int i = 1; i < len; i++) {
            double d = price[i] - price[i - 1];
            up[i] = d > 0 ? d : 0;
            dn[i] = d < 0 ? -d : 0;
        }
        double[] au = MovingAverage.wilder(up, n);
        double[] ad = MovingAverage.wilder(dn, n);
        double[] out = new double[len];
        for (int i = 0; i < len; i++) out[i] = 100 * au[i] / (au[i] + ad[i]);
        return out;
    }
}
