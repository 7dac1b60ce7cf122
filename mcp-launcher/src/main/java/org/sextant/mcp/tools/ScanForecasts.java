package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.LargeResult;

/** Ranks stored symbols by the reward/risk of their live forecasts (the app's universe scan). */
final class ScanForecasts extends LauncherTool {
    /** The most symbols one scan names; like the job tools, a longer list is refused, never cut. */
    static final int MAX_SYMBOLS = org.sextant.contract.Bounds.MAX_SCAN_SYMBOLS;
    /** The app's bound on top (docs/local-api.md). */
    static final int MAX_TOP = org.sextant.contract.Bounds.MAX_SCAN_TOP;
    static final List<String> CALIBRATIONS = List.of("model", "conformal", "adaptive");

    ScanForecasts() {
        super("scan_forecasts", Categories.RESEARCH, ToolClass.READ, false,
                "Ranks stored symbols by the reward/risk of their week-aligned forecasts, best first: use to find candidates.",
                Capabilities.SCAN_FORECASTS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalStringList("symbols", MAX_SYMBOLS).ifPresent(s -> args.put("symbols", s));
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon", 1, ForecastArgs.MAX_HORIZON).ifPresent(h -> args.put("horizon", h));
        java.util.Optional<Double> level = call.args().optionalNumber("level", 0);
        if (level.isPresent()) args.put("level", level(level.get()));
        call.args().optionalNumber("min_reward_risk", 0).ifPresent(r -> args.put("min_reward_risk", r));
        call.args().optionalInt("top", 1, MAX_TOP).ifPresent(t -> args.put("top", t));
        call.args().optionalInt("min_history", 1, 100_000).ifPresent(h -> args.put("min_history", h));
        java.util.Optional<String> calibration = call.args().optionalString("calibration");
        if (calibration.isPresent()) args.put("calibration", calibration(calibration.get()));
        call.args().optionalDate("as_of").ifPresent(d -> args.put("as_of", d.toString()));
        Map<String, Object> data = call.context().app().call(Capabilities.SCAN_FORECASTS, args);
        if (!(data.get("rows") instanceof List<?> rows) || rows.size() <= LargeResult.ROW_LIMIT) return data;
        List<String> columns = rows.get(0) instanceof Map<?, ?> first ? first.keySet().stream().map(String::valueOf).toList() : List.of();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", rows.size());
        summary.put("best", rows.get(0));
        return LargeResult.shrink(data, "rows", new ArrayList<>(columns), summary, "scan_forecasts " + args, call.context().tables());
    }

    /** One of the three band levels, as a fraction or a percent. */
    private static double level(double l) throws ToolFailure {
        for (double known : new double[] {0.8, 0.95, 0.99}) {
            if (Math.abs(l - known) < 1e-9 || Math.abs(l - known * 100) < 1e-9) return l;
        }
        throw ToolFailure.invalidInput("level", l + " is not a band level", "pass 0.8, 0.95 or 0.99 (or 80, 95, 99)");
    }

    private static String calibration(String c) throws ToolFailure {
        if (!CALIBRATIONS.contains(c)) {
            throw ToolFailure.invalidInput("calibration", "'" + c + "' is not a calibration", "pass one of " + CALIBRATIONS);
        }
        return c;
    }
}
