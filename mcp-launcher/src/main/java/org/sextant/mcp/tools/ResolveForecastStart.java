package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Which stored day a forecast of a symbol starts from, as of a given date (or now). */
final class ResolveForecastStart extends LauncherTool {
    ResolveForecastStart() {
        super("resolve_forecast_start", Categories.RESEARCH, ToolClass.READ, false,
                "Tells from which stored trading day (the origin) a forecast of one symbol starts as of a date (default: the last stored day), with the close on that day, so an agent can check that a forecast is not built on stale or future data.",
                InputSchema.object()
                        .string("symbol", "the symbol as list_symbols shows it, e.g. \"AAPL\"", true)
                        .date("as_of", "resolve as if on this day, yyyy-MM-dd (default: the last stored day)")
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbol", call.args().requiredString("symbol", "\"AAPL\" (see list_symbols)"));
        call.args().optionalDate("as_of").ifPresent(d -> args.put("as_of", d.toString()));
        return call.context().app().call("resolve_forecast_start", args);
    }
}
