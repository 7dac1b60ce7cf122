package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** How many runs and configurations a research session has tried. */
final class GetSessionRegistry extends LauncherTool {
    GetSessionRegistry() {
        super("get_session_registry", Categories.RESEARCH, ToolClass.READ, false,
                "How many runs and configurations a research session has tried: what the overfitting statistics deflate by.",
                Capabilities.GET_SESSION_REGISTRY.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalString("session_id").ifPresent(s -> args.put("session_id", s));
        return call.context().app().call(Capabilities.GET_SESSION_REGISTRY, args);
    }
}
