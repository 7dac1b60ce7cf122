package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The building blocks of strategy graphs (docs/research.md). */
final class ListNodeCatalogue extends LauncherTool {
    ListNodeCatalogue() {
        super("list_node_catalogue", Categories.RESEARCH, ToolClass.READ, false,
                "The strategy graph nodes compose_graph and backtest_graph accept, with inputs, output and parameters.",
                Capabilities.LIST_NODE_CATALOGUE.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.LIST_NODE_CATALOGUE, Map.of());
    }
}
