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
                         double[] adaptiveCoverage, int calibratedOrigins) {

        /** Fewer scored origins than this and the answer notes that its errors rest on few forecasts. */
        public static final int FEW_ORIGINS = 5;

        /**
         * Leading steps of the horizon with a score: an origin scores only the steps up to the
         * last close, so a horizon longer than the evaluated stretch leaves the later steps null.
         */
        @com.fasterxml.jackson.annotation.JsonProperty("scored_steps")
        public int scoredSteps() {
            int n = 0;
            for (double e : malePerStep) if (!Double.isNaN(e)) n++;
            return n;
        }

        /**
         * What the headline numbers do not say on their own: steps without a score (male and
         * coverage then average the scored ones only) and few scored origins; null when neither.
         */
        @com.fasterxml.jackson.annotation.JsonProperty("note")
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        public String note() {
            List<String> notes = new ArrayList<>();
            int h = malePerStep.length, scored = scoredSteps();
            if (scored < h) {
                notes.add("only steps 1.." + scored + " of the horizon " + h + " have a score (an origin is scored up to the last close; "
                        + "male_per_step is null after step " + scored + "): male and coverage average those steps; "
                        + "a horizon of at most " + scored + " or a larger eval_fraction scores every step");
            }
            if (origins < FEW_ORIGINS) {
                notes.add("only " + origins + " origin(s) scored: male and coverage rest on few forecasts; "
                        + "a larger eval_fraction or weekly origins give more");
            }
            return notes.isEmpty() ? null : String.join("; ", notes);
        }
    }

    /** Step size of adaptive conformal inference per observed outcome (Gibbs & Candès use 0.005). */
    public static final double ACI_GAMMA = 0.005;

    /** Recent residuals per step used for conformal bands: about a year of daily origins. */
    public static final int CALIBRATION_WINDOW = 250;

    /**
     * Receives every origin's forecasts as the walk-forward passes it: the model's own, the
     * conformal one and the adaptive one (both null while too few residuals are known).
     * {@code origin} is the index of the first forecast step, so the history is y[0..origin).
     */
    @FunctionalInterface
    public interface OriginSink {
        void accept(int origin, Forecast own, Forecast conformal, Forecast adaptive);
    }

    public static Result run(Forecaster model, double[] y, int period, int horizon, int every, double evalFraction,
                             double[] levels, int calibrationEvery) {
        if (every < 1) throw SextantException.invalid("every", "origin spacing must be >= 1, got " + every, "use e.g. 20 for monthly origins on daily data");
        if (!(evalFraction > 0 && evalFraction < 1)) throw SextantException.invalid("eval_fraction", "must be in (0,1), got " + evalFraction, "use e.g. 0.4 for the last 40%");
        int first = (int) Math.floor(y.length * (1 - evalFraction));
        List<Integer> origins = new ArrayList<>();
        for (int o = first; o + 1 <= y.length - 1; o += every) origins.add(o);
        return run(model, y, period, horizon, origins.stream().mapToInt(Integer::intValue).toArray(), levels, calibrationEvery,
                calibrationOrigins(model, period, y.length, first, horizon, calibrationEvery), null);
    }

    /** Calibration origins spaced {@code calibrationEvery} apart, early enough to fill the window before {@code first}. */
    public static int[] calibrationOrigins(Forecaster model, int period, int n, int first, int horizon, int calibrationEvery) {
        if (calibrationEvery <= 0) return new int[0];
        int start = Math.max(model.minLength(period), first - CALIBRATION_WINDOW * calibrationEvery - horizon);
        List<Integer> out = new ArrayList<>();
        for (int o = start; o < n; o += calibrationEvery) out.add(o);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The walk-forward over explicit origins (ascending; an origin equal to y.length is a live
     * forecast: nothing is scored, but the sink receives its calibrated bands). Calibration
     * residuals come from {@code calibrationOrigins}; a fit shared by both lists runs once.
     */
    public static Result run(Forecaster model, double[] y, int period, int horizon, int[] evalOrigins, double[] levels,
                             int calibrationEvery, int[] calibrationOrigins, OriginSink sink) {
        return run(model, y, period, horizon, evalOrigins, levels, calibrationEvery, calibrationOrigins, new int[0], sink);
    }

    /**
     * As above; {@code breaks} are indices i where the series has a gap between y[i−1] and y[i]
     * (e.g. months of missing closes): a calibration residual whose path from the last close
     * y[o−1] to its target y[o+s] spans one is left out, since it measures the gap, not a step.
     */
    public static Result run(Forecaster model, double[] y, int period, int horizon, int[] evalOrigins, double[] levels,
                             int calibrationEvery, int[] calibrationOrigins, int[] breaks, OriginSink sink) {
        boolean conformal = calibrationEvery > 0;
        ForecastInput.checkLevels(levels);
        ForecastInput.checkPositive(y);
        int n = y.length;
        if (evalOrigins.length == 0) throw SextantException.invalid("history", "no forecast origin fits in the series", "use a longer series or closer origins");
        if (evalOrigins[0] < model.minLength(period)) {
            throw SextantException.invalid("history", "the first origin (" + evalOrigins[0] + " observations) is shorter than model " + model.name() + " needs",
                    "use a longer series or a smaller eval_fraction");
        }
        java.util.Map<Integer, Forecast> fits = new java.util.HashMap<>();
        java.util.function.IntFunction<Forecast> fit = o -> fits.computeIfAbsent(o, k -> model.forecast(java.util.Arrays.copyOf(y, k), period, horizon, levels));
        java.util.Set<Integer> evalSet = new java.util.HashSet<>();
        for (int o : evalOrigins) evalSet.add(o);
        List<double[]>[] past = residualLists(horizon); // [step] → list of {originIndex, score}, by origin
        double[] vol = conformal ? ewmaVolatility(y) : null;
        if (conformal) {
            for (int i = 1; i < calibrationOrigins.length; i++) {
                if (calibrationOrigins[i] <= calibrationOrigins[i - 1]) throw new IllegalArgumentException("calibration origins must ascend");
            }
            for (int o : calibrationOrigins) {
                if (o >= n) continue;
                org.sextant.engine.jobs.Cancellation.check(); // hundreds of fits: a cancelled job or a spent request budget stops here
                Forecast f = evalSet.contains(o) ? fit.apply(o) : model.forecast(java.util.Arrays.copyOf(y, o), period, horizon, levels);
                for (int s = 0; s < horizon && o + s < n; s++) if (!spansBreak(breaks, o, s)) past[s].add(new double[] {o, Math.log(y[o + s] / f.median()[s]) / vol[o]});
            }
        }
        double[] absLogSum = new double[horizon];
        int[] count = new int[horizon];
        double[] cov = new double[levels.length], pin = new double[levels.length], ccov = new double[levels.length], cpin = new double[levels.length];
        int cCount = 0, origins = 0, calibrated = 0;
        double[] acov = new double[levels.length];
        AdaptiveConformal[] aci = new AdaptiveConformal[levels.length];
        for (int i = 0; i < levels.length; i++) aci[i] = new AdaptiveConformal(levels[i], ACI_GAMMA);
        List<double[]> pending = new ArrayList<>(); // {index where the outcome becomes known, level index, covered}
        for (int origin : evalOrigins) {
            if (origin > n) break;
            org.sextant.engine.jobs.Cancellation.check();
            final int now = origin;
            pending.removeIf(u -> {
                if (u[0] > now) return false;
                aci[(int) u[1]].observe(u[2] == 1);
                return true;
            });
            int h = Math.min(horizon, n - origin);
            Forecast f = fit.apply(origin);
            fits.remove(origin);
            Forecast cf = null;
            double[][] lastResiduals = null;
            if (conformal) {
                double[][] res = new double[horizon][];
                boolean enough = true;
                final int o = origin;
                for (int s = 0; s < horizon; s++) {
                    // a residual of origin r[0] at this step is known once its target index r[0]+step is history: a prefix of
                    // the list (by ascending origin), of which the last CALIBRATION_WINDOW are used; not a scan of every residual,
                    // which cost a backtest with origins every 5 NYSE closes 3-4 times the live forecast's 40 µs per origin and step
                    List<double[]> list = past[s];
                    int known = knownPrefix(list, o - s - 1), from = Math.max(0, known - CALIBRATION_WINDOW);
                    res[s] = new double[known - from];
                    for (int k = from; k < known; k++) res[s][k - from] = list.get(k)[1];
                    enough &= res[s].length >= ConformalBands.MIN_RESIDUALS;
                }
                if (enough) cf = ConformalBands.calibrate(f, res, levels, vol[origin]);
                lastResiduals = res;
            }
            QuantileBand[] adaptive = new QuantileBand[levels.length];
            if (cf != null) {
                for (int i = 0; i < levels.length; i++) {
                    double wl = aci[i].workingLevel();
                    // the nominal level's own band, as the fallback where the working level asks more than the residuals support
                    QuantileBand own = f.band(levels[i]);
                    Forecast fw = new Forecast(f.model(), f.median(), List.of(new QuantileBand(wl, own.lower(), own.upper())));
                    adaptive[i] = ConformalBands.calibrate(fw, lastResiduals, new double[] {wl}, vol[origin]).band(wl);
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
            if (sink != null) sink.accept(origin, f, cf, cf == null ? null : nested(f, adaptive, levels));
            if (h > 0) origins++;
            if (h > 0 && cf != null) calibrated++;
        }
        return summed(model.name(), origins, calibrated, levels, absLogSum, count, cCount, cov, pin, ccov, cpin, acov);
    }

    /** The walk-forward's running sums turned into its result: per-step and overall errors, and each level's shares and losses. */
    static Result summed(String model, int origins, int calibrated, double[] levels, double[] absLogSum, int[] count, int cCount,
                         double[] cov, double[] pin, double[] ccov, double[] cpin, double[] acov) {
        int total = 0;
        double sum = 0;
        double[] perStep = new double[absLogSum.length];
        for (int s = 0; s < absLogSum.length; s++) {
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
        return new Result(model, origins, sum / total, perStep, levels.clone(), cov, pin, ccov, cpin, acov, calibrated);
    }

    /** The adaptive bands as a forecast at the nominal levels, widened where needed so they nest. */
    private static Forecast nested(Forecast f, QuantileBand[] adaptive, double[] levels) {
        Integer[] order = new Integer[levels.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        java.util.Arrays.sort(order, (a, b) -> Double.compare(levels[a], levels[b]));
        double[] med = f.median();
        double[] lo = med.clone(), hi = med.clone();
        List<QuantileBand> out = new ArrayList<>();
        for (int i : order) {
            double[] l = adaptive[i].lower(), u = adaptive[i].upper();
            for (int s = 0; s < med.length; s++) {
                lo[s] = Math.min(lo[s], l[s]);
                hi[s] = Math.max(hi[s], u[s]);
            }
            out.add(new QuantileBand(levels[i], lo.clone(), hi.clone()));
        }
        return new Forecast(f.model() + "+adaptive", med, out);
    }

    /**
     * vol[t] = EWMA standard deviation of log changes observed before index t (lambda 0.94), for
     * t = 0..n: the last entry is the volatility a live forecast from the end of the series uses.
     */
    static double[] ewmaVolatility(double[] y) {
        int n = y.length;
        double[] vol = new double[n + 1];
        int warm = Math.min(20, n - 1);
        double var = 0;
        for (int t = 1; t <= warm; t++) var += Math.pow(Math.log(y[t] / y[t - 1]), 2) / warm;
        for (int t = 0; t <= n; t++) {
            if (t > warm) var = 0.94 * var + 0.06 * Math.pow(Math.log(y[t - 1] / y[t - 2]), 2);
            vol[t] = Math.sqrt(Math.max(var, 1e-12));
        }
        return vol;
    }

    /** How many entries of {@code residuals} (ascending by origin, {@code r[0]}) have an origin at or before {@code last}. */
    private static int knownPrefix(List<double[]> residuals, int last) {
        int lo = 0, hi = residuals.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (residuals.get(mid)[0] <= last) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Whether the path from y[o−1] to y[o+s] crosses a break (an index b with o <= b <= o+s). */
    static boolean spansBreak(int[] breaks, int o, int s) {
        for (int b : breaks) if (b >= o && b <= o + s) return true;
        return false;
    }

    static double inside(double y, QuantileBand b, int s) { return y >= b.lower(s) && y <= b.upper(s) ? 1 : 0; }

    /** Mean pinball loss of the two band edges, on the log scale (scale-free across prices). */
    static double pinball(double y, QuantileBand b, int s, double level) {
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
