package org.sextant.engine.research.source;

import java.util.Arrays;
import org.sextant.engine.Incident;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.RewardRisk;

/**
 * A forecast model's view of one price series, bar by bar, without look-ahead: at each
 * rebalance origin t (every {@code every} bars once {@code window} closes exist) the model is fitted
 * on log closes t-window+1..t only and its {@code horizon}-step forecast gives the value; between
 * origins the last value is held. NaN before the first origin (and where a fit fails, e.g. on a
 * flat window), which signals read as flat.
 *
 * <p>Cost: one model fit per origin and asset, (bars - window) / every fits per asset; Theta on 500
 * closes takes well under a millisecond, the ETS family tens (docs/research.md).
 */
public final class ForecastSeries {
    public static final String MEDIAN_RETURN = "median_return";
    public static final String REWARD_RISK = "reward_risk";

    private ForecastSeries() {}

    /**
     * @param models  the catalogue {@code model} is named in (the engine's, whose {@code global} it trained)
     * @param measure median_return: median forecast at the horizon / last close - 1; reward_risk:
     *                upside to the band's upper edge over downside to its lower edge at the horizon
     * @param level   band level for reward_risk (e.g. 0.8)
     */
    public static double[] of(ForecastModels models, double[] close, String model, int horizon, String measure, double level, int every,
                              int window) {
        return of(models, close, model, horizon, measure, level, every, window, new Fits());
    }

    /** How many fits {@link #of} made and how many failed (a window the model could not fit: no value there). */
    public static final class Fits {
        private int made, failed;
        private String model;
        private RuntimeException firstFailure;
        private String worded;

        public int made() { return made; }
        public int failed() { return failed; }

        /**
         * The first failure as a run's warning may say it (null: none failed): the model and the kind of failure. A refusal
         * of the engine's (the global model not trained) keeps its own words; any other exception's text — which may quote
         * a value or a path, and helps no reader of warnings — goes to the log under an incident mark the words name
         * (logged once, when first asked: a warning is written for a few assets, not for every failed window).
         */
        public String firstFailure() {
            if (firstFailure == null || worded != null) return worded;
            if (firstFailure instanceof SextantException refused) {
                worded = "model " + model + ": " + SextantException.bounded(refused.getMessage(), 200);
            } else {
                Incident.Mark mark = Incident.log("forecast model " + model + " fitting a window", firstFailure);
                worded = "model " + model + " could not fit a window: " + kind(firstFailure) + " (logged as " + mark + ")";
            }
            return worded;
        }

        public boolean allFailed() { return made > 0 && failed == made; }

        private static String kind(RuntimeException e) {
            if (e instanceof org.hipparchus.exception.MathRuntimeException || e instanceof ArithmeticException
                    || e instanceof Forecast.BandsNotNested) return "a numerical failure (a fit that did not converge, or bands it could not order)";
            if (e instanceof IllegalArgumentException) return "it refused the window's closes";
            return "an unexpected error (a bug)";
        }
    }

    /** As above, counting the fits into {@code fits}. */
    public static double[] of(ForecastModels models, double[] close, String model, int horizon, String measure, double level, int every,
                              int window, Fits fits) {
        Forecaster f = models.forPrices(model);
        if (window < f.minLength(1)) {
            throw SextantException.invalid("window", "model " + model + " needs at least " + f.minLength(1) + " closes, window is " + window,
                    "use a window of at least " + f.minLength(1) + " bars");
        }
        fits.model = model;
        double[] levels = {level};
        double[] out = new double[close.length];
        Arrays.fill(out, Double.NaN);
        double held = Double.NaN;
        for (int t = window - 1; t < close.length; t++) {
            if ((t - (window - 1)) % every == 0) {
                double[] history = Arrays.copyOfRange(close, t - window + 1, t + 1);   // up to and including bar t: known at its close
                held = value(f, history, horizon, measure, levels, fits);
            }
            out[t] = held;
        }
        return out;
    }

    private static double value(Forecaster f, double[] history, int horizon, String measure, double[] levels, Fits fits) {
        Forecast fc;
        fits.made++;
        try {
            fc = f.forecast(history, 1, horizon, levels);
        } catch (java.util.concurrent.CancellationException e) {
            throw e;             // the job was cancelled: not a window without an opinion
        } catch (RuntimeException e) {
            if (fits.failed++ == 0) fits.firstFailure = e;
            return Double.NaN;   // a window the model cannot fit (e.g. constant prices): no opinion
        }
        double last = history[history.length - 1];
        return switch (measure) {
            case MEDIAN_RETURN -> fc.median()[horizon - 1] / last - 1;
            case REWARD_RISK -> RewardRisk.of(fc, last, levels[0], horizon).ratio();
            default -> throw new IllegalArgumentException("unknown forecast measure " + measure);
        };
    }
}
