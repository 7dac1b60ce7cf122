package org.sextant.engine.research.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
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

    /** One symbol whose log returns are {@code drift} plus 1% normal noise: a t of about 80 to 95 over 1000 returns at 2.5% to 3%. */
    static Universe trend(double drift, long seed) {
        Universe walk = SessionDeflationTest.randomWalk(seed); // its dates; its noise scaled from 1%, a drift added
        double[][] close = new double[1][SessionDeflationTest.BARS];
        close[0][0] = 100;
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        for (int t = 1; t < close[0].length; t++) close[0][t] = close[0][t - 1] * Math.exp(drift + 0.01 * rnd.nextGaussian());
        return Universe.ofCloses(List.of("TREND"), walk.dates(), close);
    }

    /**
     * Two runs of a session whose p-values are both below what a double holds, the earlier one the weaker: the later one's
     * winner ranks first, as their logs (V063) say, not behind the earlier one's stored 0. Holm over N = 2 is then 2 p and
     * BHY c 2 p (c = 1.5); with the 0 first they were p and c p, half and a third of R's p.adjust.
     */
    @Test
    void underflowingPValuesAreRankedByTheirLogs(@TempSextant Store store) {
        ResearchStore rs = new ResearchStore(store);
        String trendFollowing = SessionDeflationTest.smaSpec("2", "3", "1"); // long nearly throughout a trend
        Saved weaker = run(rs, trend(0.025, 3), "r1", trendFollowing);
        Saved stronger = run(rs, trend(0.03, 4), "r2", trendFollowing);
        double l1 = log10P(weaker.sweep()), l2 = log10P(stronger.sweep());
        assertTrue(l2 < l1 && l1 < -308, "both below a double, the later one smaller: " + l1 + ", " + l2);
        double[] stored = store.read(c -> {
            try (var q = c.createStatement().executeQuery("SELECT p_value, log10_p_value FROM run_configurations WHERE run_id = 'r1' AND sample = 'in'")) {
                q.next();
                return new double[]{q.getDouble(1), q.getDouble(2)};
            }
        });
        assertEquals(0, stored[0], "p_value holds 0");
        assertEquals(l1, stored[1], 0, "its log is kept exactly");
        assertEquals(Math.log10(2) + l2, stronger.report().haircutHolm().log10AdjustedPValue(), 1e-9, "holm");
        assertEquals(Math.log10(3) + l2, stronger.report().haircutBhy().log10AdjustedPValue(), 1e-9, "bhy");
    }

    private static double log10P(SweepResult sweep) {
        return Haircut.log10ConfigurationPValue(SweepResult.comparableSharpe(sweep.inSample()[0]), SessionDeflationTest.SPLIT - 1, 252);
    }
}
