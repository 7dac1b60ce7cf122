package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.ToolFailure;

/** A client states the tools contract major it was written for; the answer says whether it fits. */
final class NegotiateContract extends LauncherTool {
    NegotiateContract() {
        super("negotiate_contract", Categories.CORE, ToolClass.READ, false,
                "Checks whether the tools contract major a client was written for is the one this server speaks, and what to do when it is not.",
                ArgumentSchema.object()
                        .requiredInteger("contract", 1, 1000, "the tools contract major the client speaks, e.g. 1")
                        .build());
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        int wanted = call.args().optionalInt("contract").orElseThrow(); // required by the schema
        boolean compatible = wanted == LauncherInfo.TOOLS_CONTRACT;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("compatible", compatible);
        data.put("client_contract", wanted);
        data.put("server_contract", LauncherInfo.TOOLS_CONTRACT);
        data.put("server_version", LauncherInfo.VERSION);
        return new ToolResult(data, compatible ? null
                : "this server speaks tools contract " + LauncherInfo.TOOLS_CONTRACT + ": read get_tool_manifest and"
                        + " adapt, or ask the person to install the sextant-mcp release your client expects");
    }
}
