package org.sextant.scaleout;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.OriginRule;

/**
 * What a forecast backtest job computes, with the local commands' names: model, horizon, origins
 * every (monthly, weekly or N closes), symbols (empty: all), dates [from, to] and the
 * out-of-sample start (null: the last 40% of each symbol's history). Checked on the driver.
 */
public record ForecastBacktestArguments(String model, Integer horizon, String every, List<String> symbols, LocalDate from, LocalDate to,
                                LocalDate outOfSampleStart) implements Serializable {
    public ForecastBacktestArguments {
        model = ForecastBacktestRun.modelName(model);
        horizon = ForecastBacktestRun.horizon(horizon);
        OriginRule.parse(every);
        symbols = symbols == null ? List.of() : symbols.stream().map(s -> s.trim().toUpperCase(java.util.Locale.ROOT)).distinct().toList();
        if (from != null && to != null && from.isAfter(to)) {
            throw org.sextant.engine.SextantException.invalid("from", "from " + from + " is after to " + to, "swap them");
        }
    }
}
