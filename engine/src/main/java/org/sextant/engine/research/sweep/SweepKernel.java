package org.sextant.engine.research.sweep;

import java.util.Map;

/**
 * A family of configurations that a sweep runs, with its indicators computed once per parameter
 * value. Implementations must be safe to call from several threads at once for different
 * configurations (they only read their precomputed arrays).
 */
public interface SweepKernel {
    int configurations();

    /** Parameter values of configuration k, for reports. */
    Map<String, Object> parameters(int k);

    Universe universe();

    /**
     * Adds configuration k's portfolio return, gross exposure and position traded for every bar
     * into the given arrays (zeroed by the caller, one slot per bar), and says where its equity
     * was ruined and by what (null when it never was), so no caller runs it again to find out.
     */
    org.sextant.engine.research.backtest.Ruined run(int k, double[] returns, double[] exposure, double[] traded);

    /**
     * Runs configurations [from, to) into rows 0..to-from-1 of the buffers (zeroed by the caller).
     * A kernel may override it to share loads between configurations that read the same arrays.
     */
    default void runBatch(int from, int to, double[][] returns, double[][] exposure, double[][] traded) {
        for (int k = from; k < to; k++) run(k, returns[k - from], exposure[k - from], traded[k - from]);
    }

    /**
     * The run's buy-and-hold benchmark beside configuration k: every asset at 1/K throughout, filled
     * and charged as configuration k fills and charges its own trades.
     */
    org.sextant.engine.research.backtest.Holding holding(int k);

    /** Position held over each bar per asset, for the placebo control. */
    double[][] heldPositions(int k);

    /** Warnings about what the run could not compute (e.g. a source node without data on some dates), saved with the run; none by default. */
    default java.util.List<String> warnings() { return java.util.List.of(); }
}
