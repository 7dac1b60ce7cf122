package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** How many runs and configurations a research session has tried. */
final class GetSessionRegistry extends PassThroughTool {
    GetSessionRegistry() {
        super("get_session_registry", Categories.RESEARCH,
                "How many runs and configurations a research session has tried: what the overfitting statistics deflate by.",
                Capabilities.GET_SESSION_REGISTRY);
    }

    @Override
    public boolean quick() {
        return true;
    }
}
