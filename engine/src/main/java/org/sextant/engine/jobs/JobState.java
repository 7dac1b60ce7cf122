package org.sextant.engine.jobs;

/**
 * Where a background job is. INTERRUPTED: it was running when the app died; it never resumes by itself.
 * TIMED_OUT: it ran for its whole time limit and was stopped (Jobs.DEFAULT_TIME_LIMIT, or its request's time_limit_minutes);
 * what a job that stores as it goes had written stays, and its message says so, as a FAILED one's does.
 */
public enum JobState {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, INTERRUPTED, TIMED_OUT;

    public boolean active() {
        return this == QUEUED || this == RUNNING;
    }
}
