package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The signal dimensions the analogue matcher knows. */
final class ListSignals extends PassThroughTool {
    ListSignals() {
        super("list_signals", Categories.RESEARCH,
                "Lists the signals compare_to_history matches on (built-in and user), optionally for one benchmark.",
                Capabilities.LIST_SIGNALS);
    }
}
