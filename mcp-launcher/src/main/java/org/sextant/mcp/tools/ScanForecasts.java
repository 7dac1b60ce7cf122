package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Ranks stored symbols by the reward/risk of their live forecasts (the app's universe scan). */
final class ScanForecasts extends LauncherTool {
    /** The most symbols one scan names; like the job tools, a longer list is refused, never cut. */
    static final int MAX_SYMBOLS = 500;
    /** Rows an answer holds at most: the inline limit of every tool (LargeResult.ROW_LIMIT). */
    static final int MAX_TOP = 200;

    ScanForecasts() {
        super("scan_forecasts", Categories.RESEARCH, ToolClass.READ, false,
                "Scans stored symbols (all, or the given ones) with one forecast model and ranks them by reward/risk at one band level, keeping those at or above min_reward_risk, best first, at most top rows.",
                InputSchema.object()
                        .stringArray("symbols", MAX_SYMBOLS, "stored symbols to scan (default: every stored symbol), at most 500", false)
                        .string("model", ForecastArgs.MODEL, false)
                        .integer("horizon", 1, ForecastArgs.MAX_HORIZON, ForecastArgs.HORIZON)
                        .fraction("level", "the band level whose reward/risk ranks the symbols, strictly between 0 and 1 (default: the app's, 0.8)")
                        .number("min_reward_risk", 0, "keep only symbols whose reward/risk ratio is at least this (default: keep all)")
                        .integer("top", 1, MAX_TOP, "how many of the best to return, 1..200 (default: the app's)")
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalStringList("symbols", MAX_SYMBOLS).ifPresent(s -> args.put("symbols", s));
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon", 1, ForecastArgs.MAX_HORIZON).ifPresent(h -> args.put("horizon", h));
        call.args().optionalFraction("level").ifPresent(l -> args.put("level", l));
        call.args().optionalNumber("min_reward_risk", 0).ifPresent(r -> args.put("min_reward_risk", r));
        call.args().optionalInt("top", 1, MAX_TOP).ifPresent(t -> args.put("top", t));
        return call.context().app().call("scan_forecasts", args);
    }
}
