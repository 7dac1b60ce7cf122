package org.sextant.engine.forecast.global;

import org.sextant.engine.SextantException;

/**
 * How a global model is trained. {@code lookbacks} cycle over the ensemble members (members of
 * different lookbacks disagree more usefully than members of different seeds only);
 * {@code recentOrigins} limits training windows to the last origins of each series (the recent
 * past is what is forecast); {@code calibrationShare} of the series (chosen by the seed) is kept
 * out of training and gives the conformal residuals of the bands.
 */
public record GlobalConfig(int horizon, int[] lookbacks, int members, int hidden, int layers, int steps, int batch,
                           double learningRate, int recentOrigins, double calibrationShare, long seed, int threads,
                           boolean relativeLoss) {
    public GlobalConfig {
        if (horizon < 1) throw SextantException.invalid("horizon", "horizon " + horizon + " < 1", "use a horizon of at least 1 step");
        if (lookbacks.length == 0) throw new IllegalArgumentException("no lookback");
        lookbacks = lookbacks.clone();
        if (members < 1 || hidden < 1 || layers < 1 || steps < 1 || batch < 1 || threads < 1) {
            throw new IllegalArgumentException("members, hidden, layers, steps, batch and threads must be positive");
        }
        if (!(calibrationShare >= 0 && calibrationShare < 1)) throw new IllegalArgumentException("calibrationShare in [0,1)");
    }

    @Override public int[] lookbacks() { return lookbacks.clone(); }

    int lookback(int member) { return lookbacks[member % lookbacks.length]; }

    /** The default for a horizon (M3's, docs/benchmarks.md): lookbacks 2h, 3h and 4h (at least 8), 4 members of 3×128 units, 800 steps. */
    public static GlobalConfig forHorizon(int h, long seed) {
        return new GlobalConfig(h, new int[] {Math.max(8, 2 * h), Math.max(8, 3 * h), Math.max(8, 4 * h)}, 4, 128, 3, 800, 256,
                1e-3, 20 * h, 0.1, seed, 2, false);
    }

    // dup: one wither per tuned field, as Java 17 records have no with-expressions
    public GlobalConfig withSteps(int s) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, layers, s, batch, learningRate, recentOrigins, calibrationShare, seed, threads, relativeLoss);
    }

    public GlobalConfig withMembers(int m) {
        return new GlobalConfig(horizon, lookbacks, m, hidden, layers, steps, batch, learningRate, recentOrigins, calibrationShare, seed, threads, relativeLoss);
    }

    public GlobalConfig withThreads(int t) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, layers, steps, batch, learningRate, recentOrigins, calibrationShare, seed, t, relativeLoss);
    }

    public GlobalConfig withLookbacks(int... l) {
        return new GlobalConfig(horizon, l, members, hidden, layers, steps, batch, learningRate, recentOrigins, calibrationShare, seed, threads, relativeLoss);
    }

    public GlobalConfig withRecentOrigins(int r) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, layers, steps, batch, learningRate, r, calibrationShare, seed, threads, relativeLoss);
    }

    public GlobalConfig withBatch(int size) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, layers, steps, size, learningRate, recentOrigins, calibrationShare, seed, threads, relativeLoss);
    }

    public GlobalConfig withCalibrationShare(double share) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, layers, steps, batch, learningRate, recentOrigins, share, seed, threads, relativeLoss);
    }

    /**
     * Weights each training window's absolute error by its scale relative to its level, so the
     * loss follows a relative error (sMAPE, MAPE) instead of counting every series alike in scale
     * units; false for log prices, whose differences already are relative.
     */
    public GlobalConfig withRelativeLoss(boolean relative) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, layers, steps, batch, learningRate, recentOrigins, calibrationShare, seed, threads, relative);
    }

    public GlobalConfig withLayers(int n) {
        return new GlobalConfig(horizon, lookbacks, members, hidden, n, steps, batch, learningRate, recentOrigins, calibrationShare, seed, threads, relativeLoss);
    }

    public GlobalConfig withHidden(int units) {
        return new GlobalConfig(horizon, lookbacks, members, units, layers, steps, batch, learningRate, recentOrigins, calibrationShare, seed, threads, relativeLoss);
    }
}
