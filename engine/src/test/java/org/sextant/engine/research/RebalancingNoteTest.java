package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 38, M1: holding 5x of a moving asset means trading back to 5x every bar, which the kernel
 * (charging changes of the target weight only) does not charge: always long at fraction 5 and
 * cost_bps 100 stored turnover 0.0 and said nothing. The run now says so, with the size of those trades.
 */
class RebalancingNoteTest {
    @Test
    void theTradesBackToAConstantWeightAreMeasured() {
        List<LocalDate> dates = List.of(LocalDate.of(2020, 1, 6), LocalDate.of(2020, 1, 7), LocalDate.of(2020, 1, 8), LocalDate.of(2020, 1, 9));
        Universe u = Universe.ofCloses(List.of("X"), dates, new double[][]{{100, 110, 99, 99}});
        // 2x over +10% drifts to 2.2/1.2 = 1.8333 (0.1667 back to 2), then 2x over -10% to 1.8/0.8 = 2.25 (0.25 back): 0.4167 in 3 bars
        String note = RebalancingNote.of(u, new double[][]{{0, 2, 2, 2}}, "winning");
        assertTrue(note.contains("about 3500% of equity a year, is not charged"), note);
        assertNull(RebalancingNote.of(u, new double[][]{{0, 1, 1, 1}}, "winning"), "one asset at 1 never drifts");
        assertNull(RebalancingNote.of(u, new double[][]{{0, 0, 0, 0}}, "winning"), "nothing held");
    }

    @Test
    void aRunHoldingFiveTimesItsEquitySaysItsRebalancingIsNotCharged(@TempSextant Store store) {
        DailyAnnualisationTest.insertWalk(store, "RWA", false, 2);
        ResearchService research = new ResearchService(store);
        String five = DailyAnnualisationTest.ALWAYS_LONG.replace("\"inputs\": {\"signal\": \"sig\"}}", "\"inputs\": {\"signal\": \"sig\"}, \"params\": {\"fraction\": 5}}")
                .replace("\"cost_bps\": 0", "\"cost_bps\": 100");
        StrategyRunSummary levered = research.runStrategy(new StrategyRunRequest("lev", five, List.of("RWA"), null, null, LocalDate.of(2014, 1, 2), 1));
        assertEquals(0.0, levered.outOfSample().turnover(), 1e-12, "the kernel's turnover out of sample (entered in sample): changes of the target only");
        assertTrue(levered.warnings().stream().anyMatch(w -> w.startsWith("the winning configuration holds weights that drift")
                && w.contains("is not charged")), levered.warnings().toString());

        StrategyRunSummary once = research.runStrategy(new StrategyRunRequest("lev", DailyAnnualisationTest.ALWAYS_LONG, List.of("RWA"), null, null,
                LocalDate.of(2014, 1, 2), 1));
        assertTrue(once.warnings().stream().noneMatch(w -> w.contains("is not charged")), once.warnings().toString());
    }
}
