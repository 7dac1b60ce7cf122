package org.sextant.engine.forecast.store;

import java.util.List;
import java.util.Map;
import org.sextant.engine.forecast.WalkForwardBacktest;

/**
 * What the chart overlays for a symbol, model and horizon: the stored walk-forward origins (one
 * forecast per origin, in the requested calibration where the origin has it, else the model's
 * bands) and the backtest's error summary ({@code result} null when no backtest was run), with the
 * data warning of the closes it was run on (null when none): worked out when read, by the rule
 * get_forecast's {@code data_warning} follows ({@code OutlierWarnings}), not stored with it. A backtest made from closes the
 * store no longer holds is not shown: {@code result} null, {@code staleNote} saying why and what to do.
 *
 * @param summary  the stored summary as the store keeps it (for get_chart_data), null when not shown
 */
public record StoredForecastBacktest(String originsRule, WalkForwardBacktest.Result result, List<StoredForecast> forecasts, String dataWarning,
                                     @com.fasterxml.jackson.annotation.JsonIgnore Map<String, Object> summary, String staleNote) {
    public StoredForecastBacktest {
        forecasts = List.copyOf(forecasts);
    }

    /** A backtest shown as it is (a bar series' backtest, computed when asked). */
    public StoredForecastBacktest(String originsRule, WalkForwardBacktest.Result result, List<StoredForecast> forecasts, String dataWarning) {
        this(originsRule, result, forecasts, dataWarning, null, null);
    }
}
