package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Starts a refresh of stored symbols and always answers at once with the job to poll, even when
 * the client sent a progressToken (refresh_tickers would then follow the job): for agents that
 * want to start the work and do something else meanwhile.
 */
final class RefreshJobStart extends LauncherTool {
    static final int POLL_AFTER_SECONDS = 2;

    RefreshJobStart() {
        super("refresh_job_start", Categories.JOBS, ToolClass.WRITE, false,
                "Starts a job that re-downloads prices of stored symbols (default all, at most 100); answers at once with job_id.",
                Capabilities.START_REFRESH.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return JobAnswers.started(RefreshTickers.start(call), "refresh_job_status", POLL_AFTER_SECONDS);
    }
}
