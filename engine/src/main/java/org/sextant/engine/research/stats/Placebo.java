package org.sextant.engine.research.stats;

import java.util.SplittableRandom;
import org.sextant.engine.jobs.Cancellation;

/**
 * Placebo control: the strategy's own position path, shifted in time by a random offset
 * (circularly), earns the same asset returns. The shift keeps exposure, position sizes, holding
 * periods and turnover exactly and only destroys timing, so a strategy whose Sharpe ratio does
 * not beat most placebos shows no timing skill, whatever its raw figures.
 *
 * @param actualSharpe per-period Sharpe of the strategy
 * @param placeboMean  mean per-period Sharpe over the placebos
 * @param pValue       (1 + #placebos at least as good) / (1 + placebos)
 * @param placebos     number of random shifts drawn
 */
public record Placebo(double actualSharpe, double placeboMean, double pValue, int placebos) {

    /** Draws between two checks of the caller's cancel request and budget ({@link Cancellation#check}). */
    static final int CHECK_EVERY = 16;

    /**
     * @param assetReturns one-bar returns of what is held (NaN treated as 0)
     * @param positions    position held over each bar (same length)
     */
    public static Placebo of(double[] assetReturns, double[] positions, int placebos, long seed) {
        return of(new double[][]{assetReturns}, new double[][]{positions}, placebos, seed);
    }

    /**
     * Portfolio form: positions[asset][t] earn assetReturns[asset][t]; every asset's path is
     * shifted by the same offset, so the cross-section of holdings at each bar is kept too.
     */
    public static Placebo of(double[][] assetReturns, double[][] positions, int placebos, long seed) {
        if (assetReturns.length == 0 || positions.length != assetReturns.length) throw new IllegalArgumentException("one position path per asset expected");
        int t = assetReturns[0].length;
        for (int a = 0; a < positions.length; a++) {
            if (positions[a].length != t || assetReturns[a].length != t) throw new IllegalArgumentException("positions and returns differ in length for asset " + a);
        }
        if (t < 3) throw new IllegalArgumentException("placebo needs at least 3 bars, got " + t);
        if (placebos < 1) throw new IllegalArgumentException("placebos must be at least 1, got " + placebos);
        double actual = sharpe(assetReturns, positions, 0);
        SplittableRandom rnd = new SplittableRandom(seed);
        int atLeast = 0;
        double sum = 0;
        for (int k = 0; k < placebos; k++) {
            if (k % CHECK_EVERY == 0) Cancellation.check(); // 999 passes over every bar: a cancel or spent budget stops here
            int shift = 1 + rnd.nextInt(t - 1);
            double s = sharpe(assetReturns, positions, shift);
            sum += s;
            if (s >= actual) atLeast++;
        }
        return new Placebo(actual, sum / placebos, (1.0 + atLeast) / (1.0 + placebos), placebos);
    }

    private static double sharpe(double[][] r, double[][] pos, int shift) {
        int t = r[0].length;
        double s = 0, q = 0;
        for (int i = 0; i < t; i++) {
            int j = i - shift;
            if (j < 0) j += t;
            double v = 0;
            for (int a = 0; a < r.length; a++) {
                double ri = Double.isNaN(r[a][i]) ? 0 : r[a][i];
                v += pos[a][j] * ri;
            }
            s += v; q += v * v;
        }
        double mean = s / t, var = (q - t * mean * mean) / (t - 1);
        return var > 0 ? mean / Math.sqrt(var) : 0;
    }
}
