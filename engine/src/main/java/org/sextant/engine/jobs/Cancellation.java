package org.sextant.engine.jobs;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * The running job's cancel request as the long computations far below it see it: a model's
 * optimiser, a walk-forward's origins. Passing the job's context through every forecaster and
 * optimiser signature would reach dozens of methods that otherwise know nothing of jobs; the
 * request is instead bound to the job's thread while its work runs ({@link Jobs} does this), and
 * {@link #check} is a no-op on any other thread (a read, a scale-out task).
 */
public final class Cancellation {
    private static final ThreadLocal<BooleanSupplier> REQUESTED = new ThreadLocal<>();

    private Cancellation() {}

    /** Runs {@code work} with {@code requested} as this thread's cancel request, restoring the previous one afterwards. */
    public static <T> T watching(BooleanSupplier requested, JobWork.Body<T> work) throws Exception {
        BooleanSupplier before = REQUESTED.get();
        REQUESTED.set(requested);
        try {
            return work.run();
        } finally {
            if (before == null) REQUESTED.remove();
            else REQUESTED.set(before);
        }
    }

    /**
     * Throws {@link CancellationException} when this thread's job was asked to stop. Cheap (a
     * thread-local read and the job's flag): optimisers call it once per iteration.
     */
    public static void check() {
        BooleanSupplier r = REQUESTED.get();
        if (r != null && r.getAsBoolean()) throw new CancellationException("cancelled during a model fit");
    }
}
