package org.sextant.engine.research.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.backtest.Holding;
import org.sextant.engine.research.backtest.Ruined;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;

/**
 * The verdict's ruin is the one the kernel reported while it ran the chosen configuration
 * ({@link SweepKernel#run}), not one looked for again in its returns: one source of truth for the
 * day a run is called ruined, whatever the kernel counts as ruin.
 */
class KernelRuinTest {
    private static final int SPLIT = SessionDeflationTest.SPLIT;

    @Test
    void theVerdictIsDatedByTheRuinTheKernelReported() {
        Universe u = SessionDeflationTest.randomWalk(SessionDeflationTest.SEED);
        GraphSweep graph = new GraphSweep(GraphComposer.compose(SessionDeflationTest.smaSpec("3", "10", "1")).requireOk(), u);
        SweepResult sweep = Sweep.run(graph, SPLIT, 1, false, 252);
        HonestyReport whole = HonestyReport.of(sweep, new ResearchSession("whole"), 252, 1);
        assertNotEquals("ruined", whole.verdict().label(), "at 1x a 1% walk never loses everything");

        // the same returns, the kernel saying its equity was gone on bar 700 (in sample): the verdict says so, dated by it
        int bar = 700;
        SweepResult told = Sweep.run(new ReportsRuin(graph, bar), SPLIT, 1, false, 252);
        HonestyReport ruined = HonestyReport.of(told, new ResearchSession("told"), 252, 1);
        assertEquals("ruined", ruined.verdict().label(), ruined.verdict().headline());
        assertTrue(ruined.verdict().headline().startsWith("ruined on " + u.dates().get(bar) + " (in sample)"), ruined.verdict().headline());
        // and the in-sample statistics stop there: fewer returns, another PSR than the whole period's
        assertNotEquals(whole.psr(), ruined.psr(), "the PSR is taken up to the kernel's ruin");
    }

    /** A kernel that runs another but reports ruin on a given bar: what HonestyReport must take its ruin from. */
    private record ReportsRuin(SweepKernel inner, int bar) implements SweepKernel {
        @Override public int configurations() { return inner.configurations(); }
        @Override public Map<String, Object> parameters(int k) { return inner.parameters(k); }
        @Override public Universe universe() { return inner.universe(); }
        @Override public Holding holding(int k) { return inner.holding(k); }
        @Override public double[][] heldPositions(int k) { return inner.heldPositions(k); }

        @Override
        public Ruined run(int k, double[] returns, double[] exposure, double[] traded) {
            inner.run(k, returns, exposure, traded);
            return new Ruined(bar, Ruined.Cause.PRICES, 0);
        }
    }
}
