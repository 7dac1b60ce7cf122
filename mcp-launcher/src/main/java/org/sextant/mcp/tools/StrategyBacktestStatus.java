package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Where a strategy backtest job stands; its result is the run summary. */
final class StrategyBacktestStatus extends LauncherTool {
    StrategyBacktestStatus() {
        super("backtest_status", Categories.JOBS, ToolClass.READ, false,
                "State and progress of one backtest job by job_id, and the run summary once it SUCCEEDED.",
                ArgumentSchema.object()
                        .string("job_id", "the job_id that backtest_graph returned", true).build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String id = call.args().requiredString("job_id", "\"backtest-1a2b3c4d\" (see list_jobs)");
        return JobAnswers.status(call.context().app().call(Capabilities.JOB_STATUS, Map.of("job_id", id)), "backtest_status", 5);
    }
}
