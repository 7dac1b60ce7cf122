package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The app's jobs (imports, gathers, backtests) as it tracks them. */
final class ListJobs extends LauncherTool {
    ListJobs() {
        super("list_jobs", Categories.JOBS, ToolClass.READ, false,
                "Lists the app's background jobs, newest first, with kind, state, progress, error and result.",
                Capabilities.LIST_JOBS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.LIST_JOBS, Map.of());
    }
}
