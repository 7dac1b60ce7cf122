package org.sextant.engine.research.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.stats.Haircut;
import org.sextant.engine.research.stats.MultipleTesting;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Holm and BHY over a session's stored runs use every configuration's real p-value (V054), as R's p.adjust over all of
 * them; the earlier configurations counted as p = 1, which made the winner's Holm haircut Bonferroni's. Runs stored
 * before V054 still count as p = 1, and the verdict says how many.
 */
class KeptPValuesTest {
    private record Saved(SweepResult sweep, HonestyReport report) {}

    private static Saved run(ResearchStore rs, Universe u, String runId, String spec) {
        SweepResult sweep = Sweep.run(new GraphSweep(GraphComposer.compose(spec).requireOk(), u), SessionDeflationTest.SPLIT, 1, false, 252);
        ResearchSession session = rs.session("s");
        HonestyReport report = HonestyReport.of(sweep, session, 252, 1);
        rs.saveRun(runId, "sma", spec, sweep, report, session);
        return new Saved(sweep, report);
    }

    private static double[] pValues(SweepResult sweep) {
        return Arrays.stream(sweep.inSample()).mapToDouble(m -> Haircut.configurationPValue(SweepResult.comparableSharpe(m),
                SessionDeflationTest.SPLIT - 1, 252)).toArray();
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void theSecondRunOfASessionAdjustsWithTheFirstRunsPValues(@TempSextant Store store) {
        ResearchStore rs = new ResearchStore(store);
        Universe u = SessionDeflationTest.randomWalk(SessionDeflationTest.SEED);
        Saved first = run(rs, u, "r1", SessionDeflationTest.smaSpec("[2, 3, 4]", "[10, 30]", "1"));
        Saved second = run(rs, u, "r2", SessionDeflationTest.smaSpec("[5, 6]", "[10, 12]", "1"));
        double[] p1 = pValues(first.sweep()), p2 = pValues(second.sweep());
        int winner = second.report().chosen();
        long n = p1.length + p2.length;
        assertEquals(n, second.report().configurationsInSession());
        // R: p.adjust(c(p2, p1), method)[winner]
        double[] all = concat(p2, p1);
        assertEquals(MultipleTesting.holm(all)[winner], second.report().haircutHolm().adjustedPValue(), 1e-12);
        assertEquals(MultipleTesting.bhy(all)[winner], second.report().haircutBhy().adjustedPValue(), 1e-12);
        // less harsh than the first run's configurations at p = 1
        assertTrue(MultipleTesting.holm(p2, n)[winner] > second.report().haircutHolm().adjustedPValue() + 1e-6,
                MultipleTesting.holm(p2, n)[winner] + " vs " + second.report().haircutHolm().adjustedPValue());
        assertTrue(MultipleTesting.bhy(p2, n)[winner] > second.report().haircutBhy().adjustedPValue() + 1e-6,
                MultipleTesting.bhy(p2, n)[winner] + " vs " + second.report().haircutBhy().adjustedPValue());
        assertTrue(second.report().verdict().reasons().stream().noneMatch(r -> r.contains("as p = 1")), second.report().verdict().reasons().toString());

        // a run stored before V054 kept no p-values: its configurations count as p = 1, and the verdict says so
        store.inTransaction(c -> c.createStatement().executeUpdate("UPDATE run_configurations SET p_value = NULL WHERE run_id = 'r1'"));
        Saved third = run(rs, u, "r3", SessionDeflationTest.smaSpec("[5, 6]", "[10, 12]", "1"));
        double[] known = concat(p2, p2);
        int chosen = third.report().chosen();
        assertEquals(MultipleTesting.holm(known, n + p2.length)[chosen], third.report().haircutHolm().adjustedPValue(), 1e-12);
        assertEquals(MultipleTesting.bhy(known, n + p2.length)[chosen], third.report().haircutBhy().adjustedPValue(), 1e-12);
        assertTrue(third.report().verdict().reasons().contains(HonestyReport.unkeptPValues(p1.length)), third.report().verdict().reasons().toString());
        assertTrue(HonestyReport.unkeptPValues(p1.length).startsWith("Holm and BHY count " + p1.length + " earlier configurations of the session as p = 1: "
                + "their runs were stored before each configuration's p-value was kept"));
    }
}
