package org.sextant.engine.research.indicator;

/**
 * Bollinger bands (TTR::BBands): an n-bar SMA plus and minus k population standard deviations
 * of the same window, and %B = (price - lower) / (upper - lower).
 */
public record BollingerBands(double[] lower, double[] middle, double[] upper, double[] percentB) {

    public static BollingerBands of(double[] price, int n, double k) {
        double[] mid = MovingAverage.sma(price, n);
        double[] sd = RollingStats.populationSd(price, n);
        int len = price.length;
        double[] lo = new double[len], up = new double[len], pb = new double[len];
        for (int i = 0; i < len; i++) {
            lo[i] = mid[i] - k * sd[i];
            up[i] = mid[i] + k * sd[i];
            pb[i] = (price[i] - lo[i]) / (up[i] - lo[i]);
        }
        return new BollingerBands(lo, mid, up, pb);
    }

    /** Typical price (high + low + close) / 3, what TTR uses when given HLC columns. */
    public static double[] typicalPrice(double[] high, double[] low, double[] close) {
        double[] tp = new double[close.length];
        for (int i = 0; i < tp.length; i++) tp[i] = (high[i] + low[i] + close[i]) / 3;
        return tp;
    }
}
