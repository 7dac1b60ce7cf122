package org.sextant.engine.jobs;

import org.sextant.contract.ShownText;

import java.time.Instant;
import java.util.List;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;

/**
 * A job as readers see it (GUI, local API, jobs/&lt;id&gt;.json). {@code result} is whatever the work
 * returned, serialized with the engine's JSON mapper. A job that ended without a result says why as
 * a refused request does: {@code error} (what failed), {@code failReason}, {@code field} (the
 * argument at fault, or null) and {@code fix}.
 *
 * @param subjects what the job works on (symbols, a run id): overlapping requests coalesce on them
 * @param writer   whether the job writes the store (one writer job at a time)
 * @param ifInterrupted what the job leaves in the store if the app stops while it runs, as its submitter declared it
 *                 ({@link IfInterrupted}); null in a record written before jobs declared it
 * @param note     only in the answer of a request that joined an active job: that it did, and that the job's own
 *                 time limit stands (a time_limit_minutes of the joining request does not apply); null otherwise
 */
public record JobStatus(String id, String kind, List<String> subjects, boolean writer, String ifInterrupted, JobState state, double progress,
                        String message, Instant createdAt, Instant startedAt, Instant finishedAt, String error,
                        FailReason failReason, String field, String fix, Object result, boolean coalesced,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String note) {

    /**
     * Shown wherever a job is (start_import's answer, list_jobs, job_status, its record, the Jobs view): its subjects, a person's
     * file names and symbols, escaped as {@link ShownText#escaped} does (a terminal escape, a right-to-left override); its texts
     * bounded as a refusal is, a record read back from disk included (attack 20: an edited one held an error of 11,000 characters).
     */
    public JobStatus {
        subjects = ShownSubjects.of(subjects);
        message = SextantException.bounded(message, SextantException.MAX_TEXT);
        error = SextantException.bounded(error, SextantException.MAX_TEXT);
        field = SextantException.bounded(field, SextantException.MAX_FIELD);
        fix = SextantException.bounded(fix, SextantException.MAX_TEXT);
    }

    /** Why a job ended without a result; null while it runs and when it succeeded. */
    record Failure(String error, FailReason reason, String field, String fix) {
        /** Bounded as a refusal is, whatever built it: list_jobs and jobs/&lt;id&gt;.json repeat it. */
        Failure {
            error = SextantException.bounded(error, SextantException.MAX_TEXT);
            field = SextantException.bounded(field, SextantException.MAX_FIELD);
            fix = SextantException.bounded(fix, SextantException.MAX_TEXT);
        }

        /** This failure of a job whose earlier commits stay: {@code kept} says what they wrote. */
        Failure keeping(String kept) {
            return new Failure(error + "; " + kept, reason, field, fix);
        }

        static Failure of(SextantException e) {
            return new Failure(e.getMessage(), e.reason(), e.field(), e.fix());
        }
    }

    /** The error as a person reads it in the window: what failed, then the fix; null when none. */
    public String explained() {
        return error == null ? null : fix == null ? error : error + " (fix: " + fix + ")";
    }

    JobStatus with(JobState s, double p, String m, Instant started, Instant finished, Failure f, Object res) {
        return new JobStatus(id, kind, subjects, writer, ifInterrupted, s, p, SextantException.bounded(m, SextantException.MAX_TEXT), createdAt, started, finished,
                f == null ? null : f.error(), f == null ? null : f.reason(), f == null ? null : f.field(),
                f == null ? null : f.fix(), res, false, null);
    }

    /**
     * This ended job as the registry holds it: its subjects as its record lists them and no result, which
     * {@link Jobs#status} reads from the record (or the newest whole results) so the app does not grow with every job.
     */
    JobStatus held() {
        return new JobStatus(id, kind, JobRecordBounds.subjects(subjects), writer, ifInterrupted, state, progress, message, createdAt, startedAt,
                finishedAt, error, failReason, field, fix, null, coalesced, note);
    }

    /** This job answering {@code res} as its result. */
    JobStatus withResult(Object res) {
        return new JobStatus(id, kind, subjects, writer, ifInterrupted, state, progress, message, createdAt, startedAt, finishedAt, error,
                failReason, field, fix, res, coalesced, note);
    }

    /** The answer of a request that joined this job, which keeps its own time limit of {@code limit}. */
    JobStatus asCoalesced(java.time.Duration limit) {
        String note = "joined the active " + kind + " job " + id + " (it covers this request): it keeps its own time limit of " + limit.toMinutes()
                + " min, and a time_limit_minutes given with this request does not apply; to run with another limit, cancel_job " + id
                + " and start it again";
        return new JobStatus(id, kind, subjects, writer, ifInterrupted, state, progress, message, createdAt, startedAt, finishedAt, error,
                failReason, field, fix, result, true, note);
    }
}
