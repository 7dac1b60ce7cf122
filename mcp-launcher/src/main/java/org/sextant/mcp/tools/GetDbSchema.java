package org.sextant.mcp.tools;

import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The store's tables and columns, so an agent can write run_select queries. */
final class GetDbSchema extends LauncherTool {
    GetDbSchema() {
        super("get_db_schema", Categories.DATA, ToolClass.READ, false,
                "Describes the store's tables for run_select: each table's purpose, row count and columns with types, plus the same as markdown.",
                InputSchema.object().build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call("get_db_schema", Map.of());
    }
}
