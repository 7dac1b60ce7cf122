package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * The store's tables and columns, so an agent can write run_select queries. The app answers both
 * a table list and the same as markdown; the agent gets one of them (markdown by default: the
 * smaller and the easier to read), not both.
 */
final class GetDbSchema extends LauncherTool {
    static final List<String> FORMATS = List.of("markdown", "json");

    GetDbSchema() {
        super("get_db_schema", Categories.DATA, ToolClass.READ, false,
                "The store's tables and columns with types and row counts; read it before writing a run_select query.",
                ArgumentSchema.object()
                        .oneOf("format", FORMATS, "markdown (default: one text of tables and columns) or json (the tables as objects)", false)
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String format = call.args().optionalString("format").orElse("markdown");
        Map<String, Object> schema = call.context().app().call(Capabilities.GET_DB_SCHEMA, Map.of());
        Map<String, Object> out = new LinkedHashMap<>(schema);
        out.remove(format.equals("markdown") ? "tables" : "markdown");
        return out;
    }
}
