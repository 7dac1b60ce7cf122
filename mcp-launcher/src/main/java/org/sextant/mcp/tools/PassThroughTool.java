package org.sextant.mcp.tools;

import org.sextant.contract.Capability;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * A tool that is one call of the app: its checked arguments go to its capability as given
 * (strings stripped, blank ones left out) and the app's answer comes back unchanged.
 */
abstract class PassThroughTool extends LauncherTool {
    private final Capability capability;

    PassThroughTool(String name, String category, String effect, Capability capability) {
        super(name, category, capability.isRead() ? ToolClass.READ : ToolClass.WRITE, false, effect, capability.schema());
        this.capability = capability;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(capability, call.args().given());
    }
}
