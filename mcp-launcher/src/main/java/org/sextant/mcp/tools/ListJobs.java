package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The app's jobs (imports, gathers, backtests) as it tracks them. */
final class ListJobs extends PassThroughTool {
    ListJobs() {
        super("list_jobs", Categories.JOBS,
                "Lists the app's background jobs, newest first, with kind, state, progress, error and result.",
                Capabilities.LIST_JOBS);
    }
}
