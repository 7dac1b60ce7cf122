package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The arguments every forecast tool shares (symbol, model, horizon), checked and put in app form. */
final class ForecastArgs {
    /** The app's bound on the forecast horizon in business days (docs/local-api.md). */
    static final int MAX_HORIZON = 260;
    static final String MODEL = "forecast model name (default theta; the app names the models it knows when one is unknown)";
    static final String HORIZON = "business days ahead, 1..260 (default 20)";

    private ForecastArgs() {}

    static InputSchema schema(String symbolDescription) {
        return InputSchema.object()
                .string("symbol", symbolDescription, true)
                .string("model", MODEL, false)
                .integer("horizon", 1, MAX_HORIZON, HORIZON);
    }

    static Map<String, Object> read(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbol", call.args().requiredString("symbol", "\"AAPL\" (see list_symbols)"));
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon", 1, MAX_HORIZON).ifPresent(h -> args.put("horizon", h));
        return args;
    }
}
