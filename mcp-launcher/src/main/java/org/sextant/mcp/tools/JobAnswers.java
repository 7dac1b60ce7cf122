package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Turns the app's job objects (docs/local-api.md) into what an agent needs next: the job id,
 * whether it joined a running job, when to poll and with which tool. Following a job (waiting
 * while reporting progress) polls job_status; each poll is one bounded app call.
 */
final class JobAnswers {
    static final Set<String> TERMINAL = Set.of("SUCCEEDED", "FAILED", "CANCELLED", "INTERRUPTED", "TIMED_OUT");
    /** How long a tool follows a job before handing the agent a job id to poll instead. */
    static final long FOLLOW_LIMIT_MILLIS = 300_000;
    static final long POLL_MILLIS = 500;

    private JobAnswers() {}

    /** The answer of a tool that started (or joined) a job and returns at once. */
    static ToolResult started(Map<String, Object> job, String statusTool, int pollAfterSeconds) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("job_id", job.get("id"));
        data.put("kind", job.get("kind"));
        data.put("state", job.get("state"));
        data.put("coalesced", Boolean.TRUE.equals(job.get("coalesced")));
        data.put("poll_after_seconds", pollAfterSeconds);
        data.put("status_tool", statusTool);
        data.put("job", job);
        String joined = Boolean.TRUE.equals(job.get("coalesced"))
                ? "your request is covered by the running job " + job.get("id") + " and joined it; " : "";
        return new ToolResult(data, joined + "call " + statusTool + " with job_id \"" + job.get("id") + "\" after "
                + pollAfterSeconds + " s until state is SUCCEEDED, FAILED, CANCELLED or TIMED_OUT");
    }

    /** The answer of a status tool: the job, and a poll hint while it is active. */
    static ToolResult status(Map<String, Object> job, String statusTool, int pollAfterSeconds) {
        String state = String.valueOf(job.get("state"));
        String hint = TERMINAL.contains(state) ? null
                : "still " + state + ": call " + statusTool + " again after " + pollAfterSeconds + " s";
        return new ToolResult(job, hint);
    }

    static boolean terminal(Map<String, Object> job) {
        return TERMINAL.contains(String.valueOf(job.get("state")));
    }

    /**
     * Polls the job until it ends or FOLLOW_LIMIT_MILLIS pass, reporting its progress. Returns
     * the last job object seen.
     */
    static Map<String, Object> follow(Call call, Map<String, Object> job) throws ToolFailure {
        long deadline = System.currentTimeMillis() + FOLLOW_LIMIT_MILLIS;
        report(call.progress(), job);
        while (!terminal(job) && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            job = call.context().app().call(Capabilities.JOB_STATUS, Map.of("job_id", String.valueOf(job.get("id"))));
            report(call.progress(), job);
        }
        return job;
    }

    /** A followed job that ended badly is a failure naming the job; one still running is a job to poll. */
    static Object outcome(Map<String, Object> job, String statusTool, int pollAfterSeconds) throws ToolFailure {
        String state = String.valueOf(job.get("state"));
        if (!terminal(job)) {
            ToolResult r = started(job, statusTool, pollAfterSeconds);
            return new ToolResult(r.data(), "the job is still " + state + " after "
                    + FOLLOW_LIMIT_MILLIS / 1000 + " s of waiting; " + r.hint());
        }
        if (!"SUCCEEDED".equals(state)) {
            // the job's own reason, argument at fault and fix, as a refused request carries them
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("job_id", String.valueOf(job.get("id")));
            details.put("state", state);
            details.put("job_fail_reason", job.get("fail_reason"));
            details.put("field", job.get("field"));
            throw new ToolFailure(FailReason.JOB_FAILED, "job " + job.get("id") + " ended " + state
                    + (job.get("error") == null ? "" : ": " + job.get("error")),
                    job.get("fix") instanceof String fix ? fix
                            : "read the error; fix the request and start it again, or call read_app_log for details")
                    .withDetails(details);
        }
        return job;
    }

    private static void report(Progress progress, Map<String, Object> job) {
        if (!progress.wanted()) return;
        double fraction = job.get("progress") instanceof Number n ? n.doubleValue() : 0;
        progress.report(fraction, job.get("id") + " " + job.get("state")
                + (job.get("message") == null ? "" : ": " + job.get("message")));
    }
}
