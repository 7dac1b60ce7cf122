package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * The synchronous backtest is bounded like a read (attack pass 5: an ETS forecast node refitted
 * every bar on IBM and KO took 78 s in one call, could not be cancelled and stored its run after
 * its client had gone): past the budget it stops with timeout naming start_backtest, and stores
 * and counts nothing; forecast nodes and sweeps estimated past half the budget are refused before anything runs.
 */
class BacktestBudgetTest {
    @TempSextant private Sextant engine;

    // an ETS fit at every bar of 1991-2001 on two symbols: thousands of fits, far more than a second
    private static final String SLOW = "{\"session_id\":\"slow\",\"symbols\":[\"IBM\",\"KO\"],\"threads\":%d,\"spec\":{\"version\":1,\"name\":\"slow\",\"nodes\":{"
            + "\"fc\":{\"type\":\"forecast\",\"params\":{\"model\":\"ets\",\"every\":1,\"window\":250}},"
            + "\"long\":{\"type\":\"forecast_above\",\"inputs\":{\"forecast\":\"fc\"}},"
            + "\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"long\"}},"
            + "\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
            + "\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}}}}";

    // about 240,000 SMA crossovers on IBM and KO: no forecast node to estimate, seconds of sweeping
    private static final String WIDE = "{\"session_id\":\"slow\",\"symbols\":[\"IBM\",\"KO\"],\"threads\":%d,\"spec\":{\"version\":1,\"name\":\"wide\",\"nodes\":{"
            + "\"close\":{\"type\":\"price\",\"params\":{\"field\":\"close\"}},"
            + "\"fast\":{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":{\"from\":2,\"to\":400,\"step\":1}}},"
            + "\"slow\":{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":{\"from\":3,\"to\":800,\"step\":1}}},"
            + "\"cross\":{\"type\":\"crossover\",\"inputs\":{\"fast\":\"fast\",\"slow\":\"slow\"}},"
            + "\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"cross\"}},"
            + "\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
            + "\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}},\"constraints\":[\"fast.length < slow.length\"]}}";

    @Test
    void aForecastNodePastHalfTheBudgetIsRefusedAtOnceNamingEvery() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(40), 2, ApiRoutes.TURN_WAIT);
        SextantException e = assertThrows(SextantException.class, () -> call(routes, "backtest", SLOW.formatted(2)));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("nodes.fc.params.every", e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith("the forecast nodes would compute for about ") && e.getMessage().contains("(forecast node 'fc': model ets, window 250, every 1, on 2 assets of ")
                && e.getMessage().endsWith(" s this request may take of its budget; nothing was run"), e.getMessage());
        // half of what is left of the 40 s budget when the check ran: 20 s on a quiet machine, a little less on a loaded one
        double allowed = statedAllowance(e.getMessage());
        java.util.regex.Matcher every = java.util.regex.Pattern.compile("^set every to (\\d+) or more \\(bars between fits\\), or run it as a background job with start_backtest").matcher(e.fix());
        assertTrue(every.find(), e.fix());
        assertTrue(engine.listRuns(null, 5).isEmpty(), "no run stored");
        assertEquals(0, engine.getSessionRegistry("slow").runs(), "nor counted in the session");
        // the every it names is the first that fits: one less does not
        var graph = org.sextant.engine.research.graph.GraphComposer.compose(Json.MAPPER.readTree(SLOW.formatted(2)).get("spec").toString()).requireOk();
        java.util.regex.Matcher bars = java.util.regex.Pattern.compile("on 2 assets of (\\d+) bars").matcher(e.getMessage());
        assertTrue(bars.find(), e.getMessage());
        int n = Integer.parseInt(every.group(1));
        assertTrue(n > 1 && n < Integer.parseInt(bars.group(1)), e.fix());
        // (the allowance is stated rounded to the second: the every named fits it, one less does not, within that rounding)
        assertTrue(org.sextant.engine.research.graph.ForecastNodeCost.seconds(graph, 2, Integer.parseInt(bars.group(1)), n) <= allowed + 0.5);
        assertTrue(org.sextant.engine.research.graph.ForecastNodeCost.seconds(graph, 2, Integer.parseInt(bars.group(1)), n - 1) > allowed - 0.5);
        // without a budget (start_backtest, the GUI) nothing is refused
        org.sextant.engine.research.graph.ForecastNodeCost.refuseBeyondBudget(graph, 2, Integer.parseInt(bars.group(1)));
    }

    @Test
    void aForecastSweepWhoseConstraintsLeaveItWithinTheBudgetRuns() {
        // every 1 alone is refused above; "fc.every > fc.window" leaves every 260 only, a few fits (counted as every 1 before, and refused)
        String constrained = SLOW.replace("\"every\":1", "\"every\":[1,260]").replace("}}}}}", "}}},\"constraints\":[\"fc.every > fc.window\"]}}");
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(40), 2, ApiRoutes.TURN_WAIT);
        call(routes, "backtest", constrained.formatted(2));
        assertEquals(1, engine.listRuns(null, 5).size(), "the run was stored");
        assertEquals(1, engine.listRuns(null, 5).get(0).configurations(), "every 1 never ran");
    }

    // 499,500 SMA crossovers on AA (fast 1..1000 below slow 1..1000): attack pass 11's synchronous backtest, 40 s then a timeout
    private static final String HALF_MILLION = WIDE.replace("[\"IBM\",\"KO\"]", "[\"AA\"]")
            .replace("{\"from\":2,\"to\":400,\"step\":1}", "{\"from\":1,\"to\":1000,\"step\":1}")
            .replace("{\"from\":3,\"to\":800,\"step\":1}", "{\"from\":1,\"to\":1000,\"step\":1}");

    @Test
    void aSweepPricedPastHalfTheBudgetIsRefusedAtOnceNamingStartBacktest() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(40), 2, ApiRoutes.TURN_WAIT);
        SextantException e = assertThrows(SextantException.class, () -> call(routes, "backtest", HALF_MILLION.formatted(2)));
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals("spec", e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith("the sweep of 499,500 configurations on 1 asset of ")
                && e.getMessage().matches(".* more than the \\d+ s this request may take of its budget; nothing was run"), e.getMessage());
        java.util.regex.Matcher most = java.util.regex.Pattern.compile("^use start_backtest \\(same arguments\\), which runs as a background job and may compute for 120 min"
                + " \\(time_limit_minutes up to 1440\\), or narrow the spec's parameter ranges to at most about ([0-9,]+) configurations$").matcher(e.fix());
        assertTrue(most.find(), e.fix());
        assertTrue(engine.listRuns(null, 5).isEmpty(), "no run stored");
        assertEquals(0, engine.getSessionRegistry("slow").runs(), "nor counted in the session");
        // the count it names is the most that fits: one more does not
        java.util.regex.Matcher bars = java.util.regex.Pattern.compile("on 1 asset of ([0-9,]+) bars").matcher(e.getMessage());
        assertTrue(bars.find(), e.getMessage());
        int n = Integer.parseInt(most.group(1).replace(",", "")), b = Integer.parseInt(bars.group(1).replace(",", ""));
        assertTrue(n > 44_850 && n < 499_500, "a sweep that runs today fits: " + e.fix());
        double allowed = statedAllowance(e.getMessage());
        assertEquals(n, org.sextant.engine.research.sweep.SweepCost.mostConfigurations(allowed, 1, b, 2) , 0.1 * n, "about the most whose estimate fits");
        assertTrue(org.sextant.engine.research.sweep.SweepCost.seconds(n, 1, b, 2) <= allowed + 0.5);
        // the same sweep as a background job has no request budget: not refused (it is not run here, only priced)
        org.sextant.engine.research.sweep.SweepCost.refuseBeyondBudget(499_500, 1, b, 2);
    }

    @Test
    void aSweepPastTheBudgetStopsWithTimeoutOnEveryWorkerThread() {
        // 7,140 crossovers on IBM and KO: tens of milliseconds at the fastest, against a budget of 1 ms
        String spec = Json.MAPPER.readTree(WIDE.formatted(1)).get("spec").toString().replace("\"to\":400", "\"to\":120").replace("\"to\":800", "\"to\":121");
        var graph = org.sextant.engine.research.graph.GraphComposer.compose(spec).requireOk();
        assertEquals(7_140, graph.configurations());
        var universe = new org.sextant.engine.research.store.ResearchStore(engine.store()).universe(java.util.List.of("IBM", "KO"), null, null);
        var kernel = new org.sextant.engine.research.graph.GraphSweep(graph, universe);
        for (int threads : new int[] {1, 2}) { // the sweep's worker threads see the budget too: what the price misses, it stops
            SextantException e = assertThrows(SextantException.class, () -> org.sextant.engine.jobs.Cancellation.within(Duration.ofMillis(1), "backtest",
                    ApiRoutes.BACKTEST_FIX, () -> org.sextant.engine.research.sweep.Sweep.run(kernel, universe.bars() / 2, threads, false, 252)));
            assertEquals("timeout", e.failReason(), e.getMessage());
            assertTrue(e.getMessage().startsWith("backtest computed for its whole budget of 0 s"), e.getMessage());
            assertTrue(e.fix().startsWith("nothing was stored; run it as a background job with start_backtest"), e.fix());
        }
    }

    @Test
    void aBacktestWhoseCallerWentAwayStopsAndStoresNothing() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(600), 2, ApiRoutes.TURN_WAIT);
        assertThrows(java.util.concurrent.CancellationException.class,
                () -> routes.dispatch(new ApiCall("backtest", Json.MAPPER.readTree(WIDE.formatted(2))), () -> true));
        assertTrue(engine.listRuns(null, 5).isEmpty(), "no run stored");
    }

    /** The seconds a refusal says the request may still take: half of what was left of its 40 s budget (at most 20). */
    private static double statedAllowance(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("more than the (\\d+) s this request may take").matcher(message);
        assertTrue(m.find(), message);
        double allowed = Double.parseDouble(m.group(1));
        assertTrue(allowed >= 10 && allowed <= 20, "half of what is left of a 40 s budget: " + message);
        return allowed;
    }

    private static Object call(ApiRoutes routes, String method, String args) {
        return routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(args)));
    }
}
