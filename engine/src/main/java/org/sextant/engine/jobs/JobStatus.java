package org.sextant.engine.jobs;

import java.time.Instant;
import java.util.List;

/**
 * A job as readers see it (GUI, local API, jobs/&lt;id&gt;.json). {@code result} is whatever the work
 * returned, serialized with the engine's JSON mapper.
 *
 * @param subjects what the job works on (symbols, a run id): overlapping requests coalesce on them
 * @param writer   whether the job writes the store (one writer job at a time)
 */
public record JobStatus(String id, String kind, List<String> subjects, boolean writer, JobState state, double progress,
                        String message, Instant createdAt, Instant startedAt, Instant finishedAt, String error,
                        Object result, boolean coalesced) {

    JobStatus with(JobState s, double p, String m, Instant started, Instant finished, String err, Object res) {
        return new JobStatus(id, kind, subjects, writer, s, p, m, createdAt, started, finished, err, res, false);
    }

    JobStatus asCoalesced() {
        return new JobStatus(id, kind, subjects, writer, state, progress, message, createdAt, startedAt, finishedAt, error, result, true);
    }
}
