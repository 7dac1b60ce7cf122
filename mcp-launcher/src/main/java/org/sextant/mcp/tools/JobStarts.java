package org.sextant.mcp.tools;

import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Job-starting tools answer at once, or follow the job when the client asked for progress. */
final class JobStarts {
    private JobStarts() {}

    static Object answer(Call call, Map<String, Object> job, String statusTool, int pollAfterSeconds) throws ToolFailure {
        if (!call.progress().wanted()) return JobAnswers.started(job, statusTool, pollAfterSeconds);
        return JobAnswers.outcome(JobAnswers.follow(call, job), statusTool, pollAfterSeconds);
    }
}
