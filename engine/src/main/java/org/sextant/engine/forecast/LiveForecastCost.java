package org.sextant.engine.forecast;

import java.util.Locale;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;

/**
 * What a live forecast (get_forecast, the fan of get_chart_data, get_reward_risk) costs before it
 * runs: its bands are calibrated on a walk-forward of about 255 fits ({@link LiveCalibration}),
 * each on the history up to its origin, priced by {@link BacktestCost}'s classes. ETS on 62,000
 * half-hour bars is minutes of fitting; under a request's budget such a forecast is refused at
 * once, naming a faster model, instead of holding a core until the budget runs out.
 */
final class LiveForecastCost {
    private LiveForecastCost() {}

    /** Estimated CPU seconds of the live forecast of {@code model} on {@code closes} values. */
    static double estimatedSeconds(ForecastModels models, int closes, String model, int horizon) {
        return Origins.of(closes, horizon).price(models, model).seconds();
    }

    /** What one model's calibration costs: its fits and their estimated CPU seconds. */
    private record Estimate(int fits, double seconds) {}

    /**
     * The calibration origins of a live forecast of {@code closes} values, worked out once for every model: a model
     * fits those at or above its shortest history ({@link LiveCalibration#origins(int, int, int)}) and calibrates
     * each one's bands at every step of the horizon.
     */
    private record Origins(int[] all, int horizon) {
        static Origins of(int closes, int horizon) {
            return new Origins(LiveCalibration.origins(0, closes, horizon), horizon);
        }

        Estimate price(ForecastModels models, String model) {
            int shortest = models.forPrices(model).minLength(1), fits = 0;
            long history = 0;
            for (int o : all) {
                if (o < shortest) continue;
                fits++;
                history += o;
            }
            return new Estimate(fits, BacktestCost.costClass(model).seconds(fits, history) + BacktestCost.calibrationSeconds(fits, horizon));
        }
    }

    /**
     * Under a request's budget, refuses (resource_limit, field {@code horizon} or {@code model}) a live forecast whose
     * estimate exceeds {@link BacktestCost#BUDGET_SHARE} of what is left; {@code bars} says the
     * values are bars at an interval, for which a coarser interval is also a fix. Without a budget
     * (a job, the window) it returns.
     */
    static void refuseBeyondBudget(ForecastModels models, int closes, String model, int horizon, boolean bars) {
        double allowed = BacktestCost.allowedSeconds();
        if (allowed != Double.POSITIVE_INFINITY) refuseBeyond(allowed, models, closes, model, horizon, bars);
    }

    /**
     * Refuses a live forecast estimated at more than {@code seconds}: naming horizon with the longest that fits
     * when a shorter one does (the calibration grows with every step), else model with a faster one that fits.
     */
    static void refuseBeyond(double seconds, ForecastModels models, int closes, String model, int horizon, boolean bars) {
        Origins origins = Origins.of(closes, horizon);
        Estimate estimate = origins.price(models, model);
        if (estimate.seconds() <= seconds) return;
        String faster = null;
        for (String m : BacktestCost.FASTER) {
            if (BacktestCost.costClass(m).ordinal() < BacktestCost.costClass(model).ordinal() && origins.price(models, m).seconds() <= seconds) {
                faster = m;
                break;
            }
        }
        int longest = longestHorizon(seconds, models, closes, model, horizon);
        String fix = longest > 0 ? "set horizon to " + longest + " or less" + (faster != null ? ", or use a faster model such as " + faster : "")
                : faster != null ? "use a faster model such as " + faster : "ask for fewer values";
        fix += bars ? ", or ask at a coarser interval (fewer bars to fit)"
                : ", or store it with start_forecast (a background job without a time limit), which get_forecast then answers from";
        throw new SextantException(FailReason.RESOURCE_LIMIT, String.format(Locale.ROOT,
                "the forecast would compute for about %.0f s (its bands are calibrated on %d fits of model %s on up to %d %s, at %d horizon steps each),"
                        + " more than the %.0f s it may take of its budget", estimate.seconds(), estimate.fits(),
                ForecastBacktestRun.modelName(model), closes, bars ? "bars" : "closes", horizon, seconds), longest > 0 ? "horizon" : "model", fix);
    }

    /** The longest horizon below {@code horizon} whose estimate fits in {@code seconds}, or 0 when not even 1 does (the estimate grows with it). */
    static int longestHorizon(double seconds, ForecastModels models, int closes, String model, int horizon) {
        if (estimatedSeconds(models, closes, model, 1) > seconds) return 0;
        return (int) org.sextant.engine.LargestFitting.in(1, horizon - 1, h -> estimatedSeconds(models, closes, model, (int) h) <= seconds);
    }
}
