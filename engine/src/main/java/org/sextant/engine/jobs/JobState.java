package org.sextant.engine.jobs;

/**
 * Where a background job is. INTERRUPTED: it was running when the app died; it never resumes by itself.
 * TIMED_OUT: it ran for its whole time limit and was stopped (Jobs.DEFAULT_TIME_LIMIT).
 */
public enum JobState {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, INTERRUPTED, TIMED_OUT;

    public boolean active() {
        return this == QUEUED || this == RUNNING;
    }
}
