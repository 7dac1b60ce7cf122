package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Validates and expands a graph spec; runs nothing. */
final class ComposeGraph extends LauncherTool {
    ComposeGraph() {
        super("compose_graph", Categories.RESEARCH, ToolClass.READ, false,
                "Checks a strategy graph spec without running it: validity, configuration count, errors with their path, the normalised graph.",
                Capabilities.COMPOSE_GRAPH.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.COMPOSE_GRAPH, Map.of("spec", call.args().requiredSpec("spec")));
    }
}
