package org.sextant.mcp.tools;

import org.sextant.mcp.envelope.ToolFailure;

/**
 * Walk-forward calibration of the analogue matcher. As with compare_to_history its arguments go
 * to the app untouched: the engine owns their names, defaults and bounds (docs/analogues.md).
 */
final class AnalogueCalibration extends LauncherTool {
    AnalogueCalibration() {
        super("analogue_calibration", Categories.RESEARCH, ToolClass.READ, false,
                "Checks whether compare_to_history's forecasts were calibrated: replays the matcher walk-forward over past days and reports how often the outcomes fell where its statistics said (arguments as in docs/analogues.md, checked by the app; it can take seconds and is bounded by the launcher's request timeout).",
                InputSchema.object()
                        .integer("horizon", 1, 5, "forward horizon in trading days: 1, 3 or 5")
                        .string("mode", "soft (default), hard, tag or hybrid", false)
                        .integer("top_k", 1, 500, "how many analogues per day (default 100)")
                        .integer("step_days", 1, 260, "days between replayed origins (default 20)")
                        .integer("warmup_days", 1, 20000, "rows of history before the first replayed origin (default 1000)")
                        .bool("include_points", "also return every replayed point (default false)")
                        .string("benchmark", "a symbol in the store (default NYSE)", false)
                        .open()
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call("analogue_calibration", call.args().all());
    }
}
