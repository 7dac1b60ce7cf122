package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The stored strategy runs, newest first. */
final class ListRuns extends PassThroughTool {
    ListRuns() {
        super("list_runs", Categories.RESEARCH,
                "Lists stored strategy runs, newest first: run_id, symbols, dates, verdict, Sharpe in and out of sample, DSR, PBO and how their figures were annualised.",
                Capabilities.LIST_RUNS);
    }
}
