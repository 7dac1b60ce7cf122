package org.sextant.engine.research.backtest;

import org.sextant.engine.research.indicator.RollingStats;

/** Position sizing: how much of equity a signal of 1 becomes. */
public final class Sizing {
    private Sizing() {}

    public static double[] fixedFraction(double[] signal, double fraction) {
        if (!(fraction > 0)) throw new IllegalArgumentException("fraction must be positive, got " + fraction);
        double[] p = new double[signal.length];
        for (int t = 0; t < p.length; t++) p[t] = signal[t] * fraction;
        return p;
    }

    /**
     * Scales the signal so the position's expected annual volatility is {@code target}, using the
     * realised volatility of the last {@code window} returns up to bar t, capped at {@code maxLeverage}.
     * Flat until the volatility estimate exists.
     */
    public static double[] volatilityTarget(double[] signal, double[] close, double target, int window,
                                            double maxLeverage, double periodsPerYear) {
        if (!(target > 0) || !(maxLeverage > 0)) throw new IllegalArgumentException("volatility target and leverage cap must be positive");
        double[] vol = RollingStats.volatility(close, window, periodsPerYear);
        double[] p = new double[signal.length];
        for (int t = 0; t < p.length; t++) {
            if (Double.isNaN(vol[t]) || vol[t] <= 0) continue;
            p[t] = signal[t] * Math.min(maxLeverage, target / vol[t]);
        }
        return p;
    }
}
