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
                "Checks whether compare_to_history's forecasts were calibrated: replays the matcher walk-forward over past days and reports how often the outcomes fell where its statistics said (arguments as in docs/analogues.md, their values checked by the app; it can take seconds and is bounded by the launcher's request timeout).",
                Capabilities.ANALOGUE_CALIBRATION.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.ANALOGUE_CALIBRATION, call.args().all());
    }
}
