package org.sextant.engine.jobs;

import java.util.concurrent.CancellationException;

/** What running work sees of its job: report progress, notice cancellation. */
public interface JobContext {
    /** @param fraction 0..1 of the work done */
    void progress(double fraction, String message);

    boolean cancelled();

    /**
     * Narrows whose prices the job reads or writes to {@code reach}, once it knows (an import, once its files are read,
     * before it commits): deletions of other symbols may then go on. Refused with job_busy, the reach unchanged, when a
     * deletion of one of those symbols is under way: the job must not write under it. A reach may only narrow. Work run
     * outside the job registry has no reach: there it does nothing.
     */
    default void narrowReach(JobReach reach) {}

    /** Throws when the job was cancelled, so work stops at a safe point. */
    default void checkCancelled() {
        if (cancelled()) throw new CancellationException("cancelled");
    }
}
