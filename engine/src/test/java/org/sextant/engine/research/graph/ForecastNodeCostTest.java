package org.sextant.engine.research.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.Universe;

/** The forecast nodes' estimate counts the parameter combinations the sweep runs: those its constraints keep, no more. */
class ForecastNodeCostTest {
    // every 20 and 200 under windows 60 and 120; "fc.every > fc.window" keeps every 200 only (2 of 4 fits per threshold)
    private static final String SPEC = """
            {"version": 1, "nodes": {
              "fc": {"type": "forecast", "params": {"model": "theta", "horizon": 5, "window": [60, 120], "every": %s}},
              "long": {"type": "forecast_above", "inputs": {"forecast": "fc"}, "params": {"threshold": [0, 0.01]}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}}}%s}
            """;
    private static final String CONSTRAINED = SPEC.formatted("[20, 200]", ", \"constraints\": [\"fc.every > fc.window\"]");

    @Test
    void theEstimateCountsExactlyTheForecastCombinationsTheSweepRuns() {
        ComposedGraph graph = GraphComposer.compose(CONSTRAINED).requireOk();
        Universe u = ResearchData.dowJones(2, 600);
        GraphSweep sweep = new GraphSweep(graph, u);
        Sweep.run(sweep, 400, 1, false, 252);
        long fitted = sweep.cachedKeys().stream().filter(k -> k.startsWith("fc{")).count();
        assertEquals(2, fitted, sweep.cachedKeys().toString());
        assertEquals(fitted, ForecastNodeCost.forecastValues(graph).get(graph.node("fc")).size());
        // priced as the spec that lists only the every that runs
        ComposedGraph runsOnly = GraphComposer.compose(SPEC.formatted("200", "")).requireOk();
        assertEquals(ForecastNodeCost.seconds(runsOnly, 2, 600, 1), ForecastNodeCost.seconds(graph, 2, 600, 1), 1e-12);
    }

    @Test
    void aSweepWhoseConstraintsBringItUnderTheBudgetIsAccepted() {
        ComposedGraph constrained = GraphComposer.compose(CONSTRAINED).requireOk();
        ComposedGraph all = GraphComposer.compose(SPEC.formatted("[20, 200]", "")).requireOk();
        // room for what runs (every 200) and half as much again: not for every 20 too
        double allowed = 1.5 * ForecastNodeCost.seconds(GraphComposer.compose(SPEC.formatted("200", "")).requireOk(), 2, 600, 1);
        ForecastNodeCost.refuseBeyond(allowed, constrained, 2, 600);
        SextantException e = assertThrows(SextantException.class, () -> ForecastNodeCost.refuseBeyond(allowed, all, 2, 600));
        assertEquals("nodes.fc.params.every", e.field());
    }
}
