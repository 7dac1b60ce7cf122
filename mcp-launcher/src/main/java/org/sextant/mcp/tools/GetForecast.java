package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The live forecast of one symbol: median, bands per level and reward/risk from the last close. */
final class GetForecast extends LauncherTool {
    GetForecast() {
        super("get_forecast", Categories.RESEARCH, ToolClass.READ, false,
                "Forecasts one symbol's close: target dates, median, bands (default 80/95/99%) and reward/risk from the last close.",
                Capabilities.GET_FORECAST.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = ForecastArgs.read(call);
        call.args().optionalNumberList("levels").ifPresent(l -> args.put("levels", l));
        return ForecastPrecision.round(call.context().app().call(Capabilities.GET_FORECAST, args));
    }
}
