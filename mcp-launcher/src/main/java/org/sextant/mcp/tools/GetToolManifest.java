package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;

/** The whole tool surface in one answer, including tools a focus hides from tools/list. */
final class GetToolManifest extends LauncherTool {
    GetToolManifest() {
        super("get_tool_manifest", Categories.CORE, ToolClass.READ, false,
                "Returns every tool with its category, class, effect, gate, annotations and input schema, plus the server version and contract (tools hidden by focus_category included).",
                ArgumentSchema.object().build());
    }

    @Override
    Object handle(Call call) {
        List<Map<String, Object>> tools = new ArrayList<>();
        for (LauncherTool t : call.context().tools()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("category", t.category());
            m.put("class", t.toolClass().label());
            m.put("gate", t.gate());
            m.put("effect", t.effect());
            m.put("annotations", Map.of("read_only_hint", t.annotations().readOnlyHint(),
                    "destructive_hint", t.annotations().destructiveHint(),
                    "idempotent_hint", t.annotations().idempotentHint()));
            m.put("input_schema", t.inputSchema());
            m.put("listed", call.context().focus().listed(t));
            tools.add(m);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("version", LauncherInfo.VERSION);
        data.put("contract", LauncherInfo.TOOLS_CONTRACT);
        data.put("focus", call.context().focus().category().orElse(null));
        data.put("tools", tools);
        return data;
    }
}
