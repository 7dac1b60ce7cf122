package org.sextant.engine.jobs;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background jobs: ids, progress, cancellation, coalescing of overlapping requests, one writer
 * job at a time, and status persisted as jobs/&lt;id&gt;.json so it survives a crash (a job found
 * running at start-up is marked INTERRUPTED, never left looking alive, saying what its submitter declared it
 * leaves then: {@link IfInterrupted}).
 */
public final class Jobs implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Jobs.class);
    private static final long PROGRESS_WRITE_MS = 250;

    /**
     * How long a job may compute when its request names no limit: a sweep or a scan of many symbols
     * could otherwise hold a core for a day. Past it the job stops at its next checkpoint as a cancel
     * does, and ends TIMED_OUT saying what it had done and what it kept.
     */
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofMinutes(org.sextant.contract.Bounds.DEFAULT_JOB_MINUTES);
    /** The most a request may raise its job's time limit to. */
    public static final Duration MAX_TIME_LIMIT = Duration.ofMinutes(org.sextant.contract.Bounds.MAX_JOB_MINUTES);

    /** A succeeded job's message when it was cancelled after its last checkpoint. */
    public static final String CANCEL_TOO_LATE = "done: the cancel came after the work was written, so it stands";

    private final Path dir;
    /**
     * Every active job, and the newest {@link JobRecordFiles#KEPT_ENDED} ended ones {@link JobStatus#held as held}: an agent that
     * runs thousands of jobs does not grow the app. An older ended job is read back from its record while that is kept
     * ({@link LetGoRecords}).
     */
    private final Map<String, JobStatus> jobs = new ConcurrentHashMap<>();
    /** Ended jobs this run let go of from {@link #jobs}, by state (their records stay while {@link #records} keeps them); guarded by itself. */
    private final Map<JobState, Long> letGo = new java.util.EnumMap<>(JobState.class);
    private final LetGoRecords records;
    private final WholeResults wholeResults;
    private final Map<String, Future<?>> futures = new ConcurrentHashMap<>();
    private final Map<String, Boolean> cancelRequested = new ConcurrentHashMap<>();
    /** The time limit of each active job: a request that joins one is told it (JobStatus.note). */
    private final Map<String, Duration> limits = new ConcurrentHashMap<>();
    /** Whose prices each active job reads or writes ({@link #workingOn}). */
    private final Map<String, JobReach> reaches = new ConcurrentHashMap<>();
    /** Symbols a delete_prices or set_trading_session is changing (it may wait seconds for the writer): how many changes each, per kind. Guarded by this. */
    private final Map<SymbolChange, Map<String, Integer>> changing = new java.util.EnumMap<>(SymbolChange.class);
    /** The thread each running job runs on: who holds the store's writer, named ({@link #jobOn}). */
    private final Map<Thread, String> threads = new ConcurrentHashMap<>();
    private final ExecutorService writers = Executors.newSingleThreadExecutor(org.sextant.engine.DaemonThreads.named("sextant-writer-job"));
    private final ExecutorService readers = Executors.newFixedThreadPool(2, org.sextant.engine.DaemonThreads.named("sextant-job"));

    private final java.util.function.LongSupplier nanoClock;

    public Jobs(Path dir) {
        this(dir, System::nanoTime);
    }

    /** {@code nanoClock}: what a job's time limit is measured on (a test's counter instead of System.nanoTime). */
    Jobs(Path dir, java.util.function.LongSupplier nanoClock) {
        this(dir, nanoClock, WholeResults.BYTES);
    }

    /** {@code wholeBytes}: the JSON the newest ended jobs' whole results may total ({@link WholeResults}). */
    Jobs(Path dir, java.util.function.LongSupplier nanoClock, long wholeBytes) {
        this.dir = dir;
        this.nanoClock = nanoClock;
        this.wholeResults = new WholeResults(wholeBytes);
        this.records = new LetGoRecords(dir);
        recover();
    }

    /**
     * A writer job of one step whose progress says what it does from the start ("importing 2 file(s)"); {@code ifInterrupted}
     * says what it leaves if the app stops while it runs.
     */
    public JobStatus submitWriter(String kind, List<String> subjects, IfInterrupted ifInterrupted, String doing, java.util.function.Supplier<Object> work) {
        return submitWriter(kind, subjects, ifInterrupted, JobReach.WHOLE_STORE, doing, work);
    }

    /** As above, reading or writing the prices of {@code reach} only. */
    public JobStatus submitWriter(String kind, List<String> subjects, IfInterrupted ifInterrupted, JobReach reach, String doing,
                                  java.util.function.Supplier<Object> work) {
        return submit(kind, subjects, true, ifInterrupted, DEFAULT_TIME_LIMIT, reach, ctx -> {
            ctx.progress(0.05, doing);
            return work.get();
        });
    }

    /**
     * Starts {@code work} in the background. A request whose subjects are all covered by an active
     * job of the same kind joins that job (coalesced=true). A second writer while one is active is
     * refused with job_busy naming the active job. {@code ifInterrupted}: what the job leaves if the app
     * stops while it runs, kept in its record for the next start to say.
     */
    public JobStatus submit(String kind, List<String> subjects, boolean writer, IfInterrupted ifInterrupted, JobWork work) {
        return submit(kind, subjects, writer, ifInterrupted, DEFAULT_TIME_LIMIT, work);
    }

    /**
     * As above, stopping the work after {@code timeLimitMinutes} of running (null:
     * {@link #DEFAULT_TIME_LIMIT}; at most {@link #MAX_TIME_LIMIT}, refused naming time_limit_minutes).
     */
    public JobStatus submit(String kind, List<String> subjects, boolean writer, IfInterrupted ifInterrupted, Integer timeLimitMinutes, JobWork work) {
        return submit(kind, subjects, writer, ifInterrupted, timeLimit(timeLimitMinutes), work);
    }

    /** As above, with a limit {@link #timeLimit} already checked; a job that does not say whose prices it reads is taken to read every symbol's. */
    public JobStatus submit(String kind, List<String> subjects, boolean writer, IfInterrupted ifInterrupted, Duration limit, JobWork work) {
        return submit(kind, subjects, writer, ifInterrupted, limit, JobReach.WHOLE_STORE, work);
    }

    /** As above, reading or writing the prices of {@code reach} only. */
    public synchronized JobStatus submit(String kind, List<String> subjects, boolean writer, IfInterrupted ifInterrupted, Duration limit, JobReach reach,
                                         JobWork work) {
        java.util.Objects.requireNonNull(ifInterrupted, "ifInterrupted");
        org.sextant.engine.ReadOnlyScope.refuseWrite("start a " + kind + " job");
        for (JobStatus j : jobs.values()) {
            if (j.state().active() && j.kind().equals(kind) && new HashSet<>(j.subjects()).containsAll(subjects.stream().map(org.sextant.contract.ShownText::escaped).toList())) {
                return j.asCoalesced(limits.getOrDefault(j.id(), DEFAULT_TIME_LIMIT));
            }
        }
        if (!reach.untilRead()) refuseUnderChange(reach, kind + " job would read or write them; it was not started", "start it again");
        if (writer) {
            for (JobStatus j : jobs.values()) {
                if (j.state().active() && j.writer()) {
                    throw new SextantException(FailReason.JOB_BUSY, "another writing job is running: " + j.kind() + " " + j.id(), null, // no argument at fault
                            "wait for job " + j.id() + " to finish (poll its status) or cancel it, then submit again")
                            .withDetail("active_job_id", j.id());
                }
            }
        }
        String id = newId(kind);
        JobStatus queued = new JobStatus(id, kind, List.copyOf(subjects), writer, ifInterrupted.leaves(), JobState.QUEUED, 0, "queued",
                Instant.now(), null, null, null, null, null, null, null, false, null);
        update(queued, true);
        limits.put(id, limit);
        reaches.put(id, reach);
        futures.put(id, (writer ? writers : readers).submit(() -> execute(id, limit, work)));
        return queued;
    }

    /**
     * An id no job in memory or in jobs/ has: a new job must not take the record of a job let go of, which
     * {@link LetGoRecords} deletes later (8 hex digits meet one of a thousand kept ids about once in four million jobs).
     */
    /** The 8 hex digits of a new id; a test draws the same digits twice. */
    java.util.function.Supplier<String> idDraws = () -> UUID.randomUUID().toString().substring(0, 8);

    private String newId(String kind) {
        while (true) {
            String id = kind + "-" + idDraws.get();
            if (!jobs.containsKey(id) && !Files.exists(dir.resolve(id + ".json"))) return id;
        }
    }

    /**
     * Refuses with job_busy when a change of a symbol {@code reach} covers is under way: {@code what} the job would do, {@code fix} before
     * "once...". As the refusal of another writing job names it ({@code active_job_id}), this one names what holds the start off:
     * {@code changing_symbol} and {@code change} (the tool making it), so a caller can wait for it (the Charts view does).
     */
    private void refuseUnderChange(JobReach reach, String what, String fix) {
        for (Map.Entry<SymbolChange, Map<String, Integer>> e : changing.entrySet()) {
            SymbolChange change = e.getKey();
            for (String s : e.getValue().keySet()) {
                if (!reach.covers(s)) continue;
                throw new SextantException(FailReason.JOB_BUSY, "the prices of " + org.sextant.contract.ShownText.name(s) + " are " + change.underWay
                        + " (" + change.tool + "), and this " + what, null, fix + " once the " + change.answered + " has answered")
                        .withDetail(CHANGING_SYMBOL, s).withDetail(CHANGE, change.tool);
            }
        }
    }

    /** The details of a job_busy refusal for a change of a symbol under way: the symbol, and the tool changing it ({@link SymbolChange#tool()}). */
    public static final String CHANGING_SYMBOL = "changing_symbol", CHANGE = "change";

    /** A request's time limit, checked before a job exists. */
    public static Duration timeLimit(Integer minutes) {
        if (minutes == null) return DEFAULT_TIME_LIMIT;
        if (minutes < 1 || minutes > MAX_TIME_LIMIT.toMinutes()) {
            throw SextantException.invalid(TIME_LIMIT_ARGUMENT, "time_limit_minutes must be 1.." + MAX_TIME_LIMIT.toMinutes() + ", was " + minutes,
                    "give at most " + MAX_TIME_LIMIT.toMinutes() + " (24 hours), or omit it for " + DEFAULT_TIME_LIMIT.toMinutes());
        }
        return Duration.ofMinutes(minutes);
    }

    /** The argument that raises a job's time limit, where its tool takes one. */
    public static final String TIME_LIMIT_ARGUMENT = "time_limit_minutes";

    /** How a fix that sends a request to a background job says the jobs' time limit (after "which ..."). */
    public static final String MAY_COMPUTE = "may compute for " + DEFAULT_TIME_LIMIT.toMinutes() + " min (" + TIME_LIMIT_ARGUMENT + " up to "
            + MAX_TIME_LIMIT.toMinutes() + ")";

    private void execute(String id, Duration limit, JobWork work) {
        Instant started = Instant.now();
        threads.put(Thread.currentThread(), id);
        long deadline = nanoClock.getAsLong() + limit.toNanos();
        java.util.concurrent.atomic.AtomicBoolean timedOut = new java.util.concurrent.atomic.AtomicBoolean();
        update(jobs.get(id).with(JobState.RUNNING, 0, "running", started, null, null, null), true);
        ProgressWrites writes = new ProgressWrites(PROGRESS_WRITE_MS, System::currentTimeMillis, ProgressWrites.SCHEDULED, () -> flushProgress(id));
        JobContext ctx = new JobContext() {
            @Override
            public void progress(double fraction, String message) {
                synchronized (Jobs.this) {
                    JobStatus cur = jobs.get(id);
                    // a helper thread of the work (a network member) can report after the job ended: the end stands
                    if (cur == null || cur.state() != JobState.RUNNING) return;
                    update(cur.with(JobState.RUNNING, Math.max(0, Math.min(1, fraction)), message, started, null, null, null), writes.writeNow());
                }
            }

            @Override
            public void narrowReach(JobReach narrower) {
                synchronized (Jobs.this) {
                    JobReach reach = reaches.get(id);
                    if (!reach.holds(narrower)) throw new IllegalArgumentException("a job's reach may only narrow: " + narrower + " is wider than " + reach);
                    JobStatus job = jobs.get(id);
                    refuseUnderChange(narrower, job.kind() + " job found them in what it read; it stopped before writing, so nothing of it was written",
                            "run it again");
                    reaches.put(id, narrower);
                }
            }

            @Override
            public boolean cancelled() {
                if (cancelRequested.containsKey(id) || Thread.currentThread().isInterrupted()) return true;
                if (!timedOut.get() && nanoClock.getAsLong() - deadline >= 0) timedOut.set(true); // once past, it stays past
                return timedOut.get();
            }
        };
        try {
            // a model's optimiser deep inside the work stops at its next iteration (Cancellation.check)
            Object result = Cancellation.watching(ctx::cancelled, () -> work.run(ctx));
            // work that returned has committed what it writes: a cancel that did not stop it came too late
            // (past its time limit only, it is simply done: nobody asked it to stop)
            boolean askedToStop = cancelRequested.containsKey(id) || Thread.currentThread().isInterrupted();
            update(jobs.get(id).with(JobState.SUCCEEDED, 1, askedToStop ? CANCEL_TOO_LATE : "done", started, Instant.now(), null, result), true);
        } catch (CancellationException | InterruptedException e) {
            if (timedOut.get() && !cancelRequested.containsKey(id)) {
                timedOut(id, limit, e, started);
                return;
            }
            String said = e instanceof Cancellation.AfterStoring partly ? partly.getMessage() : "cancelled: nothing was written";
            update(jobs.get(id).with(JobState.CANCELLED, jobs.get(id).progress(), said, started, Instant.now(), null, null), true);
        } catch (FailedAfterStoring e) {
            failed(id, e.getCause(), e.getMessage(), started);
        } catch (Exception e) {
            failed(id, e, null, started);
        } finally {
            threads.remove(Thread.currentThread());
            forget(id);
        }
    }

    /** The job running on {@code thread}, as a refusal names it ("job import-1a2b3c4d (import)"), or null when none does. */
    public String jobOn(Thread thread) {
        String id = thread == null ? null : threads.get(thread);
        JobStatus j = id == null ? null : jobs.get(id);
        return j == null ? null : "job " + j.id() + " (" + j.kind() + ")";
    }

    /**
     * Ends a job that threw {@code e}: FAILED, saying why as a refusal does (a bug: only that, its details logged), and with
     * {@code kept} (what a job that commits as it goes had written before, which stays; null: nothing) in its message and error.
     */
    private void failed(String id, Throwable e, String kept, Instant started) {
        JobStatus.Failure why;
        if (e instanceof SextantException refused) {
            why = JobStatus.Failure.of(refused);
        } else {
            why = JobStatus.Failure.of(org.sextant.engine.Incident.logged("job " + id, e)); // its words in the log, under the mark the job shows
        }
        String said = kept == null ? "failed" : "failed: " + kept + "; the rest was not done";
        update(jobs.get(id).with(JobState.FAILED, jobs.get(id).progress(), said, started, Instant.now(), kept == null ? why : why.keeping(kept), null), true);
    }

    /** Drops an ended job from the books only active jobs are in. */
    private void forget(String id) {
        futures.remove(id);
        cancelRequested.remove(id);
        limits.remove(id);
        reaches.remove(id);
    }

    /**
     * Ends a job stopped by its time limit: TIMED_OUT, its message saying how far it got (its last
     * progress) and what it kept (what a job that commits as it goes had written, else nothing).
     */
    private void timedOut(String id, Duration limit, Exception e, Instant started) {
        JobStatus cur = jobs.get(id);
        String kept = e instanceof Cancellation.AfterStoring partly ? partly.what() + " had been written (that stays); the rest was not done"
                : "nothing was written";
        String said = "timed out after " + limit.toMinutes() + " min at: " + cur.message() + "; " + kept;
        JobStatus.Failure why = new JobStatus.Failure("the job computed for its whole time limit of " + limit.toMinutes() + " min and was stopped; " + kept,
                FailReason.TIMEOUT, null, "start it again with less work (fewer symbols, configurations or fits), or, where the tool takes it, with "
                        + TIME_LIMIT_ARGUMENT + " up to " + MAX_TIME_LIMIT.toMinutes());
        update(cur.with(JobState.TIMED_OUT, cur.progress(), said, started, Instant.now(), why, null), true);
    }

    /**
     * The job {@code id}: an active one as it is now; an ended one with its whole result while that is among the newest
     * ({@link WholeResults}), else as its record holds it (its result's long lists cut, named in truncated_lists), as after a restart.
     */
    public JobStatus status(String id) {
        JobStatus j = id == null ? null : jobs.get(id);
        if (j != null && j.state() != JobState.SUCCEEDED) return j; // only a succeeded job has a result
        Object whole = j == null ? null : wholeResults.get(id);
        if (whole != null) return j.withResult(whole);
        JobStatus record = endedRecord(id);
        if (record != null) return record;
        if (j != null) return j.withResult(Json.object("left_out", "the result is no longer in the app's memory and its record jobs/" + id
                + ".json could not be read back (see SEXTANT_HOME/logs/sextant.log)"));
        // the ids of deleted records are not kept either (they would grow as jobs/ did): an id of the app's shape may be one
        String removed = id != null && JobRecordFiles.ID.matcher(id).matches() ? ": if it ran, its record was removed: " + JobRecordFiles.KEPT_RULE : "";
        throw new SextantException(FailReason.JOB_UNKNOWN, "no job with id '" + org.sextant.contract.ShownText.name(id) + "'" + removed, "job_id",
                "list_jobs shows the known job ids");
    }

    /** The record of the ended job {@code id} in jobs/, or null when there is none the app wrote (an id of another shape names no file). */
    private JobStatus endedRecord(String id) {
        if (id == null || !JobRecordFiles.ID.matcher(id).matches()) return null;
        Path f = dir.resolve(id + ".json");
        if (!Files.isRegularFile(f)) return null;
        JobStatus s = JobRecordFiles.read(f, Instant.now());
        return s == null || s.state().active() ? null : s;
    }

    /** How many jobs the registry holds in memory (tests). */
    int held() {
        return jobs.size();
    }

    /** How many jobs the cancel, time-limit and reach books still hold: only jobs queued or running (tests). */
    int booked() {
        return futures.size() + cancelRequested.size() + limits.size() + reaches.size();
    }

    /**
     * Refuses with job_busy {@code change} of {@code symbol} while a job queued or running reads or writes its prices
     * (its reach covers the symbol, or every symbol), naming the oldest such job, its kind and the way on.
     */
    public synchronized void refuseChangingUnder(String symbol, SymbolChange change) {
        List<JobStatus> newestFirst = list();
        for (int i = newestFirst.size() - 1; i >= 0; i--) {
            JobStatus j = newestFirst.get(i);
            JobReach reach = reaches.get(j.id());
            if (reach == null || !j.state().active() || !reach.covers(symbol)) continue;
            throw new SextantException(FailReason.JOB_BUSY, "job " + j.id() + " (" + j.kind() + ", " + j.state().name().toLowerCase(java.util.Locale.ROOT)
                    + ") reads or writes " + reach.what(symbol) + ": " + change.underJob, null,
                    "wait for job " + j.id() + " to end, or cancel it (cancel_job " + j.id() + "), then " + change.again)
                    .withDetail("active_job_id", j.id()).withDetail("active_job_kind", j.kind());
        }
    }

    /** A change of a symbol under way: until it closes, no job whose reach covers the symbol starts. */
    public interface ChangeUnderWay extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Refuses as {@link #refuseChangingUnder} does, else marks {@code symbol} as being changed until the returned mark
     * closes: a job started while the change waits for the store's writer would read the prices before the change and
     * store what it made of them after (attack 15, M2). One step under this registry's lock, as {@link #submit} is.
     */
    public synchronized ChangeUnderWay changing(String symbol, SymbolChange change) {
        refuseChangingUnder(symbol, change);
        changing.computeIfAbsent(change, c -> new java.util.HashMap<>()).merge(symbol, 1, Integer::sum);
        return () -> {
            synchronized (Jobs.this) {
                changing.get(change).computeIfPresent(symbol, (s, n) -> n == 1 ? null : n - 1);
            }
        };
    }

    /** {@link #changing} for a deletion of {@code symbol}'s prices. */
    public ChangeUnderWay deleting(String symbol) {
        return changing(symbol, SymbolChange.DELETION);
    }

    /**
     * The jobs in memory, newest first, without results ({@link #status} gives one job's): the active ones and the newest
     * {@link JobRecordFiles#KEPT_ENDED} ended ones, so every job one list_jobs lists.
     */
    public List<JobStatus> list() {
        List<JobStatus> all = new ArrayList<>(jobs.values());
        all.sort(Comparator.comparing(JobStatus::createdAt).reversed());
        return all;
    }

    /** The list_jobs answer for {@code limit} ({@link JobListing}): its count covers the ended jobs let go of from memory too. */
    public Map<String, Object> listing(Integer limit) {
        synchronized (letGo) {
            List<JobStatus> newestFirst = list();
            return JobListing.of(newestFirst, newestFirst.size() + letGo.values().stream().mapToLong(Long::longValue).sum(), limit);
        }
    }

    /** Requests cancellation; the work stops at its next checkpoint. Finished jobs are returned as they are. */
    public JobStatus cancel(String id) {
        JobStatus j = status(id);
        if (!j.state().active()) return j;
        cancelRequested.put(id, true);
        Future<?> f = futures.get(id);
        if (f != null && j.state() == JobState.QUEUED && f.cancel(false)) {
            update(j.with(JobState.CANCELLED, 0, "cancelled before it started", null, Instant.now(), null, null), true);
            forget(id); // it never runs, so execute's finally never does
        }
        return status(id);
    }

    /** Waits up to {@code timeout} for the job to leave the active states; returns its status either way. */
    public JobStatus await(String id, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        // under the lock: an end is seen in memory before its update has let the oldest go and deleted their records;
        // woken by a job's end (update), not a 20 ms poll that cost each awaited job up to 20 ms
        synchronized (this) {
            JobStatus s;
            while ((s = status(id)).state().active()) {
                long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
                if (left <= 0) return s;
                wait(Math.min(left, 20)); // the bound: any end that comes by another way is seen as before
            }
            return s;
        }
    }

    /** Counts by state, for state.json and health. */
    public Map<String, Long> summary() {
        Map<String, Long> m = new LinkedHashMap<>();
        synchronized (letGo) {
            for (JobStatus j : jobs.values()) m.merge(j.state().name().toLowerCase(), 1L, Long::sum);
            letGo.forEach((state, n) -> m.merge(state.name().toLowerCase(), n, Long::sum));
        }
        return m;
    }

    /** Writes a running job's record as it is now: the last progress a skipped write left (ProgressWrites). */
    private synchronized void flushProgress(String id) {
        JobStatus cur = jobs.get(id);
        if (cur != null && cur.state() == JobState.RUNNING) update(cur, true);
    }

    /**
     * Persists before publishing, so whoever sees a state in memory finds it on disk too. An ended job is held without its
     * result (kept whole among the newest, {@link WholeResults}), and the oldest ended ones past those kept are let go of:
     * at a job's end only, never at a progress report.
     */
    private synchronized void update(JobStatus s, boolean persist) {
        if (persist) persist(s);
        if (s.state().active()) {
            jobs.put(s.id(), s);
            return;
        }
        wholeResults.keep(s.id(), s.result());
        jobs.put(s.id(), s.held());
        letGoPastKept(true);
        notifyAll(); // await
    }

    /**
     * Lets go of the ended jobs past the newest {@link JobRecordFiles#KEPT_ENDED} from memory, the oldest first, their
     * records kept or deleted by {@link LetGoRecords}: one rule at a start and as jobs end (at most one job at each end).
     * {@code thisRun}: counted in list_jobs' count and the summary, as jobs of this run.
     */
    private synchronized void letGoPastKept(boolean thisRun) {
        synchronized (letGo) {
            List<JobStatus> newestFirst = JobRecordFiles.pastKept(jobs.values());
            for (int i = newestFirst.size() - 1; i >= 0; i--) {
                JobStatus old = newestFirst.get(i);
                jobs.remove(old.id());
                wholeResults.forget(old.id());
                if (thisRun) letGo.merge(old.state(), 1L, Long::sum);
                records.letGo(old.id());
            }
        }
    }

    private void persist(JobStatus s) {
        try {
            AtomicFiles.write(dir.resolve(s.id() + ".json"), JobRecordBounds.record(s));
        } catch (IOException | RuntimeException e) {
            log.warn("cannot persist job {}: {}", s.id(), e.toString());
        }
    }

    private static final JobStatus.Failure INTERRUPTED = new JobStatus.Failure("the app stopped before the job finished",
            FailReason.JOB_FAILED, null, "submit it again");

    /** An interrupted job's message: what its submitter declared it leaves, or, in a record written before jobs declared it, nothing more. */
    private static String interrupted(JobStatus s) {
        return "interrupted: the app stopped while it ran" + (s.ifInterrupted() == null ? "" : "; " + s.ifInterrupted());
    }

    /** Loads persisted jobs; any that were active belonged to a process that is gone. */
    private void recover() {
        if (!Files.isDirectory(dir)) return;
        Instant start = Instant.now();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
                try {
                    JobStatus s = JobRecordFiles.read(f, start); // null: not a record the app wrote, logged
                    if (s == null) continue;
                    if (s.state().active()) {
                        // ended when its record was last written (its last progress), not when the app came back
                        Instant lastKnown = Files.getLastModifiedTime(f).toInstant();
                        s = s.with(JobState.INTERRUPTED, s.progress(), interrupted(s),
                                s.startedAt(), s.startedAt() != null && lastKnown.isBefore(s.startedAt()) ? s.startedAt() : lastKnown, INTERRUPTED, null);
                        persist(s);
                    }
                    jobs.put(s.id(), s.held()); // the result stays in its record
                } catch (IOException | RuntimeException e) {
                    log.warn("ignoring unreadable job file {}: {}", f, Json.whyUnreadable(e));
                }
            }
            letGoPastKept(false);
        } catch (IOException e) {
            log.warn("cannot list jobs in {}: {}", dir, e.toString());
        }
    }

    @Override
    public void close() {
        writers.shutdownNow();
        readers.shutdownNow();
        try {
            writers.awaitTermination(5, TimeUnit.SECONDS);
            readers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
