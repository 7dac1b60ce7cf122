package org.sextant.engine.research.sweep;

import java.util.Locale;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BacktestCost;

/**
 * What a sweep will cost before a synchronous backtest runs it: each configuration is one pass over every asset's
 * bars, then PBO ranks it in each of the C(16, 8) = 12,870 CSCV splits, then it is stored. Each part is priced at
 * what a quiet core does or faster, so only a sweep that cannot end within the request's budget is refused, at once: 499,500 SMA crossovers computed for the whole 40 s and timed out, nothing stored (attack
 * pass 11). What the estimate misses, the budget still stops. A background job has no such budget and is never refused.
 */
public final class SweepCost {
    /** Bar-configurations one core measures a second (docs/benchmarks.md, Research: 513 M on a quiet core). */
    static final double CELLS_PER_CORE_SECOND = 5.0e8;
    /**
     * Configurations one core ranks in one CSCV split a second: 36-57 M measured (CPU time, 7,140 and 50,000
     * configurations, 2 cores at load 16; docs/benchmarks.md, "Sweep pricing"), taken as about twice that for a quiet core.
     */
    static final double SPLIT_RANKS_PER_CORE_SECOND = 1.0e8;
    /** Configurations (their in- and out-of-sample rows) stored a second, at best. */
    static final double STORED_PER_SECOND = 1.0e6;
    /** CSCV splits PBO evaluates: C(16, 8). */
    static final int SPLITS = 12_870;

    private SweepCost() {}

    /** Estimated seconds, at least, of {@code configurations} over {@code assets} assets of {@code bars} bars on {@code threads} threads. */
    public static double seconds(long configurations, int assets, int bars, int threads) {
        int cores = Runtime.getRuntime().availableProcessors();
        return measuring(configurations, assets, bars, Math.max(1, Math.min(threads, cores))) + statistics(configurations, cores) + storing(configurations);
    }

    static double measuring(long configurations, int assets, int bars, int cores) {
        return (double) configurations * assets * bars / (CELLS_PER_CORE_SECOND * cores);
    }

    public static double statistics(long configurations, int cores) {
        return configurations < 2 ? 0 : (double) configurations * SPLITS / (SPLIT_RANKS_PER_CORE_SECOND * cores);
    }

    static double storing(long configurations) {
        return configurations / STORED_PER_SECOND;
    }

    /** Under a request's budget, refuses (invalid_input on spec) a sweep estimated past its share of what is left; without one, returns. */
    public static void refuseBeyondBudget(long configurations, int assets, int bars, int threads) {
        double allowed = BacktestCost.allowedSeconds();
        if (allowed != Double.POSITIVE_INFINITY) refuseBeyond(allowed, configurations, assets, bars, threads);
    }

    static void refuseBeyond(double allowed, long configurations, int assets, int bars, int threads) {
        double estimate = seconds(configurations, assets, bars, threads);
        if (estimate <= allowed) return;
        int cores = Runtime.getRuntime().availableProcessors();
        throw SextantException.invalid("spec", String.format(Locale.ROOT,
                "the sweep of %,d configurations on %d asset%s of %,d bars would compute for at least about %.0f s (measuring them %.0f s,"
                        + " the overfitting statistics %.0f s, storing them %.0f s), more than the %.0f s this request may take of its budget; nothing was run",
                configurations, assets, assets == 1 ? "" : "s", bars, estimate, measuring(configurations, assets, bars, Math.max(1, Math.min(threads, cores))),
                statistics(configurations, cores), storing(configurations), allowed),
                "use start_backtest (same arguments), which runs as a background job and " + org.sextant.engine.jobs.Jobs.MAY_COMPUTE
                        + ", or narrow the spec's parameter ranges to at most about "
                        + String.format(Locale.ROOT, "%,d", mostConfigurations(allowed, assets, bars, threads)) + " configurations");
    }

    /** The most configurations whose estimate fits in {@code allowed} seconds (the estimate grows with them). */
    public static long mostConfigurations(double allowed, int assets, int bars, int threads) {
        return org.sextant.engine.LargestFitting.in(0, 1L << 40, n -> seconds(n, assets, bars, threads) <= allowed);
    }
}
