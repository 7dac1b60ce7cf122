package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The arguments every forecast tool shares (symbol, model, horizon, calibration), put in app form. */
final class ForecastArgs {
    private ForecastArgs() {}

    static final String SYMBOL_EXAMPLE = "\"AAPL\" (see list_symbols)";

    /** At an interval the app's answer carries the daily shape under "forecast", beside the target bars' times; null for a daily answer. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> ofBars(Map<String, Object> answer) {
        return answer.get("target_ts") != null && answer.get("forecast") instanceof Map<?, ?> daily ? (Map<String, Object>) daily : null;
    }

    static Map<String, Object> read(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbol", call.args().requiredString("symbol", SYMBOL_EXAMPLE));
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon").ifPresent(h -> args.put("horizon", h));
        call.args().optionalString("calibration").ifPresent(c -> args.put("calibration", c));
        return args;
    }
}
