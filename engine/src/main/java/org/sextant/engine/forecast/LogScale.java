package org.sextant.engine.forecast;

/**
 * Fits a model to log values and maps the forecast back with exp. Prices are modelled this
 * way: quantiles transform exactly under a monotone map, so the central path becomes the
 * median price and the bands stay calibrated as they were on the log scale.
 */
public final class LogScale implements Forecaster {
    private final Forecaster inner;

    public LogScale(Forecaster inner) { this.inner = inner; }

    @Override public String name() { return "log_" + inner.name(); }
    @Override public int minLength(int period) { return inner.minLength(period); }

    @Override
    public Forecast forecast(double[] history, int period, int horizon, double[] levels) {
        ForecastInput.check(history, period, horizon, levels, minLength(period), name());
        ForecastInput.checkPositive(history);
        org.sextant.engine.jobs.Cancellation.check(); // every fit is a checkpoint, as in Forecaster.forecast
        return compute(history, period, horizon, levels);
    }

    @Override
    public Forecast compute(double[] history, int period, int horizon, double[] levels) {
        double[] logs = new double[history.length];
        for (int i = 0; i < logs.length; i++) logs[i] = Math.log(history[i]);
        return inner.compute(logs, period, horizon, levels).map(name(), Math::exp);
    }
}
