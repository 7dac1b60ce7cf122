package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * One symbol's walk-forward forecast backtest from its prices alone (no store): the kernel the
 * facade's forecast jobs and the scale-out jobs both call, so a cluster computes what the
 * desktop does. The result holds every origin's forecasts as the store keeps them.
 */
public final class ForecastBacktestRun {
    /** Model used when a caller names none: Theta on log prices (robust, fast, the M3 winner's method). */
    public static final String DEFAULT_MODEL = "theta";
    public static final int DEFAULT_HORIZON = 20;
    public static final double[] DEFAULT_LEVELS = {0.80, 0.95, 0.99};
    /** Share of the history the origins cover when no out-of-sample start is named. */
    public static final double DEFAULT_EVAL_FRACTION = 0.4;
    /** Spacing of conformal calibration origins in backtests, in closes. */
    public static final int CALIBRATION_EVERY = 5;

    private ForecastBacktestRun() {}

    /**
     * A computed backtest with what storing it writes: every origin's forecasts and the summary, and which closes it read (the
     * symbol's closes from {@code closesFrom} to {@code closesTo}, their {@link ClosesDigest}): it is shown only while the store
     * holds those.
     */
    public record Computed(String symbol, String model, int horizon, String originsRule, WalkForwardBacktest.Result result,
                           List<StoredForecast> rows, String closesDigest, LocalDate closesFrom, LocalDate closesTo) {}

    /** The model name a request means (null or blank: the default); an unknown model is refused before any work. */
    public static String modelName(String model) {
        return ForecastModels.requireKnown(model == null || model.isBlank() ? DEFAULT_MODEL : model); // one key per model: stored forecasts are found by it
    }

    public static int horizon(Integer h) {
        int v = h == null ? DEFAULT_HORIZON : h;
        if (v < 1 || v > 260) throw SextantException.invalid("horizon", "horizon must be 1..260 trading days of the series' own week, was " + v, "e.g. 20 for about a month of weekdays");
        return v;
    }

    /**
     * The first evaluated index: the first close on or after {@code outOfSampleStart} when given,
     * else the start of the last {@code evalFraction} (default 0.4) of the history.
     */
    public static int firstOrigin(List<LocalDate> dates, Double evalFraction, LocalDate outOfSampleStart) {
        if (outOfSampleStart != null) {
            for (int i = 0; i < dates.size(); i++) if (!dates.get(i).isBefore(outOfSampleStart)) return i;
            throw SextantException.invalid("oos_start", "out-of-sample start " + outOfSampleStart + " is after the last close " + dates.get(dates.size() - 1),
                    "name a date inside the history");
        }
        double frac = evalFraction == null ? DEFAULT_EVAL_FRACTION : evalFraction;
        if (!(frac > 0 && frac < 1)) throw SextantException.invalid("eval_fraction", "must be in (0,1), got " + frac, "use e.g. 0.4 for the last 40%");
        return (int) Math.floor(dates.size() * (1 - frac));
    }

    /**
     * The backtest of {@code prices} with a model of {@code models}; {@code cancelled} is polled at every origin (null: never).
     * Bad input (unknown model, too short a history) is a {@link SextantException} naming the field.
     */
    public static Computed run(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction,
                               LocalDate outOfSampleStart, double[] levels, Runnable cancelled) {
        return run(models, DigestedCloses.of(prices), model, horizon, origins, evalFraction, outOfSampleStart, levels, cancelled);
    }

    /** As above, the closes' digest (stored with the backtest) taken from {@code closes}: not hashed again when the caller's request had. */
    public static Computed run(ForecastModels models, DigestedCloses closes, String model, Integer horizon, String origins, Double evalFraction,
                               LocalDate outOfSampleStart, double[] levels, Runnable cancelled) {
        String m = modelName(model);
        return run(m, models.forPrices(m), closes, horizon, origins, evalFraction, outOfSampleStart, levels, cancelled);
    }

    /** As above with the forecaster {@code f} of model {@code m} (the catalogue's; a changed one in tests). */
    public static Computed run(String m, Forecaster f, PriceSeries prices, Integer horizon, String origins, Double evalFraction,
                               LocalDate outOfSampleStart, double[] levels, Runnable cancelled) {
        return run(m, f, DigestedCloses.of(prices), horizon, origins, evalFraction, outOfSampleStart, levels, cancelled);
    }

    private static Computed run(String m, Forecaster f, DigestedCloses closes, Integer horizon, String origins, Double evalFraction,
                                LocalDate outOfSampleStart, double[] levels, Runnable cancelled) {
        PriceSeries prices = closes.prices();
        int h = horizon(horizon);
        double[] lv = levels == null ? DEFAULT_LEVELS : levels;
        ForecastInput.checkLevels(lv);
        OriginRule rule = OriginRule.parse(origins);
        double[] y = PriceForecast.closes(prices);
        List<LocalDate> dates = prices.dates();
        int first = firstOrigin(dates, evalFraction, outOfSampleStart);
        int[] evalOrigins = rule.origins(dates, first);
        if (evalOrigins.length == 0) throw noOrigin(rule, dates.size(), first, outOfSampleStart == null);
        if (evalOrigins.length > org.sextant.contract.Bounds.MAX_BACKTEST_ORIGINS) {
            throw SextantException.invalid("origins", "origins " + rule.label() + " makes " + evalOrigins.length + " forecast origins, more than "
                    + org.sextant.contract.Bounds.MAX_BACKTEST_ORIGINS, "use monthly (the default), weekly, or a larger number of closes between origins");
        }
        List<StoredForecast> rows = new ArrayList<>();
        WalkForwardBacktest.Result r = WalkForwardBacktest.run(f, y, 1, h, evalOrigins, lv, CALIBRATION_EVERY,
                WalkForwardBacktest.calibrationOrigins(f, 1, y.length, evalOrigins.length == 0 ? first : evalOrigins[0], h, CALIBRATION_EVERY),
                (o, own, cf, ad) -> {
                    if (cancelled != null) cancelled.run();
                    List<LocalDate> targets = BacktestRecount.targets(dates, o, h);
                    String[] kinds = {BandCalibration.MODEL.wire(), BandCalibration.CONFORMAL.wire(), BandCalibration.ADAPTIVE.wire()};
                    Forecast[] fs = {own, cf, ad};
                    for (int i = 0; i < 3; i++) {
                        if (fs[i] != null) rows.add(new StoredForecast(prices.symbol(), m, StoredForecast.BACKTEST, kinds[i], dates.get(o - 1), h,
                                y[o - 1], o, targets, fs[i], List.of()));
                    }
                });
        return new Computed(prices.symbol(), m, h, rule.label(), r, rows, closes.digest(), dates.get(0), dates.get(dates.size() - 1));
    }

    /**
     * The refusal of a backtest whose origin rule falls on none of the closes it evaluates (15 closes, monthly origins
     * over their last 6 all in one month): the figures, and the origins or eval_fraction that would give one. On
     * "history", which the callers name by the symbol or job field whose closes these are.
     */
    private static SextantException noOrigin(OriginRule rule, int closes, int first, boolean byFraction) {
        int evaluated = Math.max(0, closes - Math.max(first, 1));
        String fix = evaluated == 0 ? "use a longer series (an origin needs a close after it to score)"
                : "set origins to a number of closes, e.g. " + Math.max(1, Math.min(20, evaluated / 2)) + " (an origin every that many of the "
                        + evaluated + " closes evaluated)" + (byFraction ? ", or a larger eval_fraction" : "") + ", or use a longer series";
        return SextantException.invalid("history", "no forecast origin fits: of its " + closes + " closes the last " + evaluated
                + " are evaluated" + (byFraction ? " (eval_fraction)" : " (from oos_start)") + " and origins " + rule.label() + " falls on none of them", fix);
    }

    /** Model fits a backtest of {@code n} closes makes: evaluation origins plus conformal calibration origins (shared ones count once). */
    public static int fits(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction,
                           LocalDate outOfSampleStart) {
        return fitOrigins(models, prices, model, horizon, origins, evalFraction, outOfSampleStart).length;
    }

    /** The history length of each model fit {@link #run} makes, ascending (a fit on closes [0, o) for each o); nothing is fitted. */
    public static int[] fitOrigins(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction,
                                   LocalDate outOfSampleStart) {
        Forecaster f = models.forPrices(modelName(model));
        int h = horizon(horizon);
        int first = firstOrigin(prices.dates(), evalFraction, outOfSampleStart);
        int[] eval = OriginRule.parse(origins).origins(prices.dates(), first);
        java.util.Set<Integer> all = new java.util.TreeSet<>();
        for (int o : eval) all.add(o);
        for (int o : WalkForwardBacktest.calibrationOrigins(f, 1, prices.size(), eval.length == 0 ? first : eval[0], h, CALIBRATION_EVERY)) {
            if (o < prices.size()) all.add(o);
        }
        return all.stream().mapToInt(Integer::intValue).toArray();
    }
}
