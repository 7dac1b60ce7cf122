package org.sextant.engine.forecast.store;

import java.util.List;
import org.sextant.engine.forecast.WalkForwardBacktest;

/**
 * What the chart overlays for a symbol, model and horizon: the stored walk-forward origins (one
 * forecast per origin, in the requested calibration where the origin has it, else the model's
 * bands) and the backtest's error summary ({@code result} null when no backtest was run).
 */
public record StoredForecastBacktest(String originsRule, WalkForwardBacktest.Result result, List<StoredForecast> forecasts) {
    public StoredForecastBacktest {
        forecasts = List.copyOf(forecasts);
    }
}
