package org.sextant.engine.jobs;

/**
 * A job of several commits that failed after some of them: what was written stays, and the job's failure says so
 * ({@code what}: "the forecasts of 2 of 5 symbol(s) (AA, IBM)"). {@link Jobs} ends the job as its cause would, adding that;
 * before, such a job ended FAILED as if it had written nothing.
 */
public final class FailedAfterStoring extends RuntimeException {
    private final String what;

    public FailedAfterStoring(String what, RuntimeException cause) {
        super(what + " had been written before the failure (that stays)", cause);
        this.what = what;
    }

    /** What had been written when the job failed. */
    public String what() { return what; }
}
