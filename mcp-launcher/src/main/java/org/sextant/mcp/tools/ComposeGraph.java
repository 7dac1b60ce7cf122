package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Validates and expands a graph spec; runs nothing. */
final class ComposeGraph extends LauncherTool {
    ComposeGraph() {
        super("compose_graph", Categories.RESEARCH, ToolClass.READ, false,
                "Checks a strategy graph spec without running it: whether it is valid, how many configurations it expands to, errors with their path, warnings, and the normalised graph.",
                InputSchema.object()
                        .spec("spec", "the graph spec (object or JSON text), as backtest_graph takes it").build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call("compose_graph", Map.of("spec", call.args().requiredSpec("spec")));
    }
}
