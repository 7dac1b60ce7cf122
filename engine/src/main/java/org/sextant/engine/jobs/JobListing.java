package org.sextant.engine.jobs;

import java.util.List;
import org.sextant.contract.Bounds;
import org.sextant.engine.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The list_jobs answer: the newest {@code limit} jobs, each as its record lists it and without its result, which
 * job_status answers one job at a time. Every whole-store scan added its 3.5 MB result to every listing (attack 17, M2).
 */
public final class JobListing {
    /** Jobs one list_jobs lists when it names no limit. */
    public static final int DEFAULT_LIMIT = 50;

    private JobListing() {}

    /**
     * {@code {jobs, count, limit, truncated}}: {@code count} every known job, {@code known} of them ({@code newestFirst} and those
     * let go of from memory, all older than the newest {@link Bounds#MAX_JOB_LIST}), {@code truncated} that some were left out.
     */
    static java.util.Map<String, Object> of(List<JobStatus> newestFirst, long known, Integer limit) {
        int n = limit == null ? DEFAULT_LIMIT : Math.max(1, Math.min(limit, Bounds.MAX_JOB_LIST));
        List<ObjectNode> listed = newestFirst.stream().limit(n).map(JobListing::listed).toList();
        return Json.object("jobs", listed, "count", known, "limit", n, "truncated", known > n);
    }

    private static ObjectNode listed(JobStatus s) {
        ObjectNode tree = Json.MAPPER.valueToTree(s);
        tree.set("subjects", Json.MAPPER.valueToTree(JobRecordBounds.subjects(s.subjects())));
        tree.remove("result");
        return tree;
    }
}
