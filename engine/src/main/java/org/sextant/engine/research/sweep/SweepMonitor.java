package org.sextant.engine.research.sweep;

/** What a running sweep tells its caller (a job's progress bar) and asks it (whether to stop). */
public interface SweepMonitor {
    /** No progress wanted, never stopped. */
    SweepMonitor NONE = new SweepMonitor() {};

    /** {@code done} of {@code total} configurations measured; called from worker threads. */
    default void measured(int done, int total) {}

    /** True to stop the sweep at the next chunk of configurations (it then throws CancellationException). */
    default boolean stopRequested() { return false; }
}
