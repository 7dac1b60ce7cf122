package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The forecast model names the forecast tools accept, and the default one. */
final class ListForecastModels extends LauncherTool {
    ListForecastModels() {
        super("list_forecast_models", Categories.RESEARCH, ToolClass.READ, false,
                "Lists the forecast models get_forecast, get_chart_data and scan_forecasts accept, and the default.",
                Capabilities.LIST_FORECAST_MODELS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.LIST_FORECAST_MODELS, Map.of());
    }
}
