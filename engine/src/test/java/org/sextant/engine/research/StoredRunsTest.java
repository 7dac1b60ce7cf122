package org.sextant.engine.research;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.store.Store;

/** A run is stored with what a report needs and read back unchanged: listing, statistics, every configuration, the equity curves. */
class StoredRunsTest {
    private static final List<String> UNIVERSE = List.of("AA", "AXP", "T", "BA");
    private static final LocalDate OOS = LocalDate.of(1994, 1, 3);

    /** Strategy research over a store holding the Dow sample. */
    private static ResearchService onDow(Store store) {
        ResearchServiceTest.insertDow(store);
        return new ResearchService(store);
    }

    /** A run of the spec in session {@code session} over the universe, out of sample from 1994, on two threads. */
    private static StrategyRunRequest request(String session) {
        return new StrategyRunRequest(session, ResearchServiceTest.SPEC, UNIVERSE, null, null, OOS, 2);
    }

    @Test
    void aRunIsListedAndReadBackWithItsCurves(@TempSextant Store store) throws Exception {
        ResearchService research = onDow(store);
        StrategyRunSummary first = research.runStrategy(request("s"));
        int other = pickOther(research, first);
        StrategyRunSummary second = research.runStrategy(new StrategyRunRequest("t", ResearchServiceTest.SPEC, UNIVERSE, null, null, OOS, 2, other));

        List<RunInfo> all = research.listRuns(null, 10);
        assertEquals(List.of(second.runId(), first.runId()), all.stream().map(RunInfo::runId).toList(), "newest first");
        assertEquals(List.of(first.runId()), research.listRuns("s", 10).stream().map(RunInfo::runId).toList());
        assertEquals(1, research.listRuns(null, 1).size());
        RunInfo info = all.get(1);
        assertEquals(UNIVERSE, info.symbols());
        assertEquals(first.verdictText(), info.verdictText());
        assertEquals(first.inSample().sharpe(), info.sharpeInSample(), 1e-12);
        assertEquals(first.outOfSample().sharpe(), info.sharpeOutOfSample(), 1e-12);

        RunDetail d = research.run(first.runId(), true, true);
        assertEquals(12, d.configurations().size());
        assertEquals(first.chosen(), d.chosenParameters());
        assertEquals(d.chosenConfiguration(), d.selectedConfiguration(), "nothing selected: the best one is");
        assertEquals(first.psr(), d.statistics().psr(), 1e-12);
        assertEquals(first.psrOutOfSample(), d.statistics().psrOutOfSample(), 1e-12);
        assertEquals(first.haircutSharpeBonferroni(), d.statistics().haircutSharpeBonferroni(), 1e-12);
        assertEquals(first.haircutSharpeBhy(), d.statistics().haircutSharpeBhy(), 1e-12);
        assertEquals(first.reasons(), d.statistics().reasons());
        // The chosen configuration is the one with the best in-sample Sharpe among those stored.
        double bestIs = d.configurations().stream().mapToDouble(c -> c.inSample().sharpe()).max().orElseThrow();
        assertEquals(bestIs, d.inSample().sharpe(), 1e-12);

        // The best curve's growth over each part equals the stored CAGR over that part.
        EquityCurve best = d.curve(EquityCurve.BEST);
        assertNotNull(best);
        assertEquals(d.chosenConfiguration(), best.configuration());
        assertEquals(OOS, best.dates().get(best.oosIndex()));
        assertEquals(1.0, best.equity()[0], 0);
        double years = (best.oosIndex() - 1) / 252.0;
        assertEquals(d.inSample().cagr(), Math.pow(best.equity()[best.oosIndex() - 1], 1 / years) - 1, 1e-9);
        int n = best.size();
        double oosGrowth = best.equity()[n - 1] / best.equity()[best.oosIndex() - 1];
        assertEquals(d.outOfSample().cagr(), Math.pow(oosGrowth, 252.0 / (n - best.oosIndex())) - 1, 1e-9);
        double worst = 0;
        for (double x : best.drawdown()) { assertTrue(x <= 0); worst = Math.min(worst, x); }
        assertEquals(Math.max(d.inSample().maxDrawdown(), d.outOfSample().maxDrawdown()) <= -worst + 1e-12, true, "the whole-range drawdown is at least each part's");

        // The second run selected another configuration: both curves are stored and differ.
        RunDetail s = research.run(second.runId(), false, true);
        assertEquals(other, s.selectedConfiguration());
        assertTrue(s.configurations().isEmpty());
        assertNotNull(s.inSample(), "the chosen configuration's metrics come without the list");
        assertEquals(other, s.curve(EquityCurve.SELECTED).configuration());
        if (other != s.chosenConfiguration()) {
            assertNotEquals(s.curve(EquityCurve.BEST).equity()[n - 1], s.curve(EquityCurve.SELECTED).equity()[n - 1]);
        }
        RunDetail lean = research.run(second.runId(), false, false);
        assertTrue(lean.equity().isEmpty());
    }

    @Test
    void anotherConfigurationCanBeSelectedAfterTheRunUnlessThePricesChanged(@TempSextant Store store) throws Exception {
        ResearchService research = onDow(store);
        StrategyRunSummary run = research.runStrategy(request("s"));
        int other = pickOther(research, run);
        RunDetail after = research.selectConfiguration(run.runId(), other);
        assertEquals(other, after.selectedConfiguration());
        EquityCurve selected = after.curve(EquityCurve.SELECTED);
        assertEquals(other, selected.configuration());
        // The replayed curve is the one the sweep would have stored had it been selected at run time.
        StrategyRunSummary direct = research.runStrategy(new StrategyRunRequest("s", ResearchServiceTest.SPEC, UNIVERSE, null, null, OOS, 2, other));
        EquityCurve expected = research.run(direct.runId(), false, true).curve(EquityCurve.SELECTED);
        assertEquals(expected.dates(), selected.dates());
        for (int t = 0; t < expected.size(); t++) assertEquals(expected.equity()[t], selected.equity()[t], 1e-12);
        assertEquals(run.runId(), research.listRuns("s", 5).get(1).runId(), "selecting does not add a run");

        assertEquals("configuration", assertThrows(SextantException.class, () -> research.selectConfiguration(run.runId(), 12)).field());
        assertEquals("run_id", assertThrows(SextantException.class, () -> research.selectConfiguration("nope", 0)).field());
        store.inTransaction(c -> c.createStatement().executeUpdate("UPDATE prices SET close = close * 1.01 WHERE symbol = 'AA' AND date > DATE '1994-06-01'"));
        SextantException stale = assertThrows(SextantException.class, () -> research.selectConfiguration(run.runId(), 0));
        assertEquals("run_id", stale.field());
        assertTrue(stale.getMessage().contains("changed"), stale.getMessage());
        assertEquals(other, research.run(run.runId(), false, true).curve(EquityCurve.SELECTED).configuration(), "a refused selection changes nothing");
    }

    @Test
    void unknownRunsBadLimitsAndBadSelectionsAreNamed(@TempSextant Store store) throws Exception {
        ResearchService research = onDow(store);
        assertEquals("run_id", assertThrows(SextantException.class, () -> research.run("nope", true, true)).field());
        assertEquals("limit", assertThrows(SextantException.class, () -> research.listRuns(null, 0)).field());
        assertEquals("selected_configuration", assertThrows(SextantException.class, () -> research.runStrategy(
                new StrategyRunRequest("s", ResearchServiceTest.SPEC, UNIVERSE, null, null, OOS, 1, 12))).field());
        assertTrue(research.listRuns(null, 5).isEmpty(), "a refused selection saves nothing");
        assertEquals(0, research.listRuns("s", 5).size());
    }

    /** A configuration other than the chosen one: its index in the stored list. */
    private static int pickOther(ResearchService research, StrategyRunSummary first) {
        RunDetail d = research.run(first.runId(), true, false);
        return d.chosenConfiguration() == 0 ? 1 : 0;
    }

}
