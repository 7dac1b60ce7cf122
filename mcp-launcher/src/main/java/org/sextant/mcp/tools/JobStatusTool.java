package org.sextant.mcp.tools;

import java.util.Map;
import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/** A status tool: one job by job_id, with a hint to call this tool again while the job is active. */
abstract class JobStatusTool extends LauncherTool {
    private final int pollAfterSeconds;

    JobStatusTool(String name, String effect, String jobIdSource, int pollAfterSeconds) {
        super(name, Categories.JOBS, ToolClass.READ, false, effect,
                ArgumentSchema.object().string("job_id", "the job_id that " + jobIdSource + " returned", true).build());
        this.pollAfterSeconds = pollAfterSeconds;
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String id = call.args().requiredString("job_id", "\"gather-1a2b3c4d\" (see list_jobs)");
        return JobAnswers.status(call.context().app().call(Capabilities.JOB_STATUS, Map.of("job_id", id)), name(), pollAfterSeconds);
    }
}
