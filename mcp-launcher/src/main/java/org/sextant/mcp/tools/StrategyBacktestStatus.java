package org.sextant.mcp.tools;

/** Where a strategy backtest job stands; its result is the run summary. */
final class StrategyBacktestStatus extends JobStatusTool {
    StrategyBacktestStatus() {
        super("backtest_status", "State and progress of one backtest job by job_id, and the run summary once it SUCCEEDED.",
                "backtest_graph", 5);
    }
}
