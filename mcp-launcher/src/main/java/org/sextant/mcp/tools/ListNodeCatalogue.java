package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The building blocks of strategy graphs (docs/research.md). */
final class ListNodeCatalogue extends LauncherTool {
    ListNodeCatalogue() {
        super("list_node_catalogue", Categories.RESEARCH, ToolClass.READ, false,
                "Lists the strategy graph nodes backtest_graph and compose_graph accept: name, category, description, inputs, output and parameters.",
                InputSchema.object().build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call("list_node_catalogue", Map.of());
    }
}
