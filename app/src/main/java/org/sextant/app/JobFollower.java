package org.sextant.app;

import java.io.PrintStream;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import tools.jackson.databind.JsonNode;

/** Prints a started job's progress until it ends; Ctrl-C cancels it. Returns the final status. */
final class JobFollower {
    private JobFollower() {}

    static JobStatus follow(EngineAccess.Session s, JsonNode started, PrintStream out) throws InterruptedException {
        JobStatus job = Json.MAPPER.treeToValue(started, JobStatus.class);
        String id = job.id();
        Thread cancel = new Thread(() -> s.call("cancel_job", Map.of("job_id", id)));
        Runtime.getRuntime().addShutdownHook(cancel);
        String lastMessage = "";
        try {
            while (job.state().active()) {
                String msg = job.message() == null ? "" : job.message();
                if (!msg.equals(lastMessage)) {
                    out.printf("[%3.0f%%] %s%n", 100 * job.progress(), msg);
                    lastMessage = msg;
                }
                Thread.sleep(200);
                job = Json.MAPPER.treeToValue(s.call("job_status", Map.of("job_id", id)), JobStatus.class);
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(cancel);
        }
        return job;
    }

    /** True when the job succeeded; otherwise prints its end state and error to stderr, in the command's words. */
    static boolean succeeded(JobStatus job, String what, CliWording wording) {
        if (job.state() == JobState.SUCCEEDED) return true;
        System.err.println(CliErrors.describe(wording.jobFailed(what, job), null));
        return false;
    }
}
