package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The signal dimensions the analogue matcher knows. */
final class ListSignals extends LauncherTool {
    ListSignals() {
        super("list_signals", Categories.RESEARCH, ToolClass.READ, false,
                "Lists the signals compare_to_history matches on (built-in and user), optionally for one benchmark.",
                Capabilities.LIST_SIGNALS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalString("benchmark").ifPresent(b -> args.put("benchmark", b));
        return call.context().app().call(Capabilities.LIST_SIGNALS, args);
    }
}
