package org.sextant.engine.research.backtest;

/**
 * Signal rules over indicator arrays. A signal is a target position per bar, usually 0/1 (or
 * -1/0/1); NaN inputs (indicator warm-up) give 0, never a position. Every rule uses only values
 * up to and including bar t.
 */
public final class Signals {
    private Signals() {}

    /** 1 while fast is above slow; 0 when below (-1 with longShort); 0 when equal. */
    public static double[] crossover(double[] fast, double[] slow, boolean longShort) {
        double[] s = new double[fast.length];
        for (int t = 0; t < s.length; t++) {
            if (Double.isNaN(fast[t]) || Double.isNaN(slow[t])) continue;
            s[t] = fast[t] > slow[t] ? 1 : fast[t] < slow[t] && longShort ? -1 : 0;
        }
        return s;
    }

    /**
     * Hysteresis: enter (1) when x falls below {@code enterBelow}, exit (0) when it rises above
     * {@code exitAbove}; in between, keep the previous state. The RSI mean-reversion rule.
     */
    public static double[] threshold(double[] x, double enterBelow, double exitAbove) {
        if (enterBelow > exitAbove) throw new IllegalArgumentException("threshold enter level " + enterBelow + " is above exit level " + exitAbove);
        double[] s = new double[x.length];
        double state = 0;
        for (int t = 0; t < s.length; t++) {
            if (!Double.isNaN(x[t])) {
                if (state == 0 && x[t] < enterBelow) state = 1;
                else if (state == 1 && x[t] > exitAbove) state = 0;
            }
            s[t] = state;
        }
        return s;
    }

    /** 1 when price closes above the upper band, -1 below the lower band (0 if longOnly), else 0. */
    public static double[] bandBreak(double[] price, double[] lower, double[] upper, boolean longOnly) {
        double[] s = new double[price.length];
        for (int t = 0; t < s.length; t++) {
            if (Double.isNaN(lower[t]) || Double.isNaN(upper[t])) continue;
            if (price[t] > upper[t]) s[t] = 1;
            else if (price[t] < lower[t]) s[t] = longOnly ? 0 : -1;
        }
        return s;
    }

    /** 1 where the forecast's expected return exceeds the threshold, else 0. */
    public static double[] forecastAbove(double[] expectedReturn, double threshold) {
        double[] s = new double[expectedReturn.length];
        for (int t = 0; t < s.length; t++) s[t] = expectedReturn[t] > threshold ? 1 : 0;
        return s;
    }

    public static double[] and(double[] a, double[] b) {
        double[] s = new double[a.length];
        for (int t = 0; t < s.length; t++) s[t] = a[t] != 0 && b[t] != 0 ? 1 : 0;
        return s;
    }

    public static double[] or(double[] a, double[] b) {
        double[] s = new double[a.length];
        for (int t = 0; t < s.length; t++) s[t] = a[t] != 0 || b[t] != 0 ? 1 : 0;
        return s;
    }

    public static double[] not(double[] a) {
        double[] s = new double[a.length];
        for (int t = 0; t < s.length; t++) s[t] = a[t] != 0 ? 0 : 1;
        return s;
    }
}
