package org.sextant.engine.jobs;

import java.util.concurrent.CancellationException;

/** What running work sees of its job: report progress, notice cancellation. */
public interface JobContext {
    /** @param fraction 0..1 of the work done */
    void progress(double fraction, String message);

    boolean cancelled();

    /** Throws when the job was cancelled, so work stops at a safe point. */
    default void checkCancelled() {
        if (cancelled()) throw new CancellationException("cancelled");
    }
}
