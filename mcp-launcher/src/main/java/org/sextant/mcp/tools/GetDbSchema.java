package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The store's tables and columns, so an agent can write run_select queries. */
final class GetDbSchema extends LauncherTool {
    GetDbSchema() {
        super("get_db_schema", Categories.DATA, ToolClass.READ, false,
                "Describes the store's tables for run_select: each table's purpose, row count and columns with types, plus the same as markdown.",
                Capabilities.GET_DB_SCHEMA.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.GET_DB_SCHEMA, Map.of());
    }
}
