package org.sextant.engine.forecast;

/**
 * A forecasting model: fit on a history sampled at a fixed frequency (period = season length,
 * 1 when none), then forecast h steps with bands at the requested levels. Implementations are
 * stateless and thread-safe; {@link #forecast} validates input before any work starts.
 */
public interface Forecaster {
    /** Default coverage levels of the bands. */
    double[] DEFAULT_LEVELS = {0.80, 0.95, 0.99};

    String name();

    /** Shortest history this model accepts for a given period. */
    int minLength(int period);

    /** Fits and forecasts on input already validated by {@link ForecastInput#check}. */
    Forecast compute(double[] history, int period, int horizon, double[] levels);

    default Forecast forecast(double[] history, int period, int horizon, double[] levels) {
        ForecastInput.check(history, period, horizon, levels, minLength(period), name());
        // every fit is a checkpoint of the job it runs in (a walk-forward makes hundreds)
        org.sextant.engine.jobs.Cancellation.check();
        return compute(history, period, horizon, levels);
    }

    default Forecast forecast(double[] history, int period, int horizon) {
        return forecast(history, period, horizon, DEFAULT_LEVELS);
    }
}
