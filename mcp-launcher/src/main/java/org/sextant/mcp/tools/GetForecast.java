package org.sextant.mcp.tools;

import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The live forecast of one symbol: median, bands per level and reward/risk from the last close. */
final class GetForecast extends LauncherTool {
    static final int MAX_LEVELS = 10;

    GetForecast() {
        super("get_forecast", Categories.RESEARCH, ToolClass.READ, false,
                "Forecasts one symbol's close from its last stored day: target dates, the median and a band per level (default 80/95/99%), and reward/risk per level from the last close.",
                ForecastArgs.schema("the symbol as list_symbols shows it, e.g. \"AAPL\"")
                        .fractionArray("levels", MAX_LEVELS, "band levels, each strictly between 0 and 1 (default [0.8, 0.95, 0.99])")
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = ForecastArgs.read(call);
        call.args().optionalFractionList("levels", MAX_LEVELS).ifPresent(l -> args.put("levels", l));
        return call.context().app().call("get_forecast", args);
    }
}
