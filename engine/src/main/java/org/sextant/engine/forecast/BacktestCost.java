package org.sextant.engine.forecast;

import java.util.Locale;
import java.util.Map;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;

/**
 * What a synchronous forecast backtest (get_backtest_error) costs before it runs, so one that
 * cannot end within its request's budget is refused at once instead of holding a core until the
 * budget runs out. A fit on o closes costs its model's cost class (a fixed part plus one per
 * close); the fits are the ones {@link ForecastBacktestRun#run} makes ({@link ForecastBacktestRun#fitOrigins}).
 * The figures are at or a little below measured ones, and a request may fill only
 * {@link #BUDGET_SHARE} of its budget with them, so one just under the bound still ends in time;
 * the budget stays the backstop (docs/forecast.md, "Cost of a backtest").
 */
public final class BacktestCost {
    private BacktestCost() {}

    /**
     * What one fit costs in CPU time: microseconds plus nanoseconds per close of history, cheapest
     * first. Each is about the cheapest member's line through its fits at 1,000, 4,000 and 9,000
     * NYSE closes (FitCostBenchmark, 2026-12-04; docs/benchmarks.md "Forecast backtest: fit cost").
     */
    public enum CostClass {
        INSTANT(10, 8), NETWORK(100, 5), LIGHT(50, 250), LIGHT_TUNED(450, 500), SMOOTHING(2_000, 1_000), DAMPED_TREND(100, 2_750),
        ARIMA(3_000, 2_300), ETS(10_000, 11_000);

        public final double microsPerFit, nanosPerClose;

        CostClass(double microsPerFit, double nanosPerClose) {
            this.microsPerFit = microsPerFit;
            this.nanosPerClose = nanosPerClose;
        }

        /** Seconds of {@code fits} fits on {@code closes} closes in all. */
        public double seconds(long fits, long closes) { return (fits * microsPerFit * 1e3 + closes * nanosPerClose) / 1e9; }
    }

    /**
     * CPU microseconds of calibrating one origin's bands at one horizon step, whatever the model: the
     * conformal and the adaptive bands sort up to {@link WalkForwardBacktest#CALIBRATION_WINDOW}
     * residuals per level and step. Naive's live forecast of the NYSE closes at horizon 260 (302
     * origins) took 4-5 CPU s of it against 0.02 s of fitting (docs/benchmarks.md "Live forecast: cost by horizon").
     */
    public static final double CALIBRATION_MICROS_PER_STEP = 40;

    /** Seconds of calibrating {@code origins} origins' bands at {@code horizon} steps each. */
    public static double calibrationSeconds(long origins, int horizon) { return origins * (double) horizon * CALIBRATION_MICROS_PER_STEP / 1e6; }

    private static final Map<String, CostClass> BY_MODEL = Map.ofEntries(
            Map.entry("naive", CostClass.INSTANT), Map.entry("snaive", CostClass.INSTANT), Map.entry("drift", CostClass.INSTANT),
            Map.entry("naive2", CostClass.INSTANT), Map.entry("theta", CostClass.LIGHT), Map.entry("ses", CostClass.LIGHT),
            // otm optimises theta itself; a damped trend's fit grows faster with the history than Holt's
            Map.entry("otm", CostClass.LIGHT_TUNED), Map.entry("holt", CostClass.SMOOTHING), Map.entry("damped", CostClass.DAMPED_TREND),
            Map.entry("dampen", CostClass.DAMPED_TREND), Map.entry("arima", CostClass.ARIMA), Map.entry("arima_css", CostClass.ARIMA),
            // automatic ETS tries several models per fit; each combination holds it
            Map.entry("ets", CostClass.ETS), Map.entry("comb_et", CostClass.ETS), Map.entry("comb_mean", CostClass.ETS),
            Map.entry("comb_median", CostClass.ETS), Map.entry("comb_global", CostClass.ETS),
            // a trained network's forward pass over a window of the last closes: nearly the same cost at any history length
            Map.entry("global", CostClass.NETWORK));

    /** Models a refusal offers instead, cheapest last: the first whose estimate fits is named. */
    static final String[] FASTER = {"theta", "drift", "naive"};

    static {
        for (String m : ForecastModels.names()) {
            if (!BY_MODEL.containsKey(m)) throw new IllegalStateException("model " + m + " has no cost class in BacktestCost");
        }
    }

    /** The cost class of a model name (as the catalogue knows it). */
    public static CostClass costClass(String model) {
        return BY_MODEL.get(ForecastBacktestRun.modelName(model));
    }

    /**
     * Estimated CPU seconds of {@link ForecastBacktestRun#run} with these arguments (bad ones are refused as run refuses them):
     * its fits, and the bands of every evaluated origin calibrated at every horizon step, priced as a live forecast's
     * ({@link #calibrationSeconds}).
     */
    public static double estimatedSeconds(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction) {
        int[] fits = ForecastBacktestRun.fitOrigins(models, prices, model, horizon, origins, evalFraction, null);
        long closes = 0;
        for (int o : fits) closes += o;
        return costClass(model).seconds(fits.length, closes)
                + calibrationSeconds(evalOrigins(prices, origins, evalFraction), ForecastBacktestRun.horizon(horizon));
    }

    /**
     * The share of a request's budget an estimate may fill: the figures are this machine's idle, and
     * a busy one took 1.6 times as long (an attacker pass under load 7: a suggested eval_fraction
     * that fitted 75% ran past the whole budget), so half leaves room; the budget stops the rest.
     */
    public static final double BUDGET_SHARE = 0.5;

    /**
     * The seconds an estimate may take: {@link #BUDGET_SHARE} of what is left of the request's budget, infinite without
     * one; a budget already spent (waiting for a turn) is a timeout, not an estimate.
     */
    public static double allowedSeconds() {
        long left = org.sextant.engine.jobs.Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE) return Double.POSITIVE_INFINITY;
        org.sextant.engine.jobs.Cancellation.check();
        return BUDGET_SHARE * left / 1e9;
    }

    /** The background job that backtests a symbol's daily closes without a time limit. */
    public static final String DAILY_JOB = "start_forecast_backtest (monthly origins over the last 40%, stored)";

    /**
     * Under a request's budget (the local API's 40 s), refuses at once (resource_limit) a backtest
     * whose estimate exceeds {@link #BUDGET_SHARE} of what is left of it; {@code job} is the
     * background job that has no budget (null: none takes this request). Without a budget (a job,
     * the GUI) it returns.
     */
    public static void refuseBeyondBudget(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins,
                                          Double evalFraction, String job) {
        double allowed = allowedSeconds();
        if (allowed != Double.POSITIVE_INFINITY) refuseBeyond(allowed, models, prices, model, horizon, origins, evalFraction, job);
    }

    /**
     * Refuses a backtest estimated at more than {@code seconds}, naming the field to change:
     * eval_fraction with the largest value that fits, else horizon with the longest that fits (the
     * bands' calibration grows with every step whatever the model), else model with a faster one that fits.
     */
    static void refuseBeyond(double seconds, ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins,
                             Double evalFraction, String job) {
        if (evalOrigins(prices, origins, evalFraction) > org.sextant.contract.Bounds.MAX_BACKTEST_ORIGINS) return; // run refuses those
        double estimate = estimatedSeconds(models, prices, model, horizon, origins, evalFraction);
        if (estimate <= seconds) return;
        String field, fix;
        Double fraction = largestFittingFraction(models, prices, model, horizon, origins, evalFraction, seconds);
        String faster = fasterModel(models, prices, model, horizon, origins, evalFraction, seconds);
        int longest = fraction != null ? 0 : longestHorizon(models, prices, model, horizon, origins, evalFraction, seconds);
        if (fraction != null) {
            field = "eval_fraction";
            fix = String.format(Locale.ROOT, "set eval_fraction to %.2f or less", fraction) + (faster == null ? "" : ", or use a faster model such as " + faster);
        } else if (longest > 0) {
            field = "horizon";
            fix = "set horizon to " + longest + " or less" + (faster == null ? "" : ", or use a faster model such as " + faster);
        } else if (faster != null) {
            field = "model";
            fix = "use a faster model such as " + faster;
        } else {
            field = "eval_fraction";
            fix = "ask for a shorter history: even the smallest eval_fraction or horizon with model naive does not fit";
        }
        if (job != null) fix += "; or run it as a background job without a time limit: " + job;
        int fits = ForecastBacktestRun.fits(models, prices, model, horizon, origins, evalFraction, null);
        throw new SextantException(FailReason.RESOURCE_LIMIT, String.format(Locale.ROOT,
                "the walk-forward backtest would compute for about %.0f s (%d fits of model %s on up to %d closes: origins %s, eval_fraction %s;"
                        + " the bands of %d evaluated origins calibrated at %d horizon steps each), more than the %.0f s it may take of its budget",
                estimate, fits, ForecastBacktestRun.modelName(model), prices.size(), OriginRule.parse(origins).label(),
                evalFraction == null ? ForecastBacktestRun.DEFAULT_EVAL_FRACTION : evalFraction, evalOrigins(prices, origins, evalFraction),
                ForecastBacktestRun.horizon(horizon), seconds), field, fix);
    }

    /** The longest horizon below the asked one whose estimate fits, or 0 when none does (the estimate grows with it). */
    private static int longestHorizon(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction,
                                      double budget) {
        int asked = ForecastBacktestRun.horizon(horizon);
        if (asked <= 1 || !fitsIn(models, prices, model, 1, origins, evalFraction, budget)) return 0;
        return (int) org.sextant.engine.LargestFitting.in(1, asked - 1, h -> fitsIn(models, prices, model, (int) h, origins, evalFraction, budget));
    }

    /** The largest eval_fraction in hundredths below the asked one whose estimate fits, or null. */
    private static Double largestFittingFraction(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins,
                                                 Double evalFraction, double budget) {
        double asked = evalFraction == null ? ForecastBacktestRun.DEFAULT_EVAL_FRACTION : evalFraction;
        for (int hundredths = (int) Math.ceil(asked * 100) - 1; hundredths >= 1; hundredths--) {
            double f = hundredths / 100.0;
            if (fitsIn(models, prices, model, horizon, origins, f, budget)) return f;
        }
        return null;
    }

    /** The first model of {@link #FASTER} cheaper than {@code model} that fits, with the eval_fraction it needs if smaller; or null. */
    private static String fasterModel(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins,
                                      Double evalFraction, double budget) {
        CostClass own = costClass(model);
        for (String m : FASTER) {
            if (BY_MODEL.get(m).ordinal() >= own.ordinal()) continue;
            if (fitsIn(models, prices, m, horizon, origins, evalFraction, budget)) return m;
            Double f = largestFittingFraction(models, prices, m, horizon, origins, evalFraction, budget);
            if (f != null) return String.format(Locale.ROOT, "%s with eval_fraction %.2f or less", m, f);
        }
        return null;
    }

    private static boolean fitsIn(ForecastModels models, PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction,
                                  double budget) {
        try {
            return evalOrigins(prices, origins, evalFraction) > 0 && estimatedSeconds(models, prices, model, horizon, origins, evalFraction) <= budget;
        } catch (SextantException tooShort) { // e.g. no origin left at so small a fraction
            return false;
        }
    }

    private static int evalOrigins(PriceSeries prices, String origins, Double evalFraction) {
        return OriginRule.parse(origins).origins(prices.dates(), ForecastBacktestRun.firstOrigin(prices.dates(), evalFraction, null)).length;
    }
}
