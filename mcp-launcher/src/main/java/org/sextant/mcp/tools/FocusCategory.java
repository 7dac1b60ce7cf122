package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Narrows tools/list to one category plus the core tools, for clients that struggle with many
 * tools. Changes only the launcher's memory; tools/list_changed tells the client.
 */
final class FocusCategory extends LauncherTool {
    FocusCategory() {
        super("focus_category", Categories.CORE, ToolClass.READ, false,
                "Lists the tools of one category (data, jobs, research or app) beside the core ones; every tool stays callable by name.",
                ArgumentSchema.object()
                        .oneOf("category", Categories.FOCUSABLE, "which tools to list besides the core ones", true)
                        .build());
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return answer(call, call.args().requiredString("category", "\"research\""));
    }

    static Map<String, Object> answer(Call call, String category) {
        Focus focus = call.context().focus();
        boolean changed = focus.set(category);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("focus", category);
        data.put("changed", changed);
        data.put("listed", call.context().tools().stream().filter(focus::listed).map(LauncherTool::name).toList());
        return data;
    }
}
