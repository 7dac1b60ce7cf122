package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The store's tables and columns, so an agent can write run_select queries. */
final class GetDbSchema extends LauncherTool {
    GetDbSchema() {
        super("get_db_schema", Categories.DATA, ToolClass.READ, false,
                "The store's tables and columns with types and row counts; read it before writing a run_select query.",
                Capabilities.GET_DB_SCHEMA.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.GET_DB_SCHEMA, Map.of());
    }
}
