package org.sextant.engine.research.indicator;

/**
 * Simple and exponential moving averages on primitive arrays, in R TTR's conventions so that
 * values match TTR::SMA and TTR::EMA: leading NaNs are skipped, the first defined value is at the
 * n-th non-missing input, and an EMA is seeded with the simple mean of its first n inputs.
 */
public final class MovingAverage {
    private MovingAverage() {}

    /** Rolling mean of the last n values; NaN until n values are available. */
    public static double[] sma(double[] x, int n) {
        requireLength(n);
        double[] out = nans(x.length);
        int start = firstDefined(x);
        if (start < 0) return out;
        double sum = 0;
        for (int i = start; i < x.length; i++) {
            sum += x[i];
            if (i - start >= n) sum -= x[i - n];
            if (i - start >= n - 1) out[i] = sum / n;
        }
        return out;
    }

    /** EMA with ratio 2/(n+1) (TTR::EMA, wilder = FALSE). */
    public static double[] ema(double[] x, int n) {
        requireLength(n);
        return smooth(x, n, 2.0 / (n + 1));
    }

    /** Wilder's smoothing, ratio 1/n (TTR::EMA, wilder = TRUE): used by RSI and ATR. */
    public static double[] wilder(double[] x, int n) {
        requireLength(n);
        return smooth(x, n, 1.0 / n);
    }

    static double[] smooth(double[] x, int n, double ratio) {
        double[] out = nans(x.length);
        int start = firstDefined(x);
        if (start < 0 || start + n > x.length) return out;
        double seed = 0;
        for (int i = start; i < start + n; i++) seed += x[i];
        double prev = seed / n;
        out[start + n - 1] = prev;
        for (int i = start + n; i < x.length; i++) {
            prev = prev + ratio * (x[i] - prev);
            out[i] = prev;
        }
        return out;
    }

    static int firstDefined(double[] x) {
        for (int i = 0; i < x.length; i++) if (!Double.isNaN(x[i])) return i;
        return -1;
    }

    static double[] nans(int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, Double.NaN);
        return out;
    }

    static void requireLength(int n) {
        if (n < 1) throw new IllegalArgumentException("window length must be at least 1, got " + n);
    }
}
