package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The signal dimensions the analogue matcher knows. */
final class ListSignals extends LauncherTool {
    ListSignals() {
        super("list_signals", Categories.RESEARCH, ToolClass.READ, false,
                "Lists the signal definitions compare_to_history matches on (built-in daily signals and user signals), optionally for one benchmark.",
                InputSchema.object()
                        .string("benchmark", "a benchmark symbol in the store (default: the app's default)", false).build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalString("benchmark").ifPresent(b -> args.put("benchmark", b));
        return call.context().app().call("list_signals", args);
    }
}
