package org.sextant.engine.forecast.store;

import java.util.List;
import org.sextant.engine.forecast.WalkForwardBacktest;

/**
 * What the chart overlays for a symbol, model and horizon: the stored walk-forward origins (one
 * forecast per origin, in the requested calibration where the origin has it, else the model's
 * bands) and the backtest's error summary ({@code result} null when no backtest was run), with the
 * data warning of the closes it was run on (null when none): worked out when read, by the rule
 * get_forecast's {@code data_warning} follows ({@code OutlierWarnings}), not stored with it.
 */
public record StoredForecastBacktest(String originsRule, WalkForwardBacktest.Result result, List<StoredForecast> forecasts, String dataWarning) {
    public StoredForecastBacktest {
        forecasts = List.copyOf(forecasts);
    }
}
