package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The live forecast of one symbol from its last stored close (a forecast job's starts from the last completed week's): median, bands per level and reward/risk. */
final class GetForecast extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    GetForecast() {
        super("get_forecast", Categories.RESEARCH, ToolClass.READ, false,
                "Forecasts one symbol's close from its last stored close (origin): target dates, median, bands (default 80/95/99%), reward/risk. Scans and forecast jobs start from the last completed week.",
                Capabilities.GET_FORECAST.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        call.args().requiredString("symbol", ForecastArgs.SYMBOL_EXAMPLE);
        Map<String, Object> answer = call.context().app().call(Capabilities.GET_FORECAST, call.args().given());
        Map<String, Object> inner = ForecastArgs.ofBars(answer);
        if (inner != null) {
            Map<String, Object> out = new java.util.LinkedHashMap<>(answer);
            out.put("forecast", ForecastPrecision.round(inner));
            return out;
        }
        return ForecastPrecision.round(answer);
    }
}
