package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/** Which stored day a forecast of a symbol starts from, as of a given date (or now). */
final class ResolveForecastStart extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    ResolveForecastStart() {
        super("resolve_forecast_start", Categories.RESEARCH, ToolClass.READ, false,
                "From which close a forecast run of one symbol starts as of a date: the last close of the last completed week.",
                Capabilities.RESOLVE_FORECAST_START.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        call.args().requiredString("symbol", "\"AAPL\" (see list_symbols)");
        return call.context().app().call(Capabilities.RESOLVE_FORECAST_START, call.args().given());
    }
}
