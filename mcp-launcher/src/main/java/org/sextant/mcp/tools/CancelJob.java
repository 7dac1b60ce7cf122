package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Stops a background job at its next checkpoint. */
final class CancelJob extends LauncherTool {
    CancelJob() {
        super("cancel_job", Categories.JOBS, ToolClass.WRITE, false,
                "Cancels a background job at its next checkpoint (an import cancelled there is rolled back whole); a cancel after the work was written leaves it SUCCEEDED.",
                ArgumentSchema.object()
                        .string("job_id", "the id from list_jobs or from the tool that started the job", true)
                        .build());
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String id = call.args().requiredString("job_id", "\"gather-1a2b3c4d\" (see list_jobs)");
        Map<String, Object> job = call.context().app().call(Capabilities.CANCEL_JOB, Map.of("job_id", id));
        return JobAnswers.status(job, "list_jobs", 2);
    }
}
