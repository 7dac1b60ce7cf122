package org.sextant.engine.research.indicator;

/** One-bar returns; index 0 is NaN (no previous price). */
public final class Returns {
    private Returns() {}

    public static double[] simple(double[] price) {
        double[] r = MovingAverage.nans(price.length);
        for (int i = 1; i < price.length; i++) r[i] = price[i] / price[i - 1] - 1;
        return r;
    }

    public static double[] log(double[] price) {
        double[] r = MovingAverage.nans(price.length);
        for (int i = 1; i < price.length; i++) r[i] = Math.log(price[i] / price[i - 1]);
        return r;
    }

    /** Change over n bars: price[i] / price[i - n] - 1. */
    public static double[] over(double[] price, int n) {
        MovingAverage.requireLength(n);
        double[] r = MovingAverage.nans(price.length);
        for (int i = n; i < price.length; i++) r[i] = price[i] / price[i - n] - 1;
        return r;
    }
}
