package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/**
 * Walk-forward calibration of the analogue matcher. As with compare_to_history its arguments go
 * to the app as given (the engine owns their defaults and bounds, docs/analogues.md); their names
 * are checked here.
 */
final class AnalogueCalibration extends PassThroughTool {
    AnalogueCalibration() {
        super("analogue_calibration", Categories.RESEARCH,
                "Whether compare_to_history's statistics were calibrated, replaying it walk-forward over past days (takes seconds).",
                Capabilities.ANALOGUE_CALIBRATION);
    }
}
