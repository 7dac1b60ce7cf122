package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.report.ReportExport;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.testing.TempSextant;

/**
 * The attack pass's repro: a 10x leveraged SMA 2/3 crossover on IBM loses everything on one bar.
 * Its equity must stay at 0 from then on, the verdict must say so, and the report must draw it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RuinedRunTest {
    private static final String SPEC = """
            {"version": 1, "name": "ten times", "nodes": {
              "close": {"type": "price"},
              "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": 2}},
              "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": 3}},
              "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}, "params": {"fraction": 10}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"fill": "next_close", "cost_bps": 0}}}}
            """;
    @TempSextant private Sextant engine;
    private StrategyRunSummary run;

    @BeforeAll
    void runOnce() {
        run = engine.backtest(new StrategyRunRequest("ruin", SPEC, List.of("IBM"), null, null, null, 1));
    }

    @Test
    void theVerdictSaysRuinedOnTheDayAndNeverSignificant() {
        assertEquals("ruined", run.verdict());
        assertTrue(run.verdictText().matches("ruined on \\d{4}-\\d{2}-\\d{2} \\((in|out of) sample\\).*"), run.verdictText());
        assertTrue(run.reasons().get(0).startsWith("ruined on "), run.reasons().toString());
        RunDetail d = engine.getRun(run.runId());
        assertEquals("ruined", d.info().verdict(), "the stored run says it too");
    }

    @Test
    void everythingIsLostAndStaysLost() {
        RunDetail d = engine.getRun(run.runId(), false, true);
        EquityCurve best = d.curve(EquityCurve.BEST);
        int ruin = best.ruinIndex();
        assertTrue(ruin > 0, "the curve reaches 0");
        for (int t = ruin; t < best.size(); t++) {
            assertEquals(0, best.equity()[t], 0, "equity stays at 0 after the ruin");
            assertEquals(-1, best.drawdown()[t], 0, "drawdown is 100%, never more");
        }
        assertTrue(run.verdictText().startsWith("ruined on " + best.dates().get(ruin)), run.verdictText());
        // the window holding the ruin (and any after it) lost 100%: no more null CAGR or drawdown
        var after = ruin >= best.oosIndex() ? run.outOfSample() : run.inSample();
        assertEquals(-1, after.cagr(), 0);
        assertEquals(1, after.maxDrawdown(), 0);
        assertEquals(-1, run.outOfSample().cagr(), 0);
        assertEquals(1, run.outOfSample().maxDrawdown(), 0);
    }

    /**
     * A run stored before ruin stopped the equity at 0 kept compounding below it; its replay now
     * ends at 0. Selecting on it says so, instead of "the prices changed" (they did not).
     */
    @Test
    void aRunStoredWithEquityBelowZeroIsRefusedForWhatItIs() {
        StrategyRunSummary old = engine.backtest(new StrategyRunRequest("before-ruin", SPEC, List.of("IBM"), null, null, null, 1));
        EquityCurve best = engine.getRun(old.runId(), false, true).curve(EquityCurve.BEST);
        int ruin = best.ruinIndex();
        // the stored rows as they were written before: -7.5e-7 after the ruin, compounding on
        engine.store().inTransaction(c -> {
            try (var u = c.prepareStatement("UPDATE run_equity SET equity = -7.5e-7 * (1 + 0.001 * (bar - ?)) WHERE run_id = ? AND bar > ?")) {
                u.setInt(1, ruin);
                u.setString(2, old.runId());
                u.setInt(3, ruin);
                return u.executeUpdate();
            }
        });
        SextantException e = assertThrows(SextantException.class, () -> engine.selectConfiguration(old.runId(), 0));
        assertEquals("run_id", e.field());
        assertEquals("run " + old.runId() + " was stored before Sextant stopped a strategy at ruin: its stored equity goes below 0 on "
                + best.dates().get(ruin + 1) + ", where a run now stops at 0, so its configurations cannot be replayed as stored", e.getMessage());
        assertTrue(e.fix().startsWith("run the backtest again"), e.fix());
        // a run stored since selects as before
        assertEquals(0, engine.selectConfiguration(run.runId(), 0).selectedConfiguration());
    }

    @Test
    void theReportDrawsTheRuinWithoutNaN() throws Exception {
        ReportExport.Written w = engine.exportReport(run.runId(), null, null);
        String html = Files.readString(w.file());
        assertFalse(html.contains("NaN"), "no NaN coordinate or figure");
        assertFalse(html.contains("Infinity"), "no infinite coordinate");
        assertTrue(html.contains(">ruined on "), "the ruin is marked on the chart");
        assertTrue(html.contains("<circle"), "with a dot at the ruin point");
    }
}
