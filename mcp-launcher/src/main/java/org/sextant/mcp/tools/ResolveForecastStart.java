package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Which stored day a forecast of a symbol starts from, as of a given date (or now). */
final class ResolveForecastStart extends LauncherTool {
    ResolveForecastStart() {
        super("resolve_forecast_start", Categories.RESEARCH, ToolClass.READ, false,
                "From which close a forecast run of one symbol starts as of a date: the last close of the last completed week.",
                Capabilities.RESOLVE_FORECAST_START.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbol", call.args().requiredString("symbol", "\"AAPL\" (see list_symbols)"));
        call.args().optionalDate("as_of").ifPresent(d -> args.put("as_of", d.toString()));
        return call.context().app().call(Capabilities.RESOLVE_FORECAST_START, args);
    }
}
