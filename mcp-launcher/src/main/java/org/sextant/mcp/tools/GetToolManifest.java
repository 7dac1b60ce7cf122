package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * The tool surface with each tool's input schema, including tools tools/list does not show now:
 * one category, one tool, or a page of the whole catalog (the schemas of all tools at once would
 * cost an agent more context than the answer is worth).
 */
final class GetToolManifest extends LauncherTool {
    static final int DEFAULT_PAGE = 10;
    static final int MAX_PAGE = 50;
    static final List<String> CATEGORIES;

    static {
        List<String> c = new ArrayList<>(List.of(Categories.CORE));
        c.addAll(Categories.FOCUSABLE);
        CATEGORIES = List.copyOf(c);
    }

    GetToolManifest() {
        super("get_tool_manifest", Categories.CORE, ToolClass.READ, false,
                "Every tool's category, class, gate and input schema, listed now or not; filter by category and page with offset and limit.",
                ArgumentSchema.object()
                        .oneOf("category", CATEGORIES, "only this category's tools (default: every category)", false)
                        .string("name", "only this tool, e.g. \"scan_forecasts\"", false)
                        .integer("offset", 0, 1000, "tools to skip, from next_offset of the previous page (default 0)")
                        .integer("limit", 1, MAX_PAGE, "tools per page (default " + DEFAULT_PAGE + ")")
                        .build());
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String category = call.args().optionalString("category").orElse(null);
        String name = call.args().optionalString("name").orElse(null);
        int offset = call.args().optionalInt("offset").orElse(0);
        int limit = call.args().optionalInt("limit").orElse(DEFAULT_PAGE);
        List<LauncherTool> matching = call.context().tools().stream()
                .filter(t -> category == null || t.category().equals(category))
                .filter(t -> name == null || t.name().equals(name))
                .toList();
        if (name != null && matching.isEmpty()) {
            throw ToolFailure.invalidInput("name", "no tool named '" + org.sextant.contract.ShownText.name(name) + "'" + (category == null ? "" : " in " + category),
                    "call get_tool_manifest without name for the tool names");
        }
        List<Map<String, Object>> tools = new ArrayList<>();
        for (LauncherTool t : matching.subList(Math.min(offset, matching.size()), Math.min(offset + limit, matching.size()))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("category", t.category());
            m.put("class", t.toolClass().label());
            m.put("gate", t.gate());
            m.put("listed", call.context().focus().listed(t));
            m.put("effect", t.effect());
            m.put("input_schema", t.inputSchema());
            tools.add(m);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("version", LauncherInfo.VERSION);
        data.put("contract", LauncherInfo.TOOLS_CONTRACT);
        data.put("focus", call.context().focus().current());
        data.put("total", matching.size());
        data.put("offset", offset);
        data.put("next_offset", offset + limit < matching.size() ? offset + limit : null);
        data.put("tools", tools);
        return data;
    }
}
