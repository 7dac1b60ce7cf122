package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

/**
 * Calibrates a live forecast from the end of a series: a walk-forward over origins every
 * {@link #EVERY} closes back far enough to fill the conformal window ({@link
 * WalkForwardBacktest#CALIBRATION_WINDOW} residuals per step), ending with the live origin.
 * Each origin's bands use only residuals already observed at it, so the coverage counted over
 * those origins is out of sample: it is the empirical coverage reported beside the live bands.
 * Cost: about 250 + h/5 fits of the model (theta ≈ 3 s, ets ≈ 1 min on a busy 2-core machine).
 */
public final class LiveCalibration {
    /** Spacing of calibration origins, in closes: a week of trading days. */
    public static final int EVERY = 5;

    private LiveCalibration() {}

    /** The live origin's three forecasts (conformal/adaptive null when too few residuals) and the walk-forward coverage. */
    public record Outcome(Forecast own, Forecast conformal, Forecast adaptive, WalkForwardBacktest.Result walkForward, int liveResiduals) {
        public List<LevelCoverage> coverage(BandCalibration c, double[] levels) {
            List<LevelCoverage> out = new ArrayList<>();
            if (walkForward == null) return out;
            double[] cov = switch (c) {
                case MODEL -> walkForward.coverage();
                case CONFORMAL -> walkForward.conformalCoverage();
                case ADAPTIVE -> walkForward.adaptiveCoverage();
            };
            int origins = c == BandCalibration.MODEL ? walkForward.origins() : walkForward.calibratedOrigins();
            for (int i = 0; i < levels.length; i++) {
                double v = cov[i];
                out.add(new LevelCoverage(levels[i], Double.isFinite(v) ? v : null, origins));
            }
            return out;
        }
    }

    /** Origins of the walk-forward for a series of n closes, ascending, ending with the live origin n. */
    private static List<Integer> grid(Forecaster model, int n, int horizon) {
        return grid(model.minLength(1), n, horizon);
    }

    /**
     * The origins {@link #run} fits at for a model that needs {@code minLength} closes, ascending, ending with the live
     * origin n; 0: every model's, of which a model fits those at or above its own {@code minLength(1)} (what
     * {@link LiveForecastCost} prices).
     */
    static int[] origins(int minLength, int n, int horizon) {
        return grid(minLength, n, horizon).stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Integer> grid(int minLength, int n, int horizon) {
        int lowest = Math.max(minLength, n - EVERY * (WalkForwardBacktest.CALIBRATION_WINDOW + (horizon + EVERY - 1) / EVERY));
        List<Integer> grid = new ArrayList<>();
        for (int o = n; o >= lowest; o -= EVERY) grid.add(0, o);
        return grid;
    }

    /** Residuals the live origin's bands use at the last step (the fewest): origins whose target o + horizon − 1 is history, at most the window. */
    public static int liveResiduals(Forecaster model, int n, int horizon) { return liveResiduals(model, n, horizon, new int[0]); }

    /** As above, leaving out residuals whose path crosses a break ({@link WalkForwardBacktest#run}). */
    public static int liveResiduals(Forecaster model, int n, int horizon, int[] breaks) {
        int known = 0;
        for (int o : grid(model, n, horizon)) if (o + horizon <= n && !WalkForwardBacktest.spansBreak(breaks, o, horizon - 1)) known++;
        return Math.min(known, WalkForwardBacktest.CALIBRATION_WINDOW);
    }

    public static Outcome run(Forecaster model, double[] y, int horizon, double[] levels) { return run(model, y, horizon, levels, new int[0]); }

    /** As above; residuals whose path crosses one of {@code breaks} (gaps in the series) are left out of the calibration. */
    public static Outcome run(Forecaster model, double[] y, int horizon, double[] levels, int[] breaks) {
        int n = y.length;
        List<Integer> grid = grid(model, n, horizon);
        if (grid.size() < 2) { // too short for any walk-forward: the model's bands alone (its own checks name the problem)
            return new Outcome(model.forecast(y, 1, horizon, levels), null, null, null, 0);
        }
        int[] origins = grid.stream().mapToInt(Integer::intValue).toArray();
        Forecast[] live = new Forecast[3];
        WalkForwardBacktest.Result r = WalkForwardBacktest.run(model, y, 1, horizon, origins, levels, EVERY, origins, breaks, (o, own, cf, ad) -> {
            if (o == n) {
                live[0] = own;
                live[1] = cf;
                live[2] = ad;
            }
        });
        return new Outcome(live[0], live[1], live[2], r, liveResiduals(model, n, horizon, breaks));
    }
}
