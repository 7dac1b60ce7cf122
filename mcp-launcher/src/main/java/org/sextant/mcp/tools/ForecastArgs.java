package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The arguments every forecast tool shares (symbol, model, horizon), checked and put in app form. */
final class ForecastArgs {
    /** The app's bound on the forecast horizon in business days (docs/local-api.md). */
    static final int MAX_HORIZON = org.sextant.contract.Bounds.MAX_HORIZON;
    static final String MODEL = "forecast model name (default theta; the app names the models it knows when one is unknown)";
    static final String HORIZON = "business days ahead, 1..260 (default 20)";
    static final java.util.List<String> CALIBRATIONS = java.util.List.of("conformal", "adaptive", "model");
    static final String CALIBRATION = "which bands: conformal (default: widths from the model's walk-forward misses, with their coverage), adaptive (conformal adjusted after each miss) or model (the model's own)";

    private ForecastArgs() {}

    static ArgumentSchema schema(String symbolDescription) {
        return withoutCalibration(symbolDescription).string("calibration", CALIBRATION, false);
    }

    /** For tools that report every calibration at once (get_backtest_error). */
    static ArgumentSchema withoutCalibration(String symbolDescription) {
        return ArgumentSchema.object()
                .string("symbol", symbolDescription, true)
                .string("model", MODEL, false)
                .integer("horizon", 1, MAX_HORIZON, HORIZON);
    }

    static Map<String, Object> read(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbol", call.args().requiredString("symbol", "\"AAPL\" (see list_symbols)"));
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon", 1, MAX_HORIZON).ifPresent(h -> args.put("horizon", h));
        java.util.Optional<String> calibration = call.args().optionalString("calibration");
        if (calibration.isPresent()) {
            String c = calibration.get().trim().toLowerCase(java.util.Locale.ROOT);
            if (!CALIBRATIONS.contains(c)) {
                throw ToolFailure.invalidInput("calibration", "unknown calibration '" + calibration.get() + "'", "use one of " + String.join(", ", CALIBRATIONS));
            }
            args.put("calibration", c);
        }
        return args;
    }
}
