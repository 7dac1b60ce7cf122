package org.sextant.engine.forecast;

import java.util.List;
import java.util.concurrent.CancellationException;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.FailedAfterStoring;
import org.sextant.engine.jobs.IfInterrupted;

/**
 * What a forecast or scan job had written when it ended early, in the one wording both use: "the forecasts of K of T
 * symbol(s) (AA, IBM, ...)". Both commit as they go, so a cancel, their time limit or a failure keeps what was written,
 * and the job's end says so.
 *
 * @param named the symbols written, first first (at most {@link #NAMED} are shown, the rest counted)
 * @param wayOn what to do with them, said inside the brackets; null: nothing
 */
record ForecastsWritten(int written, int of, List<String> named, String wayOn) {
    /** What a forecast or scan job stopped by the app's end leaves: the commits it made as it went. */
    static final IfInterrupted IF_INTERRUPTED = new IfInterrupted("the forecasts it had stored as it went stay");

    /** Symbols named in the job's message, the rest counted. */
    static final int NAMED = 10;

    /** "the forecasts of K of T symbol(s) (AA, IBM, ...; wayOn)". */
    String what() {
        List<String> shown = named.subList(0, Math.min(NAMED, named.size()));
        return "the forecasts of " + written + " of " + of + " symbol(s) (" + String.join(", ", shown) + (written > shown.size() ? ", ..." : "")
                + (wayOn == null ? "" : "; " + wayOn) + ")";
    }

    /** What a job stopped by {@code stop} (its cancel or time limit) throws: {@code stop} itself when it wrote nothing. */
    CancellationException stopped(CancellationException stop) {
        return written == 0 ? stop : new Cancellation.AfterStoring(what());
    }

    /** What a job that failed with {@code failure} throws: {@code failure} itself when it wrote nothing. */
    RuntimeException failed(RuntimeException failure) {
        return written == 0 ? failure : new FailedAfterStoring(what(), failure);
    }
}
