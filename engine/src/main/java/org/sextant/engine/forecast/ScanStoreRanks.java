package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.calibration.ConformalBands;

/**
 * Where the store's closes rank a scan import's forecasts, whatever the job's files say (attack 25 H1): reward/risk at
 * each of {@link ForecastScan#LEVELS} of a stand-in made as a live forecast's conformal bands are, at the last step
 * only and with drift's median: the log ratios of the same walk-forward origins' drift medians to their outcomes, scaled
 * by the volatility at each origin, give the band at the live origin's volatility. Drift's median at an origin is one
 * line through two closes, so the whole stand-in is one pass over the closes. A forger who lowers the real winner's
 * bands makes it fall far below where this puts it, so {@link ScanReplay} fits again the forecasts this ranks best and
 * those the files rank furthest below it. (The model's own bands were tried first: they rank a series with daily noise
 * far from its calibrated bands, which hid attack 25's forge.) For a model whose medians stray from drift's line (ARIMA)
 * the band is moved onto the model's own median from one fit, which the import charges to its budget ({@link ScanReplay}).
 */
public final class ScanStoreRanks {
    private ScanStoreRanks() {}

    /** Reward/risk at each level of the stand-in on {@code upTo}, {@code horizon} steps on; unranked (-infinity) when too few outcomes are known. */
    public static double[] ratios(PriceSeries upTo, int horizon) {
        return ratios(upTo, horizon, 0);
    }

    /**
     * Models whose stand-in is moved onto the model's own median from one fit at the live origin: ARIMA's medians stray
     * from drift's line, and there the drift stand-in left a demoted winner to the random draw (StandInDetectionBench on
     * the Dow's closes: winner 93% to 100%, any of the top 3 82% to 100%; ARIMA by conditional sum of squares the same).
     * Not ETS (100% either way, the top 3 100% to 97%), nor the damped trend (its own median caught fewer: 90%, 63%).
     */
    private static final java.util.Set<String> OWN_MEDIAN = java.util.Set.of("arima", "arima_css");

    /** Estimated CPU seconds of the one fit {@code model}'s stand-in makes on {@code closes} closes; 0 when it makes none (drift's line). */
    public static double fitSeconds(String model, int closes) {
        return OWN_MEDIAN.contains(ForecastBacktestRun.modelName(model)) ? BacktestCost.costClass(model).seconds(1, closes) : 0;
    }

    /**
     * {@link #ratios(PriceSeries, int)} with the stand-in's median moved onto {@code model}'s own median {@code horizon}
     * steps past {@code upTo} (one fit, {@link #fitSeconds}) for a model whose medians stray from drift's; drift's line
     * alone for another model, or when the model cannot fit these closes.
     */
    public static double[] ratios(ForecastModels models, PriceSeries upTo, String model, int horizon) {
        return ratios(models, PriceForecast.closes(upTo), model, horizon);
    }

    /** As above on the closes {@code y} (what a scan import keeps of a series it read, {@link StandInCloses}). */
    public static double[] ratios(ForecastModels models, double[] y, String model, int horizon) {
        if (fitSeconds(model, y.length) == 0) return ratios(y, horizon, 0);
        Forecaster f = models.forPrices(model);
        if (y.length < Math.max(3, f.minLength(1))) return ratios(y, horizon, 0);
        double own;
        try {
            own = f.forecast(y, 1, horizon, ForecastBacktestRun.DEFAULT_LEVELS).median()[horizon - 1];
        } catch (org.sextant.engine.SextantException refused) { // closes the model refuses: ranked by drift's line
            return ratios(y, horizon, 0);
        }
        double shift = Math.log(own / median(y, y.length, horizon));
        return ratios(y, horizon, Double.isFinite(shift) ? shift : 0);
    }

    /** As above with the stand-in's median moved by {@code shift} on the log scale (its band moving with it). */
    static double[] ratios(PriceSeries upTo, int horizon, double shift) {
        return ratios(PriceForecast.closes(upTo), horizon, shift);
    }

    private static double[] ratios(double[] y, int horizon, double shift) {
        double[] r = new double[ForecastScan.LEVELS.length];
        Arrays.fill(r, Double.NEGATIVE_INFINITY);
        int n = y.length;
        if (n < 3) return r;
        double[] vol = WalkForwardBacktest.ewmaVolatility(y);
        List<Double> scores = new ArrayList<>(); // the live origin's calibration grid, newest first, outcomes known
        for (int o = n; o >= 3 && scores.size() < WalkForwardBacktest.CALIBRATION_WINDOW; o -= LiveCalibration.EVERY) {
            if (o + horizon - 1 < n) scores.add(Math.log(y[o + horizon - 1] / median(y, o, horizon)) / vol[o]);
        }
        if (scores.size() < ConformalBands.MIN_RESIDUALS) return r;
        double med = median(y, n, horizon) * Math.exp(shift);
        List<QuantileBand> own = new ArrayList<>(); // no width of its own: the scores alone make the band
        for (double level : ForecastScan.LEVELS) own.add(new QuantileBand(level, new double[]{med}, new double[]{med}));
        double[][] residuals = {scores.stream().mapToDouble(Double::doubleValue).toArray()};
        Forecast f = ConformalBands.calibrate(new Forecast("drift", new double[]{med}, own), residuals, ForecastScan.LEVELS, vol[n]);
        for (int i = 0; i < r.length; i++) r[i] = ScanReplay.ranked(RewardRisk.of(f, y[n - 1], ForecastScan.LEVELS[i], 1).ratio());
        return r;
    }

    /** Drift's median {@code horizon} steps past the first {@code o} closes: the line through the first and the last, on the log scale. */
    static double median(double[] y, int o, int horizon) {
        return y[o - 1] * Math.exp(horizon * Math.log(y[o - 1] / y[0]) / (o - 1));
    }
}
