package org.sextant.engine.jobs;

/** The body of a background job; its return value becomes the job's result. */
@FunctionalInterface
public interface JobWork {
    Object run(JobContext ctx) throws Exception;

    /** Work that needs no context: what {@link Cancellation#watching} runs. */
    @FunctionalInterface
    interface Body<T> {
        T run() throws Exception;
    }
}
