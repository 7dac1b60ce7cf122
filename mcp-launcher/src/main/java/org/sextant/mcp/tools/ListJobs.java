package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The app's jobs (imports, gathers, backtests) as it tracks them. */
final class ListJobs extends PassThroughTool {
    ListJobs() {
        super("list_jobs", Categories.JOBS,
                "Lists the app's background jobs, newest first (limit, default 50), with kind, state, progress and error; a status tool gives one job's result.",
                Capabilities.LIST_JOBS);
    }

    @Override
    public boolean quick() {
        return true;
    }
}
