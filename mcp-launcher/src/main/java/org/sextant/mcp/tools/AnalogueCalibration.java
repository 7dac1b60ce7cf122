package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Walk-forward calibration of the analogue matcher. As with compare_to_history its arguments go
 * to the app as given (the engine owns their defaults and bounds, docs/analogues.md); their names
 * are checked here.
 */
final class AnalogueCalibration extends LauncherTool {
    AnalogueCalibration() {
        super("analogue_calibration", Categories.RESEARCH, ToolClass.READ, false,
                "Whether compare_to_history's statistics were calibrated, replaying it walk-forward over past days (takes seconds).",
                Capabilities.ANALOGUE_CALIBRATION.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.ANALOGUE_CALIBRATION, call.args().all());
    }
}
