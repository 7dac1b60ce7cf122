package org.sextant.engine.research.indicator;

/**
 * Moving Average Convergence/Divergence (TTR::MACD, EMA smoothing): the fast EMA minus the slow
 * one (or, in percent form, 100 * (fast / slow - 1)), its signal line (an EMA of the MACD line
 * started at the line's first value) and the histogram, MACD minus signal.
 */
public record Macd(double[] macd, double[] signal, double[] histogram) {

    public static Macd of(double[] price, int fast, int slow, int signal, boolean percent) {
        if (fast >= slow) throw new IllegalArgumentException("MACD fast length must be shorter than slow, got " + fast + " >= " + slow);
        double[] f = MovingAverage.ema(price, fast);
        double[] s = MovingAverage.ema(price, slow);
        double[] line = new double[price.length];
        for (int i = 0; i < line.length; i++) line[i] = percent ? 100 * (f[i] / s[i] - 1) : f[i] - s[i];
        double[] sig = MovingAverage.ema(line, signal);
        double[] hist = new double[line.length];
        for (int i = 0; i < hist.length; i++) hist[i] = line[i] - sig[i];
        return new Macd(line, sig, hist);
    }

    /** The classic 12/26/9 in price units. */
    public static Macd standard(double[] price) {
        return of(price, 12, 26, 9, false);
    }
}
