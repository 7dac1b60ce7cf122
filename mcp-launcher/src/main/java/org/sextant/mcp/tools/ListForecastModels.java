package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The forecast model names the forecast tools accept, and the default one. */
final class ListForecastModels extends PassThroughTool {
    ListForecastModels() {
        super("list_forecast_models", Categories.RESEARCH,
                "Lists the forecast models get_forecast, get_chart_data and scan_forecasts accept, the default, and which of them wait for train_global_model (needs_training).",
                Capabilities.LIST_FORECAST_MODELS);
    }
}
