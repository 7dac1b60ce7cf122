package org.sextant.engine.research.graph;

import java.util.List;
import java.util.Locale;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BacktestCost;

/**
 * What a graph's forecast nodes will cost before a synchronous backtest runs: each node fits its model
 * once per {@code every} bars after its first {@code window} closes, on {@code window} closes, for every
 * asset and every combination of its own parameters (the sweep computes each once), priced by the
 * model's cost class ({@link BacktestCost}). Over {@link BacktestCost#BUDGET_SHARE} of what is left of
 * the request's budget it is refused at once, where it computed for the whole budget and then timed out
 * (ETS at every: 1 on IBM and KO took 78 s). A background job has no budget and is never refused.
 */
public final class ForecastNodeCost {
    private ForecastNodeCost() {}

    /** The background job that runs the same request without a time limit. */
    static final String JOB = "start_backtest (same arguments), which has no time limit";

    /** Estimated CPU seconds of one forecast node over {@code assets} assets of {@code bars} bars, {@code every} at least {@code minEvery}. */
    static double seconds(ComposedNode n, int assets, int bars, int minEvery) {
        long others = 1; // horizon, measure, level: each value fits the model again
        for (var e : n.params().entrySet()) {
            if (!List.of("model", "window", "every").contains(e.getKey())) others *= Math.max(1, e.getValue().size());
        }
        double s = 0;
        for (Object m : n.params().get("model")) {
            BacktestCost.CostClass c = BacktestCost.costClass((String) m);
            for (Object w : n.params().get("window")) {
                int window = (int) w;
                if (window > bars) continue; // refused by the sweep's own checks
                for (Object e : n.params().get("every")) {
                    int every = Math.max(minEvery, (int) e);
                    long fits = (bars - window) / every + 1L;
                    s += c.seconds(fits, fits * window);
                }
            }
        }
        return s * others * assets;
    }

    /** The forecast nodes' estimate with every {@code every} raised to at least {@code minEvery}. */
    public static double seconds(ComposedGraph graph, int assets, int bars, int minEvery) {
        double s = 0;
        for (ComposedNode n : graph.nodes()) if (n.type().name().equals("forecast")) s += seconds(n, assets, bars, minEvery);
        return s;
    }

    /** Under a request's budget, refuses (resource_limit) forecast nodes estimated past its share of what is left; without one, returns. */
    public static void refuseBeyondBudget(ComposedGraph graph, int assets, int bars) {
        long left = org.sextant.engine.jobs.Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE || graph.nodes().stream().noneMatch(n -> n.type().name().equals("forecast"))) return;
        org.sextant.engine.jobs.Cancellation.check(); // a budget already spent is a timeout, not an estimate
        refuseBeyond(BacktestCost.BUDGET_SHARE * left / 1e9, graph, assets, bars);
    }

    static void refuseBeyond(double allowed, ComposedGraph graph, int assets, int bars) {
        double estimate = seconds(graph, assets, bars, 1);
        if (estimate <= allowed) return;
        ComposedNode worst = graph.nodes().stream().filter(n -> n.type().name().equals("forecast"))
                .max(java.util.Comparator.comparingDouble(n -> seconds(n, assets, bars, 1))).orElseThrow();
        String fix = "run it as a background job with " + JOB;
        int every = smallestEvery(allowed, graph, assets, bars);
        if (every > 0) fix = "set every to " + every + " or more (bars between fits), or " + fix;
        throw new SextantException(FailReason.RESOURCE_LIMIT, String.format(Locale.ROOT,
                "the forecast nodes would compute for about %.0f s (forecast node '%s': model %s, window %s, every %s, on %d assets of %d bars),"
                        + " more than the %.0f s this request may take of its budget; nothing was run",
                estimate, worst.id(), join(worst, "model"), join(worst, "window"), join(worst, "every"), assets, bars, allowed),
                "nodes." + worst.id() + ".params.every", fix);
    }

    /** The smallest every (for every forecast node) whose estimate fits, or 0 when even one fit per node does not. */
    public static int smallestEvery(double allowed, ComposedGraph graph, int assets, int bars) {
        if (seconds(graph, assets, bars, bars) > allowed) return 0;
        int lo = 1, hi = bars; // seconds falls as every grows: the first that fits
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (seconds(graph, assets, bars, mid) <= allowed) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    private static String join(ComposedNode n, String param) {
        List<Object> v = n.params().get(param);
        return v.size() == 1 ? String.valueOf(v.get(0)) : v.toString();
    }
}
