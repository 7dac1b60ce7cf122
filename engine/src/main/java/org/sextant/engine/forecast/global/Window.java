package org.sextant.engine.forecast.global;

/**
 * One normalised lag window: the last {@code lookback} values up to an origin, shifted by the
 * value at the origin and divided by the mean absolute one-step change over the window, so
 * series of any level and scale (M3 sales, log prices) share one network. Values before the
 * start of a short series are the first value (no change), and the last input says how much of
 * the window was observed.
 */
record Window(double[] input, double level, double scale) {
    /** Inputs beyond this many scale units are clipped: a jump must not dominate a batch. */
    private static final double CLIP = 50;

    /** The window ending at index {@code origin} (inclusive) of {@code y}. */
    static Window at(double[] y, int origin, int lookback) {
        int first = Math.max(0, origin - lookback + 1);
        double level = y[origin];
        double sum = 0;
        for (int t = first + 1; t <= origin; t++) sum += Math.abs(y[t] - y[t - 1]);
        int changes = origin - first;
        double scale = changes > 0 ? sum / changes : 0;
        if (!(scale > 1e-9 * Math.max(1, Math.abs(level)))) scale = Math.max(1e-3 * Math.abs(level), 1e-9); // a flat window
        double[] x = new double[lookback + 1];
        for (int k = 0; k < lookback; k++) {
            int t = Math.max(first, origin - lookback + 1 + k);
            x[k] = clip((y[t] - level) / scale);
        }
        x[lookback] = (origin - first + 1) / (double) lookback;
        return new Window(x, level, scale);
    }

    /** The next h values after the origin in normalised units (training targets). */
    double[] target(double[] y, int origin, int h) {
        double[] out = new double[h];
        for (int k = 0; k < h; k++) out[k] = clip((y[origin + 1 + k] - level) / scale);
        return out;
    }

    double denormalise(double v) { return level + scale * v; }

    private static double clip(double v) { return Math.max(-CLIP, Math.min(CLIP, v)); }
}
