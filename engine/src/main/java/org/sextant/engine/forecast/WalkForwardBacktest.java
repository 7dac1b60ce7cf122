package org.sextant.engine.forecast;

import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.calibration.AdaptiveConformal;
import org.sextant.engine.forecast.calibration.ConformalBands;

import java.util.ArrayList;
import java.util.List;

/**
 * Walk-forward backtest of a model on a positive series: at origins every {@code every} steps
 * over the last {@code evalFraction} of the series, fit on the history up to the origin and
 * forecast {@code horizon} steps. Scores the median by mean absolute log error (overall and per
 * step), the bands by coverage and pinball loss, for the model's own bands and, when
 * {@code calibrationEvery} > 0, for split-conformal bands built from the most recent
 * {@link #CALIBRATION_WINDOW} residuals per step of calibration origins spaced
 * {@code calibrationEvery} apart whose targets were already observed (no look-ahead).
 * Adaptive conformal inference runs alongside: per level, the conformal band is taken at a
 * working level that {@link AdaptiveConformal} moves after each outcome, applied only once the
 * outcome's date has passed. Residuals are normalised by the exponentially weighted volatility of one-step log changes
 * at their origin (RiskMetrics, lambda 0.94), so calibration follows volatility regimes.
 */
public final class WalkForwardBacktest {
    private WalkForwardBacktest() {}

    public record Result(String model, int origins, double male, double[] malePerStep, double[] levels,
                         double[] coverage, double[] pinball, double[] conformalCoverage, double[] conformalPinball,
                         double[] adaptiveCoverage) {}

    /** Step size of adaptive conformal inference per observed outcome (Gibbs & Candès use 0.005). */
    public static final double ACI_GAMMA = 0.005;

    /** Recent residuals per step used for conformal bands: about a year of daily origins. */
    public static final int CALIBRATION_WINDOW = 250;

    public static Result run(Forecaster model, double[] y, int period, int horizon, int every, double evalFraction,
                             double[] levels, int calibrationEvery) {
        boolean conformal = calibrationEvery > 0;
        if (every < 1) throw SextantException.invalid("every", "origin spacing must be >= 1, got " + every, "use e.g. 20 for monthly origins on daily data");
        if (!(evalFraction > 0 && evalFraction < 1)) throw SextantException.invalid("eval_fraction", "must be in (0,1), got " + evalFraction, "use e.g. 0.4 for the last 40%");
        ForecastInput.checkLevels(levels);
        ForecastInput.checkPositive(y);
        int n = y.length;
        int first = (int) Math.floor(n * (1 - evalFraction));
        if (first < model.minLength(period)) {
            throw SextantException.invalid("history", "the first origin (" + first + " observations) is shorter than model " + model.name() + " needs",
                    "use a longer series or a smaller eval_fraction");
        }
        List<double[]>[] past = residualLists(horizon); // [step] → list of {originIndex, score}, by origin
        double[] vol = conformal ? ewmaVolatility(y) : null;
        if (conformal) {
            int start = Math.max(model.minLength(period), first - CALIBRATION_WINDOW * calibrationEvery - horizon);
            for (int o = start; o < n; o += calibrationEvery) {
                Forecast f = model.forecast(java.util.Arrays.copyOf(y, o), period, horizon, levels);
                for (int s = 0; s < horizon && o + s < n; s++) past[s].add(new double[] {o, Math.log(y[o + s] / f.median()[s]) / vol[o]});
            }
        }
        double[] absLogSum = new double[horizon];
        int[] count = new int[horizon];
        double[] cov = new double[levels.length], pin = new double[levels.length], ccov = new double[levels.length], cpin = new double[levels.length];
        int cCount = 0, origins = 0;
        double[] acov = new double[levels.length];
        AdaptiveConformal[] aci = new AdaptiveConformal[levels.length];
        for (int i = 0; i < levels.length; i++) aci[i] = new AdaptiveConformal(levels[i], ACI_GAMMA);
        List<double[]> pending = new ArrayList<>(); // {index where the outcome becomes known, level index, covered}
        for (int origin = first; origin + 1 <= n - 1; origin += every) {
            final int now = origin;
            pending.removeIf(u -> {
                if (u[0] > now) return false;
                aci[(int) u[1]].observe(u[2] == 1);
                return true;
            });
            double[] hist = java.util.Arrays.copyOf(y, origin);
            int h = Math.min(horizon, n - origin);
            Forecast f = model.forecast(hist, period, horizon, levels);
            Forecast cf = null;
            double[][] lastResiduals = null;
            if (conformal) {
                double[][] res = new double[horizon][];
                boolean enough = true;
                final int o = origin;
                for (int s = 0; s < horizon; s++) {
                    final int step = s;
                    // a residual of origin r[0] at this step is known once its target index r[0]+step is history
                    double[] known = past[s].stream().filter(r -> r[0] + step + 1 <= o).mapToDouble(r -> r[1]).toArray();
                    res[s] = java.util.Arrays.copyOfRange(known, Math.max(0, known.length - CALIBRATION_WINDOW), known.length);
                    enough &= res[s].length >= ConformalBands.MIN_RESIDUALS;
                }
                if (enough) cf = ConformalBands.calibrate(f, res, levels, vol[origin]);
                lastResiduals = res;
            }
            QuantileBand[] adaptive = new QuantileBand[levels.length];
            if (cf != null) {
                for (int i = 0; i < levels.length; i++) {
                    double wl = aci[i].workingLevel();
                    adaptive[i] = ConformalBands.calibrate(f, lastResiduals, new double[] {wl}, vol[origin]).band(wl);
                }
            }
            for (int s = 0; s < h; s++) {
                double actual = y[origin + s];
                double r = Math.log(actual / f.median()[s]);
                absLogSum[s] += Math.abs(r);
                count[s]++;
                for (int i = 0; i < levels.length; i++) {
                    QuantileBand b = f.band(levels[i]);
                    cov[i] += inside(actual, b, s);
                    pin[i] += pinball(actual, b, s, levels[i]);
                    if (cf != null) {
                        QuantileBand c = cf.band(levels[i]);
                        ccov[i] += inside(actual, c, s);
                        cpin[i] += pinball(actual, c, s, levels[i]);
                        double in = inside(actual, adaptive[i], s);
                        acov[i] += in;
                        pending.add(new double[] {origin + s + 1, i, in});
                    }
                }
                if (cf != null) cCount++;
            }
            origins++;
        }
        int total = 0;
        double sum = 0;
        double[] perStep = new double[horizon];
        for (int s = 0; s < horizon; s++) {
            perStep[s] = count[s] == 0 ? Double.NaN : absLogSum[s] / count[s];
            sum += absLogSum[s];
            total += count[s];
        }
        for (int i = 0; i < levels.length; i++) {
            cov[i] /= total;
            pin[i] /= total;
            ccov[i] = cCount == 0 ? Double.NaN : ccov[i] / cCount;
            cpin[i] = cCount == 0 ? Double.NaN : cpin[i] / cCount;
            acov[i] = cCount == 0 ? Double.NaN : acov[i] / cCount;
        }
        return new Result(model.name(), origins, sum / total, perStep, levels.clone(), cov, pin, ccov, cpin, acov);
    }

    /** vol[t] = EWMA standard deviation of log changes observed before index t (lambda 0.94). */
    static double[] ewmaVolatility(double[] y) {
        int n = y.length;
        double[] vol = new double[n];
        int warm = Math.min(20, n - 1);
        double var = 0;
        for (int t = 1; t <= warm; t++) var += Math.pow(Math.log(y[t] / y[t - 1]), 2) / warm;
        for (int t = 0; t < n; t++) {
            if (t > warm) var = 0.94 * var + 0.06 * Math.pow(Math.log(y[t - 1] / y[t - 2]), 2);
            vol[t] = Math.sqrt(Math.max(var, 1e-12));
        }
        return vol;
    }

    private static double inside(double y, QuantileBand b, int s) { return y >= b.lower(s) && y <= b.upper(s) ? 1 : 0; }

    /** Mean pinball loss of the two band edges, on the log scale (scale-free across prices). */
    private static double pinball(double y, QuantileBand b, int s, double level) {
        double ly = Math.log(y);
        return (Accuracy.pinball(ly, Math.log(b.lower(s)), (1 - level) / 2) + Accuracy.pinball(ly, Math.log(b.upper(s)), (1 + level) / 2)) / 2;
    }

    @SuppressWarnings("unchecked")
    private static List<double[]>[] residualLists(int h) {
        List<double[]>[] out = new List[h];
        for (int i = 0; i < h; i++) out[i] = new ArrayList<>();
        return out;
    }
}
