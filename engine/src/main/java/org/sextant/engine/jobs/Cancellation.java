package org.sextant.engine.jobs;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;

/**
 * The running job's cancel request as the long computations far below it see it: a model's
 * optimiser, a walk-forward's origins. Passing the job's context through every forecaster and
 * optimiser signature would reach dozens of methods that otherwise know nothing of jobs; the
 * request is instead bound to the job's thread while its work runs ({@link Jobs} does this), and
 * {@link #check} is a no-op on any other thread (a scale-out task). A read of the local API is
 * bound the same way to its time budget ({@link #within}): nobody waits for its answer past it,
 * so it stops there instead of holding a core; and to its caller, who may go away before it ends
 * ({@link #unlessAbandoned}).
 */
public final class Cancellation {
    private static final ThreadLocal<BooleanSupplier> REQUESTED = new ThreadLocal<>();
    private static final ThreadLocal<Deadline> DEADLINE = new ThreadLocal<>();

    /** A request's budget: {@code what} may compute until {@code nanos} (System.nanoTime). */
    private record Deadline(long nanos, Duration budget, String what, String fix) {}

    private Cancellation() {}

    /** Runs {@code work} with {@code requested} as this thread's cancel request, restoring the previous one afterwards. */
    public static <T> T watching(BooleanSupplier requested, JobWork.Body<T> work) throws Exception {
        BooleanSupplier before = REQUESTED.get();
        REQUESTED.set(requested);
        try {
            return work.run();
        } finally {
            restore(before);
        }
    }

    /**
     * Runs a request's {@code work} while {@code abandoned} tells whether its caller went away
     * (the local API's client closed its connection): nobody awaits the answer then, so the next
     * {@link #check} stops the work as a job's cancel does. A cancel request already bound to this
     * thread still counts.
     */
    public static <T> T unlessAbandoned(BooleanSupplier abandoned, Supplier<T> work) {
        BooleanSupplier before = REQUESTED.get();
        REQUESTED.set(before == null ? abandoned : () -> before.getAsBoolean() || abandoned.getAsBoolean());
        try {
            return work.get();
        } finally {
            restore(before);
        }
    }

    private static void restore(BooleanSupplier before) {
        if (before == null) REQUESTED.remove();
        else REQUESTED.set(before);
    }

    /** This thread's cancel request, to be polled from another thread while this one waits in a call it cannot check from (null: none). */
    public static BooleanSupplier request() {
        return REQUESTED.get();
    }

    /** Whether this thread's job was asked to stop or its request's caller went away: for a wait that polls instead of calling {@link #check}. */
    public static boolean stopRequested() {
        BooleanSupplier r = REQUESTED.get();
        return r != null && r.getAsBoolean();
    }

    /**
     * Runs {@code work} with at most {@code budget} of computing from now: past it, the next
     * {@link #check} stops the work, and this call throws {@code timeout} naming {@code what},
     * with {@code fix}. A budget already running on this thread (a nested call) is kept when it
     * ends sooner.
     */
    public static <T> T within(Duration budget, String what, String fix, Supplier<T> work) {
        Deadline before = DEADLINE.get();
        long end = System.nanoTime() + budget.toNanos();
        Deadline mine = before == null || end - before.nanos() < 0 ? new Deadline(end, budget, what, fix) : before;
        DEADLINE.set(mine);
        try {
            return work.get();
        } catch (BudgetSpent spent) {
            if (spent.deadline != mine || mine == before) throw spent; // an outer budget's: its own call answers it
            throw new SextantException(FailReason.TIMEOUT, what + " computed for its whole budget of " + budget.toSeconds()
                    + " s and was stopped", null, fix);
        } finally {
            if (before == null) DEADLINE.remove();
            else DEADLINE.set(before);
        }
    }

    /**
     * {@code work} bound, on whatever thread runs it, to this thread's cancel request and budget:
     * a sweep's worker threads stop with the job's cancel or the request's budget as its own thread would.
     */
    public static Runnable inheriting(Runnable work) {
        BooleanSupplier requested = REQUESTED.get();
        Deadline deadline = DEADLINE.get();
        return () -> {
            BooleanSupplier before = REQUESTED.get();
            Deadline beforeDeadline = DEADLINE.get();
            if (requested != null) REQUESTED.set(requested);
            if (deadline != null) DEADLINE.set(deadline);
            try {
                work.run();
            } finally {
                restore(before);
                if (beforeDeadline == null) DEADLINE.remove();
                else DEADLINE.set(beforeDeadline);
            }
        };
    }

    /** Nanoseconds left of this thread's budget (Long.MAX_VALUE without one). */
    public static long nanosLeft() {
        Deadline d = DEADLINE.get();
        return d == null ? Long.MAX_VALUE : d.nanos() - System.nanoTime();
    }

    /**
     * Throws {@link CancellationException} when this thread's job was asked to stop or its
     * request's budget is spent (a {@link BudgetSpent}, which {@link #within} answers as
     * {@code timeout}): a cancellation, so the code that lets a job's cancel through (and a
     * per-item catch of SextantException does not swallow it) lets the budget through too.
     * Cheap (thread-local reads and the job's flag): optimisers call it once per iteration,
     * walk-forwards once per origin.
     */
    public static void check() {
        BooleanSupplier r = REQUESTED.get();
        if (r != null && r.getAsBoolean()) throw new CancellationException("cancelled during a model fit");
        Deadline d = DEADLINE.get();
        if (d != null && System.nanoTime() - d.nanos() >= 0) throw new BudgetSpent(d);
    }

    /**
     * A cancel that stopped a job of several commits after some of them: what was written stays
     * and the job's message says so ({@code what}: "the forecasts of AA, IBM").
     */
    public static final class AfterStoring extends CancellationException {
        private final String what;

        public AfterStoring(String what) {
            super("cancelled after " + what + " had been written (that stays); the rest was not done");
            this.what = what;
        }

        /** What had been written when the job stopped. */
        public String what() { return what; }
    }

    /** A request's budget is spent; {@link #within} turns it into the request's timeout. */
    static final class BudgetSpent extends CancellationException {
        private final transient Deadline deadline;

        BudgetSpent(Deadline deadline) {
            super(deadline.what() + " ran past its budget");
            this.deadline = deadline;
        }
    }
}
