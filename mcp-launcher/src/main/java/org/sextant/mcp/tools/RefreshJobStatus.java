package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Where an import, gather, forecast or training job stands. */
final class RefreshJobStatus extends LauncherTool {
    RefreshJobStatus() {
        super("refresh_job_status", Categories.JOBS, ToolClass.READ, false,
                "State, progress and result of one import, gather, forecast or training job by job_id; client_hint says when to poll again.",
                ArgumentSchema.object()
                        .string("job_id", "the job_id that import_prices, gather_tickers, refresh_tickers, forecast_tickers or train_global_model returned", true).build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String id = call.args().requiredString("job_id", "\"gather-1a2b3c4d\" (see list_jobs)");
        return JobAnswers.status(call.context().app().call(Capabilities.JOB_STATUS, Map.of("job_id", id)), "refresh_job_status", 2);
    }
}
