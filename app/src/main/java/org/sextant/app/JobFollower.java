package org.sextant.app;

import java.io.PrintStream;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Prints a started job's progress until it ends; Ctrl-C cancels it. Returns the final status. */
final class JobFollower {
    private JobFollower() {}

    static JsonNode follow(EngineAccess.Session s, JsonNode job, PrintStream out) throws InterruptedException {
        String id = job.path("id").asString();
        Thread cancel = new Thread(() -> s.call("cancel_job", Map.of("job_id", id)));
        Runtime.getRuntime().addShutdownHook(cancel);
        String lastMessage = "";
        try {
            while (isActive(job)) {
                String msg = job.path("message").asString("");
                if (!msg.equals(lastMessage)) {
                    out.printf("[%3.0f%%] %s%n", 100 * job.path("progress").asDouble(), msg);
                    lastMessage = msg;
                }
                Thread.sleep(200);
                job = s.call("job_status", Map.of("job_id", id));
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(cancel);
        }
        return job;
    }

    /** True when the job succeeded; otherwise prints its end state and error to stderr. */
    static boolean succeeded(JsonNode job, String what) {
        String state = job.path("state").asString();
        if (state.equals("SUCCEEDED")) return true;
        System.err.println(what + " job " + job.path("id").asString() + " " + state.toLowerCase()
                + (job.path("error").isNull() ? "" : ": " + job.path("error").asString()));
        return false;
    }

    private static boolean isActive(JsonNode job) {
        String st = job.path("state").asString();
        return st.equals("QUEUED") || st.equals("RUNNING");
    }
}
