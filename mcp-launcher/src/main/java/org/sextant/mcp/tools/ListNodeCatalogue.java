package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The building blocks of strategy graphs (docs/research.md). */
final class ListNodeCatalogue extends PassThroughTool {
    ListNodeCatalogue() {
        super("list_node_catalogue", Categories.RESEARCH,
                "The strategy graph nodes compose_graph and backtest_graph accept, with inputs, output and parameters.",
                Capabilities.LIST_NODE_CATALOGUE);
    }
}
