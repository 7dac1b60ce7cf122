package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Walk-forward forecast backtests of many symbols as one background job in the app, from their latest or a past week. */
final class ForecastTickers extends LauncherTool {
    ForecastTickers() {
        super("forecast_tickers", Categories.RESEARCH, ToolClass.WRITE, false,
                "Backtests the forecasts of up to 100 stored symbols walk-forward as a background job (as_of: from a past week, scored on "
                        + "later closes); poll refresh_job_status.",
                schema());
    }

    private static Map<String, Object> schema() {
        return Capabilities.START_FORECAST_BACKTEST.schema();
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        List<String> symbols = call.args().requiredStringList("symbols", "[\"AAPL\"]");
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbols", symbols);
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon").ifPresent(h -> args.put("horizon", h));
        call.args().optionalString("as_of").ifPresent(d -> args.put("as_of", d));
        return JobStarts.answer(call, call.context().app().call(Capabilities.START_FORECAST_BACKTEST, args), "refresh_job_status", 2);
    }
}
