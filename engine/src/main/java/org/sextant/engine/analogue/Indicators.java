package org.sextant.engine.analogue;

import java.util.ArrayDeque;
import java.util.Deque;

/** Trailing indicators over a close series; NaN where a window is not yet full. */
public final class Indicators {
    private Indicators() {}

    /** Simple return over {@code n} days: close[i] / close[i-n] - 1. */
    public static double[] returns(double[] close, int n) {
        double[] out = nan(close.length);
        for (int i = n; i < close.length; i++) out[i] = close[i] / close[i - n] - 1.0;
        return out;
    }

    /** Forward return over {@code n} days: close[i+n] / close[i] - 1 (the matcher's outcome). */
    public static double[] forwardReturns(double[] close, int n) {
        double[] out = nan(close.length);
        for (int i = 0; i + n < close.length; i++) out[i] = close[i + n] / close[i] - 1.0;
        return out;
    }

    /** Simple moving average over {@code n} closes (running sum, restarted where NaN breaks it). */
    public static double[] sma(double[] x, int n) {
        double[] out = nan(x.length);
        double sum = 0;
        int valid = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isNaN(x[i])) {
                sum = 0;
                valid = 0;
                continue;
            }
            sum += x[i];
            valid++;
            if (valid > n) {
                sum -= x[i - n];
                valid = n;
            }
            if (valid == n) out[i] = sum / n;
        }
        return out;
    }

    /** Sample stdev of daily log returns over {@code n} days, times sqrt(252). */
    public static double[] realisedVol(double[] close, int n) {
        double[] out = nan(close.length);
        double[] r = new double[close.length];
        for (int i = 1; i < close.length; i++) r[i] = Math.log(close[i] / close[i - 1]);
        for (int i = n; i < close.length; i++) {
            double m = 0;
            for (int k = i - n + 1; k <= i; k++) m += r[k];
            m /= n;
            double ss = 0;
            for (int k = i - n + 1; k <= i; k++) ss += (r[k] - m) * (r[k] - m);
            out[i] = Math.sqrt(ss / (n - 1) * 252.0);
        }
        return out;
    }

    /**
     * Wilder's RSI: gains and losses of the close-to-close change, each smoothed with ratio 1/n and
     * seeded by the plain mean of the first n changes (as TTR::RSI with wilder=TRUE).
     */
    public static double[] rsiWilder(double[] close, int n) {
        double[] out = nan(close.length);
        if (close.length <= n) return out;
        double up = 0, down = 0;
        for (int i = 1; i <= n; i++) {
            double d = close[i] - close[i - 1];
            up += Math.max(d, 0);
            down += Math.max(-d, 0);
        }
        up /= n;
        down /= n;
        out[n] = rsi(up, down);
        for (int i = n + 1; i < close.length; i++) {
            double d = close[i] - close[i - 1];
            up = (up * (n - 1) + Math.max(d, 0)) / n;
            down = (down * (n - 1) + Math.max(-d, 0)) / n;
            out[i] = rsi(up, down);
        }
        return out;
    }

    private static double rsi(double up, double down) {
        if (up + down == 0) return 50.0;
        return 100.0 * up / (up + down);
    }

    /** close[i] / max(close[i-n+1..i]) - 1, defined once n closes exist (monotone deque). */
    public static double[] drawdownFromHigh(double[] close, int n) {
        double[] out = nan(close.length);
        Deque<Integer> dq = new ArrayDeque<>();
        for (int i = 0; i < close.length; i++) {
            while (!dq.isEmpty() && close[dq.peekLast()] <= close[i]) dq.pollLast();
            dq.addLast(i);
            if (dq.peekFirst() <= i - n) dq.pollFirst();
            if (i >= n - 1) out[i] = close[i] / close[dq.peekFirst()] - 1.0;
        }
        return out;
    }

    static double[] nan(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }
}
