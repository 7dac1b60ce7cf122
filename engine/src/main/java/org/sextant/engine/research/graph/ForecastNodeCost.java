package org.sextant.engine.research.graph;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BacktestCost;

/**
 * What a graph's forecast nodes will cost before a synchronous backtest runs: each node fits its model
 * once per {@code every} bars after its first {@code window} closes, on {@code window} closes, for every
 * asset and every combination of its own parameters the constraints let run (the sweep computes each once), priced by the
 * model's cost class ({@link BacktestCost}). Over {@link BacktestCost#BUDGET_SHARE} of what is left of
 * the request's budget it is refused at once, where it computed for the whole budget and then timed out
 * (ETS at every: 1 on IBM and KO took 78 s). A background job has no such budget (only the jobs' time limit) and is never refused.
 */
public final class ForecastNodeCost {
    private ForecastNodeCost() {}

    /** The background job that runs the same request for as long as the jobs' time limit. */
    static final String JOB = "start_backtest (same arguments), which " + org.sextant.engine.jobs.Jobs.MAY_COMPUTE;

    /**
     * Estimated CPU seconds of one forecast node's {@code values} (its parameter value sets the
     * configurations use, {@link ComposedGraph#nodeValues}) over {@code assets} assets of {@code bars}
     * bars, {@code every} at least {@code minEvery}.
     */
    static double seconds(List<Map<String, Object>> values, int assets, int bars, int minEvery) {
        double s = 0;
        for (Map<String, Object> v : values) {
            int window = (int) v.get("window");
            if (window > bars) continue; // refused by the sweep's own checks
            int every = Math.max(minEvery, (int) v.get("every"));
            long fits = (bars - window) / every + 1L;
            s += BacktestCost.costClass((String) v.get("model")).seconds(fits, fits * window);
        }
        return s * assets;
    }

    /** The forecast nodes' estimate with every {@code every} raised to at least {@code minEvery}. */
    public static double seconds(ComposedGraph graph, int assets, int bars, int minEvery) {
        return seconds(forecastValues(graph), assets, bars, minEvery);
    }

    private static double seconds(Map<ComposedNode, List<Map<String, Object>>> nodes, int assets, int bars, int minEvery) {
        double s = 0;
        for (List<Map<String, Object>> values : nodes.values()) s += seconds(values, assets, bars, minEvery);
        return s;
    }

    /** Each forecast node's parameter value sets that run: a combination the constraints rule out is never fitted. */
    static Map<ComposedNode, List<Map<String, Object>>> forecastValues(ComposedGraph graph) {
        Map<ComposedNode, List<Map<String, Object>>> out = new LinkedHashMap<>();
        for (ComposedNode n : graph.nodes()) if (n.type().name().equals("forecast")) out.put(n, graph.nodeValues(n.id()));
        return out;
    }

    /** Under a request's budget, refuses (resource_limit) forecast nodes estimated past its share of what is left; without one, returns. */
    public static void refuseBeyondBudget(ComposedGraph graph, int assets, int bars) {
        if (graph.nodes().stream().noneMatch(n -> n.type().name().equals("forecast"))) return;
        double allowed = BacktestCost.allowedSeconds();
        if (allowed != Double.POSITIVE_INFINITY) refuseBeyond(allowed, graph, assets, bars);
    }

    static void refuseBeyond(double allowed, ComposedGraph graph, int assets, int bars) {
        Map<ComposedNode, List<Map<String, Object>>> nodes = forecastValues(graph);
        double estimate = seconds(nodes, assets, bars, 1);
        if (estimate <= allowed) return;
        ComposedNode worst = nodes.keySet().stream()
                .max(java.util.Comparator.comparingDouble(n -> seconds(nodes.get(n), assets, bars, 1))).orElseThrow();
        String fix = "run it as a background job with " + JOB;
        int every = smallestEvery(allowed, nodes, assets, bars);
        if (every > 0) fix = "set every to " + every + " or more (bars between fits), or " + fix;
        throw new SextantException(FailReason.RESOURCE_LIMIT, String.format(Locale.ROOT,
                "the forecast nodes would compute for about %.0f s (forecast node '%s': model %s, window %s, every %s, on %d assets of %d bars),"
                        + " more than the %.0f s this request may take of its budget; nothing was run",
                estimate, worst.id(), join(worst, "model"), join(worst, "window"), join(worst, "every"), assets, bars, allowed),
                "nodes." + worst.id() + ".params.every", fix);
    }

    /** The smallest every (for every forecast node) whose estimate fits, or 0 when even one fit per node does not. */
    public static int smallestEvery(double allowed, ComposedGraph graph, int assets, int bars) {
        return smallestEvery(allowed, forecastValues(graph), assets, bars);
    }

    private static int smallestEvery(double allowed, Map<ComposedNode, List<Map<String, Object>>> nodes, int assets, int bars) {
        if (seconds(nodes, assets, bars, bars) > allowed) return 0;
        int lo = 1, hi = bars; // seconds falls as every grows: the first that fits
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (seconds(nodes, assets, bars, mid) <= allowed) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    private static String join(ComposedNode n, String param) {
        List<Object> v = n.params().get(param);
        return v.size() == 1 ? String.valueOf(v.get(0)) : v.toString();
    }
}
