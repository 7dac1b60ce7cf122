package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepReplay;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 25 M3: every row whose blocks repeat another's under other parameters was measured again whatever the budget,
 * so an honest grid that never trades was measured again whole on import (a cluster's sweep redone on the desktop). Now
 * 3 rows of each of the largest groups are measured always and the other groups within the budget; what it leaves is said.
 */
class SweepReplayBudgetTest {
    private static final SweepReplay.Refusal REFUSE = (k, c, why) -> SextantException.invalid("output", k + " " + c + " " + why, "x");

    @Test
    void aGridThatNeverTradesIsSampledNotMeasuredAgainWhole(@TempSextant Store store) throws Exception {
        // RSI lengths 14..61 never fall below 1..3 on these stocks: 48 x 3 x 2 = 288 configurations, none trades
        SweepResult all = swept(store, SweepJobRecordTest.SPEC.replace("[2, 3, 5, 9, 14]", "[" + lengths(14, 61) + "]")
                .replace("\"enter_below\": [20, 30]", "\"enter_below\": [1, 2, 3]"));
        assertEquals(288, all.configurations());
        SweepReplay.Measured m = new SweepReplay(0, 0, 0, new SplittableRandom(1)).check(all, 252, REFUSE);
        assertEquals(1, m.repeatGroups());
        assertTrue(m.configurations() <= 4 * Sweep.CHUNK, m.toString()); // the best's batch and 3 drawn rows' batches, not 288
        assertNull(m.unmeasured(0));
        SweepReplay standard = SweepReplay.standard(); // what the import says of those rows bounds what it measured whatever the budget
        SweepReplay.Measured first = new SweepReplay(0, standard.extremes(), standard.random(), new SplittableRandom(1)).check(all, 252, REFUSE);
        assertTrue(first.configurations() <= standard.alwaysBatches() * Sweep.CHUNK, first.toString());
        assertTrue(standard.measuredWhateverTheBudget().contains("(at most 49 batches of 16 configurations)"), standard.measuredWhateverTheBudget());
    }

    @Test
    void groupsPastTheBudgetAreSaidNotMeasured(@TempSextant Store store) throws Exception {
        // exits above 97..99 never reached by long RSIs: each length and entry repeats its returns over the 3 exits
        SweepResult all = swept(store, SweepJobRecordTest.SPEC.replace("[2, 3, 5, 9, 14]", "[" + lengths(14, 33) + "]")
                .replace("\"exit_above\": [60, 80]", "\"exit_above\": [97, 98, 99]"));
        SweepReplay.Measured m = new SweepReplay(0, 0, 0, new SplittableRandom(1)).check(all, 252, REFUSE);
        assertTrue(m.repeatGroups() > 4, m.toString());
        assertEquals(m.repeatGroups() - 4, m.unmeasuredGroups(), m.toString());
        assertTrue(m.configurations() < all.configurations(), m.toString());
        assertTrue(m.unmeasured(60).startsWith((m.repeatGroups() - 4) + " of the " + m.repeatGroups() + " groups of configurations whose returns repeat"), m.unmeasured(60));
        SweepReplay.Measured whole = new SweepReplay(600, 0, 0, new SplittableRandom(1)).check(all, 252, REFUSE); // a budget that reaches them all
        assertEquals(0, whole.unmeasuredGroups(), whole.toString());
        assertEquals(all.configurations(), whole.configurations());
    }

    private static SweepResult swept(Store store, String spec) {
        ResearchServiceTest.insertDow(store);
        Universe u = new ResearchStore(store).universe(SweepJobRecordTest.SYMBOLS, null, null);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(spec).requireOk(), u);
        int n = kernel.configurations(), split = u.indexOf(SweepJobRecordTest.OOS);
        return SweepChunk.assemble(kernel, split, List.of(SweepChunk.measure(kernel, 0, n, split, 252)), 1.0);
    }

    private static String lengths(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int l = from; l <= to; l++) s.append(l == from ? "" : ", ").append(l);
        return s.toString();
    }
}
