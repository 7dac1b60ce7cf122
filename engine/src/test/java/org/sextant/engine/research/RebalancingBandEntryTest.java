package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.backtest.Execution;
import org.sextant.engine.research.backtest.StrategyBacktestKernel;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 27, F1: the rebalancing band spared any move within it, entries too, so a band of 0.4
 * never bought a 1/3 weight: the run and its buy-and-hold benchmark held nothing, and a run that did
 * worse than holding lost the reason that said so. The band spares drifts only.
 */
class RebalancingBandEntryTest {
    private static final double RATE = 10 / 10_000.0;          // cost_bps 7 + slippage_bps 3

    @Test
    void aThirdOfEquityInEachOfThreeSymbolsIsBoughtWhateverTheBand() {
        double[][] close = ResearchData.dowJones(3, 300).close();
        int n = close[0].length;
        double[][] target = new double[3][n], held = new double[3][n];
        for (double[] w : target) Arrays.fill(w, 1.0 / 3);
        double[] traded = new double[n];
        double[] r = StrategyBacktestKernel.returns(target, null, close, Execution.NEXT_CLOSE, new Costs(7, 3), 0.5, held, null, traded);
        assertEquals(1, traded[1], 1e-15, "bar 1: the entry, a third of equity in each");
        assertEquals(-RATE, r[1], 1e-18);
        for (int a = 0; a < 3; a++) assertEquals(1.0 / 3, held[a][2], 1e-15, "symbol " + a + " held over bar 2");
    }

    @Test
    void aChangeOfSideIsTradedEvenWhenSmallerThanTheBand() {
        double[] close = {100, 100, 110, 110, 110}, target = {0.2, 0.2, -0.2, -0.2, -0.2};
        double[][] held = new double[1][5];
        double[] traded = new double[5];
        StrategyBacktestKernel.returns(new double[][]{target}, null, new double[][]{close}, Execution.NEXT_CLOSE, new Costs(7, 3), 0.5,
                held, null, traded);
        double drifted = 0.2 * 1.1 / (1 + 0.2 * 0.1);              // long 0.2 over bar 2's 10% rise, within the band: kept
        assertEquals(0, traded[2], 0, "bar 2: a drift the band spares");
        assertEquals(drifted + 0.2, traded[3], 1e-15, "bar 3: from long to short, 0.4 of equity and the drift, inside a band of 0.5");
        assertEquals(-0.2, held[0][4], 1e-15, "short over bar 4, as the strategy wants");
    }

    @Test
    void theBuyAndHoldBenchmarkHoldsItsSymbolsUnderAWideBand(@TempSextant Store store) {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        List<String> three = ResearchData.dowJones(3, 1000).symbols();
        String spec = DailyAnnualisationTest.ALWAYS_LONG.replace("\"cost_bps\": 0", "\"cost_bps\": 7, \"rebalance_band\": 0.4");
        StrategyRunSummary run = research.runStrategy(new StrategyRunRequest("wide", spec, three, null, null, LocalDate.of(1994, 1, 3), 1));
        assertTrue(Double.isFinite(run.benchmark().outOfSample().sharpe()), "holding's Sharpe: " + run.benchmark().outOfSample().sharpe());
        assertTrue(Double.isFinite(run.outOfSample().sharpe()), "the run's Sharpe: " + run.outOfSample().sharpe());
        assertTrue(run.benchmark().inSample().turnover() > 0, "the benchmark bought its symbols");
    }
}
