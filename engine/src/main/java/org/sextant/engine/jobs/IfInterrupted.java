package org.sextant.engine.jobs;

/**
 * What a job leaves in the store if the app stops while it runs (killed, crashed, the machine off), declared by the code
 * that submits it, which knows what the job writes and when, as a stop or a failure says what it kept
 * ({@link Cancellation.AfterStoring}, {@link FailedAfterStoring}). {@link Jobs} keeps the words in the job's record
 * (jobs/&lt;id&gt;.json), so the next start says them of an interrupted job without knowing its kind.
 *
 * @param leaves how the interrupted job's message ends: "the forecasts it had stored as it went stay"
 */
public record IfInterrupted(String leaves) {
    /** A job that keeps what it made only when it ends (a strategy backtest saves its run, a training its model). */
    public static final IfInterrupted KEEPS_AT_END = new IfInterrupted("it keeps its result only when it ends, so nothing of it was kept");

    public IfInterrupted {
        if (leaves == null || leaves.isBlank()) throw new IllegalArgumentException("a job must say what an interruption leaves");
    }
}
