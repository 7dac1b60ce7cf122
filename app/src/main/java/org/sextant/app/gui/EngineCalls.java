package org.sextant.app.gui;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.jobs.SymbolChange;

/**
 * How a ViewModel calls the engine: the call runs on {@code background}, its result (or a
 * sentence describing its failure) is applied on {@code ui} (Platform::runLater in the app, any
 * executor in tests), and {@link #busyProperty()} is true while calls are in flight. Requests of
 * one {@link Latest purpose} supersede each other: only the newest one's answer is applied.
 * After {@link #close()} nothing is applied any more and no new call starts.
 *
 * <p>Returned futures complete after the answer was applied (or dropped): with the result, or
 * exceptionally with the call's exception. They complete even when the ui executor is gone.
 */
final class EngineCalls implements AutoCloseable {
    /** Shown when the background executor refuses a call while the view is still open. */
    static final String CLOSED = "the view is closed; reopen the window";
    /** How often {@link #followJob} reads a running job's status in the views that show a job's progress. */
    static final long JOB_POLL_MILLIS = 250;
    /**
     * How long a start waits for the store's writer at most ({@link WriterWait}): a person who asked for a forecast or a
     * backtest is at the screen for minutes, not for an agent's hour-long scan, and a result drawn long after the click
     * would replace what they look at by then. Past it the wait stops, saying so.
     */
    static final java.time.Duration WRITER_WAIT_MOST = java.time.Duration.ofMinutes(10);

    private final Executor background;
    private final Executor ui;
    private final String threadName;
    private final Consumer<String> errors;
    private final ScheduledExecutorService owned;
    private final java.time.Duration writerWaitMost;
    private ScheduledExecutorService timer; // guarded by this: delays job polls when background is not ours
    private final AtomicBoolean closed = new AtomicBoolean();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private int inFlight; // on the ui executor only

    /**
     * Requests of one purpose (the prices on screen, the symbol list…): when they overlap, only
     * the newest one's answer is applied; an older one arriving later is dropped.
     */
    static final class Latest {
        private final AtomicLong newest = new AtomicLong();

        long take() { return newest.incrementAndGet(); }

        /** The ticket of the newest request so far. */
        long newest() { return newest.get(); }

        boolean isNewest(long ticket) { return newest.get() == ticket; }
    }

    /** Calls whose failures each name their own sink (see {@link #run(Supplier, Consumer, Consumer, String)}). */
    EngineCalls(Executor background, Executor ui, String threadName) {
        this(background, ui, threadName, null);
    }

    /**
     * @param background runs engine calls; null: one daemon thread named {@code threadName}, shut down by {@link #close()}
     * @param ui applies answers; every callback runs on it
     * @param errors the view's error line for {@link #run(Latest, Supplier, Consumer, String)}: a failure's sentence, null after a success
     */
    EngineCalls(Executor background, Executor ui, String threadName, Consumer<String> errors) {
        this(background, ui, threadName, errors, WRITER_WAIT_MOST);
    }

    /** As above, a start waiting for the store's writer at most {@code writerWaitMost} ({@link #WRITER_WAIT_MOST} in the app). */
    EngineCalls(Executor background, Executor ui, String threadName, Consumer<String> errors, java.time.Duration writerWaitMost) {
        this.ui = Objects.requireNonNull(ui, "ui");
        this.writerWaitMost = Objects.requireNonNull(writerWaitMost, "writerWaitMost");
        this.threadName = threadName;
        this.errors = errors;
        if (background == null) {
            owned = daemon(threadName);
            this.background = owned;
        } else {
            owned = null;
            this.background = background;
        }
    }

    /** Runs {@code call} off the ui thread; {@code apply} or {@code onError} (with a one-line description) run on it. */
    <T> CompletableFuture<T> run(Supplier<T> call, Consumer<T> apply, Consumer<String> onError, String what) {
        return run(null, call, apply, onError, what);
    }

    /**
     * Like {@link #run(Latest, Supplier, Consumer, Consumer, String)}, reporting to the error line
     * given at construction: a failure sets it, an applied success clears it.
     */
    <T> CompletableFuture<T> run(Latest purpose, Supplier<T> call, Consumer<T> apply, String what) {
        Consumer<String> line = Objects.requireNonNull(errors, "constructed without an error line");
        return run(purpose, call, r -> {
            apply.accept(r);
            line.accept(null);
        }, line, what);
    }

    /**
     * Runs {@code call} off the ui thread; on the ui thread, {@code apply} gets its result or
     * {@code onError} the sentence describing its failure, unless a newer request of
     * {@code purpose} (null: none) was made meanwhile or this was closed. A failing
     * {@code apply} is reported like a failing call.
     */
    <T> CompletableFuture<T> run(Latest purpose, Supplier<T> call, Consumer<T> apply, Consumer<String> onError, String what) {
        long ticket = purpose == null ? 0 : purpose.take();
        CompletableFuture<T> done = new CompletableFuture<>();
        if (closed.get()) {
            done.completeExceptionally(new RejectedExecutionException("closed"));
            return done;
        }
        onUi(() -> setInFlight(+1));
        Runnable work = () -> {
            T result;
            try {
                result = call.get();
            } catch (RuntimeException e) {
                fail(() -> {
                    setInFlight(-1);
                    if (shown(purpose, ticket)) onError.accept(describe(what, e));
                }, done, e);
                return;
            }
            succeed(() -> {
                setInFlight(-1);
                if (shown(purpose, ticket)) apply.accept(result);
            }, done, result, onError, what);
        };
        try {
            background.execute(work);
        } catch (RejectedExecutionException e) {
            fail(() -> {
                setInFlight(-1);
                if (shown(purpose, ticket)) onError.accept(CLOSED);
            }, done, e);
        }
        return done;
    }

    /**
     * Starts a background job and follows it to its end, reading its status every
     * {@code pollMillis} as a short call of its own, so other calls (and a cancel) still get
     * through. On the ui thread {@code onStatus} shows every status read, then {@code onEnd} the
     * final one; {@code onError} gets the sentence when the start or a read fails. Not counted in
     * {@link #busyProperty()}: a job shows its own progress. Completes with the final status.
     */
    CompletableFuture<JobStatus> followJob(Supplier<JobStatus> start, Function<String, JobStatus> status, long pollMillis,
                                           Consumer<JobStatus> onStatus, Consumer<JobStatus> onEnd, Consumer<String> onError, String what) {
        return followJob(start, status, pollMillis, null, onStatus, onEnd, onError, what);
    }

    /**
     * Waiting for the store's writer instead of failing. A writing job's start refused with job_busy is made again once
     * what the engine named holds it off no more: another writing job (started here or elsewhere: the Jobs view, an agent)
     * has ended, or a change of the symbol's prices (a deletion, a new trading session) has answered. It waits for as long
     * as {@code wanted} holds (a newer request, another symbol or Stop waiting ends it), at most the calls' bound
     * ({@link #WRITER_WAIT_MOST}). On the ui executor {@code onWaiting} gets what it waits for ("waits for job … to end: …"),
     * each time it is read; {@code onOutwaited} gets "stopped waiting after 10 min for …" once the bound has passed.
     */
    record WriterWait(java.util.function.BooleanSupplier wanted, Consumer<String> onWaiting, Consumer<String> onOutwaited) {}

    /**
     * As above, a start refused while another writing job runs (or the symbol's prices change) waiting for it as
     * {@code wait} says (null: refused as any failure). Completes with null when the start was given up: {@code wait} no
     * longer wanted, or its bound passed.
     */
    CompletableFuture<JobStatus> followJob(Supplier<JobStatus> start, Function<String, JobStatus> status, long pollMillis, WriterWait wait,
                                           Consumer<JobStatus> onStatus, Consumer<JobStatus> onEnd, Consumer<String> onError, String what) {
        CompletableFuture<JobStatus> done = new CompletableFuture<>();
        new JobFollow(start, status, pollMillis, wait, onStatus, onEnd, onError, what, done).next(0);
        return done;
    }

    /**
     * "waits for job forecast_backtest-1a2b3c4d (IBM:theta:20) to end", the job's first subject named (and how many more):
     * what a start waiting for the store's writer says.
     */
    static String waitsFor(JobStatus other) {
        return "waits for " + job(other) + " to end: the store writes one job at a time";
    }

    /** "job forecast_backtest-1a2b3c4d (IBM:theta:20)": the job's first subject named (and how many more). */
    private static String job(JobStatus other) {
        List<String> subjects = other.subjects() == null ? List.of() : other.subjects();
        String on = subjects.isEmpty() ? "" : " (" + subjects.get(0) + (subjects.size() > 1 ? " and " + (subjects.size() - 1) + " more" : "") + ")";
        return "job " + other.id() + on;
    }

    /** "waits while the prices of IBM are being deleted (delete_prices): …": a start held off by a change of a symbol's prices. */
    static String waitsWhile(String change) {
        return "waits while " + change + ": no job on them starts until that has answered";
    }

    /** The writing job a start was refused for (job_busy naming it), null when it was refused for anything else. */
    static String busyWith(RuntimeException e) {
        SextantException se = busy(e);
        return se != null && se.details().get("active_job_id") instanceof String id ? id : null;
    }

    /**
     * "the prices of IBM are being deleted (delete_prices)": the change of a symbol's prices a start was refused for (job_busy
     * naming it, {@link Jobs#CHANGING_SYMBOL}), null when it was refused for anything else.
     */
    static String changeUnderWay(RuntimeException e) {
        SextantException se = busy(e);
        if (se == null || !(se.details().get(Jobs.CHANGING_SYMBOL) instanceof String symbol)) return null;
        SymbolChange change = se.details().get(Jobs.CHANGE) instanceof String tool ? SymbolChange.ofTool(tool) : null;
        return change == null ? null : "the prices of " + org.sextant.contract.ShownText.name(symbol) + " are " + change.underWay() + " (" + change.tool() + ")";
    }

    private static SextantException busy(RuntimeException e) {
        return e instanceof SextantException se && se.reason() == org.sextant.contract.FailReason.JOB_BUSY ? se : null;
    }

    /** "10 min", "2 s", "5 ms": a wait's bound as a person reads it. */
    static String span(java.time.Duration d) {
        if (d.toMinutes() > 0) return d.toMinutes() + " min";
        return d.toSeconds() > 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private final class JobFollow implements Runnable {
        private final Supplier<JobStatus> start;
        private final Function<String, JobStatus> status;
        private final long pollMillis;
        private final WriterWait wait;
        private final Consumer<JobStatus> onStatus;
        private final Consumer<JobStatus> onEnd;
        private final Consumer<String> onError;
        private final String what;
        private final CompletableFuture<JobStatus> done;
        private String id; // on the background executor only
        /** The other writing job the start waits for to end; on the background executor only. */
        private String blocker;
        /** When the start was first refused for the writer (System.nanoTime), 0 before; on the background executor only. */
        private long waitingSince;

        JobFollow(Supplier<JobStatus> start, Function<String, JobStatus> status, long pollMillis, WriterWait wait, Consumer<JobStatus> onStatus,
                  Consumer<JobStatus> onEnd, Consumer<String> onError, String what, CompletableFuture<JobStatus> done) {
            this.start = start;
            this.status = status;
            this.pollMillis = pollMillis;
            this.wait = wait;
            this.onStatus = onStatus;
            this.onEnd = onEnd;
            this.onError = onError;
            this.what = what;
            this.done = done;
        }

        @Override
        public void run() {
            if (closed.get()) {
                done.cancel(false);
                return;
            }
            if (id == null && wait != null && !wait.wanted().getAsBoolean()) {
                succeed(() -> { }, done, null, onError, what); // given up before it started: nothing to follow
                return;
            }
            if (blocker != null && waitedFor()) return;
            JobStatus s;
            try {
                s = id == null ? start.get() : status.apply(id);
            } catch (RuntimeException e) {
                if (id == null && wait != null && busyWith(e) != null) {
                    if (waitingSince == 0) waitingSince = System.nanoTime();
                    blocker = busyWith(e);
                    next(0);
                    return;
                }
                String change = id == null && wait != null ? changeUnderWay(e) : null;
                if (change != null) { // no job to follow: the start is made again after a pause, until the change has answered
                    if (waitingSince == 0) waitingSince = System.nanoTime();
                    if (!outwaited("while " + change)) waiting(waitsWhile(change));
                    return;
                }
                fail(() -> {
                    if (!closed.get()) onError.accept(describe(what, e));
                }, done, e);
                return;
            }
            id = s.id();
            if (s.state().active()) {
                onUi(() -> {
                    if (!closed.get()) onStatus.accept(s);
                });
                next(pollMillis);
            } else {
                succeed(() -> {
                    if (!closed.get()) {
                        onStatus.accept(s);
                        onEnd.accept(s);
                    }
                }, done, s, onError, what);
            }
        }

        /** Whether the job waited for still runs (shown, then read again later); once it ended the start is made again. */
        private boolean waitedFor() {
            JobStatus other;
            try {
                other = status.apply(blocker);
            } catch (RuntimeException unread) {
                blocker = null; // its record let go of (it ended long ago): the start again after a pause, never in a busy loop
                next(pollMillis);
                return true;
            }
            if (!other.state().active()) {
                blocker = null;
                return false;
            }
            if (!outwaited("for " + job(other) + " to end: it still runs (the Jobs view can cancel it)")) waiting(waitsFor(other));
            return true;
        }

        /** Says what the start waits for, and reads again after a pause. */
        private void waiting(String what) {
            String shown = what + " (at most " + span(writerWaitMost) + ")";
            onUi(() -> {
                if (!closed.get() && wait.wanted().getAsBoolean()) wait.onWaiting().accept(shown);
            });
            next(pollMillis);
        }

        /** Once the wait has lasted its bound, gives it up (nothing started), saying so: "stopped waiting after 10 min {@code held}". */
        private boolean outwaited(String held) {
            if (System.nanoTime() - waitingSince <= writerWaitMost.toNanos()) return false;
            succeed(() -> {
                if (!closed.get() && wait.wanted().getAsBoolean()) wait.onOutwaited().accept("stopped waiting after " + span(writerWaitMost) + " " + held);
            }, done, null, onError, what);
            return true;
        }

        void next(long delayMillis) {
            try {
                if (delayMillis == 0) background.execute(this);
                else timer().schedule(() -> next(0), delayMillis, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                done.cancel(false); // closed: nobody is left to follow the job for
            }
        }
    }

    /**
     * Asks {@code jobs} to stop job {@code id} (JobsViewModel's cancel), started for a request no longer wanted. A cancel that
     * fails leaves the job to end on its own: its answer is dropped either way, the Jobs view shows it.
     */
    void cancelJob(Jobs jobs, String id) {
        run(() -> jobs.cancel(id), s -> { }, message -> { }, "cancel the job " + id);
    }

    /** Posts {@code work} to the ui executor; once that is gone (the view closed) there is nobody to show it to. */
    void onUi(Runnable work) {
        try {
            ui.execute(work);
        } catch (RejectedExecutionException gone) {
            // a call that was running when the view closed; its answer has no one to go to
        }
    }

    /** Applies a failure on the ui executor, then fails {@code done} (also when the ui executor is gone). */
    private void fail(Runnable show, CompletableFuture<?> done, Throwable failure) {
        try {
            ui.execute(() -> {
                show.run();
                done.completeExceptionally(failure);
            });
        } catch (RejectedExecutionException gone) {
            done.completeExceptionally(failure);
        }
    }

    /** Applies a result on the ui executor, then completes {@code done}; a throwing {@code show} is reported as a failure. */
    private <T> void succeed(Runnable show, CompletableFuture<T> done, T result, Consumer<String> onError, String what) {
        try {
            ui.execute(() -> {
                try {
                    show.run();
                } catch (RuntimeException e) {
                    if (!closed.get()) onError.accept(describe(what, e));
                    done.completeExceptionally(e);
                    return;
                }
                done.complete(result);
            });
        } catch (RejectedExecutionException gone) {
            done.complete(result);
        }
    }

    private boolean shown(Latest purpose, long ticket) {
        return !closed.get() && (purpose == null || purpose.isNewest(ticket));
    }

    private void setInFlight(int delta) {
        inFlight += delta;
        busy.set(inFlight > 0);
    }

    private synchronized ScheduledExecutorService timer() {
        if (owned != null) return owned;
        if (closed.get()) throw new RejectedExecutionException("closed");
        if (timer == null) timer = daemon(threadName + "-timer");
        return timer;
    }

    private static ScheduledExecutorService daemon(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** One line a person can act on: what failed, why, and the fix when the engine gave one. */
    static String describe(String what, Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof SextantException se) {
            return "Could not " + what + ": " + se.getMessage() + (se.fix() == null ? "" : " (" + se.fix() + ")");
        }
        return "Could not " + what + ": " + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
    }

    /** True while calls are in flight. */
    ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    boolean isClosed() { return closed.get(); }

    /** Drops every answer from now on and stops the threads this owns (interrupting a running call). */
    @Override
    public synchronized void close() {
        if (!closed.compareAndSet(false, true)) return;
        if (owned != null) owned.shutdownNow();
        if (timer != null) timer.shutdownNow();
    }
}
