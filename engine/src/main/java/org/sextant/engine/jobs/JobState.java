package org.sextant.engine.jobs;

/** Where a background job is. INTERRUPTED: it was running when the app died; it never resumes by itself. */
public enum JobState {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, INTERRUPTED;

    public boolean active() {
        return this == QUEUED || this == RUNNING;
    }
}
