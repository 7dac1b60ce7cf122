package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunCurves;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.HonestyReport;
import org.sextant.engine.research.sweep.ResearchSession;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A run on a 7-day market stored while daily prices were annualised at 252 (its bars_per_year says so) sized its volatility
 * target at 252; replayed at today's 365 it sized differently, and select_configuration refused it as if its prices had
 * changed. It replays with the bars a year it recorded.
 */
class ReplayAsRecordedTest {
    static final String VOL_TARGET = """
            {"version": 1, "name": "voltarget", "nodes": {
              "close": {"type": "price"},
              "r": {"type": "returns", "inputs": {"series": "close"}, "params": {"bars": [1, 5]}},
              "sig": {"type": "threshold", "inputs": {"series": "r"}, "params": {"enter_below": 1000, "exit_above": 2000}},
              "size": {"type": "vol_target", "inputs": {"signal": "sig"}, "params": {"target": 0.1, "length": 20, "max_leverage": 5}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 0}}}}
            """;

    @Test
    void aSevenDayRunStoredAt252ReplaysAt252(@TempSextant Store store) {
        DailyAnnualisationTest.insertWalk(store, "WKND", true, 1);
        ResearchStore rs = new ResearchStore(store);
        // the run as it was stored before 7-day markets were read at 365: the daily prices at 252
        Universe then = rs.universe(List.of("WKND"), null, null);
        assertEquals(252, then.barsPerYear());
        int split = then.indexOf(LocalDate.of(2012, 6, 1));
        GraphSweep kernel = new GraphSweep(GraphComposer.composeAsRun(VOL_TARGET).requireOk(), then);
        SweepResult sweep = Sweep.run(kernel, split, 1, false, 252);
        ResearchSession session = rs.session("old");
        HonestyReport report = HonestyReport.of(sweep, session, 252, 1);
        rs.saveRun("old-run", "voltarget", VOL_TARGET, sweep, report, session);
        assertEquals(365, rs.universe(List.of("WKND"), null, null, org.sextant.engine.data.BarInterval.D1).barsPerYear(), "read at 365 today");

        int other = 1 - report.chosen();
        RunDetail d = new ResearchService(store).selectConfiguration("old-run", other);
        assertEquals(other, d.selectedConfiguration());
        EquityCurve expected = RunCurves.of(kernel, other, split, EquityCurve.SELECTED);
        assertArrayEquals(expected.equity(), d.curve(EquityCurve.SELECTED).equity(), "the selected curve as the run measured it, at 252");
    }
}
