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
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 23, M1: a weight held other than one asset at 1 drifts with every bar's move, and the
 * trades back to it were neither charged nor counted in turnover (a run only warned). They are now
 * charged at the run's own cost rate: cost = |w_target - w_drifted| x equity x (cost + slippage), the
 * equity the book has at the fill (session 42: a next_close fill paid on the equity of the close before, off by the bar's move).
 */
class RebalancingCostTest {
    private static final LocalDate OOS = LocalDate.of(1994, 1, 3);
    private static final double RATE = 10 / 10_000.0;          // cost_bps 7 + slippage_bps 3

    /** AA always long at {@code fraction} of equity, charged 7 + 3 bps of value traded. */
    private static String held(double fraction) {
        return DailyAnnualisationTest.ALWAYS_LONG
                .replace("\"inputs\": {\"signal\": \"sig\"}}", "\"inputs\": {\"signal\": \"sig\"}, \"params\": {\"fraction\": " + fraction + "}}")
                .replace("\"cost_bps\": 0", "\"cost_bps\": 7, \"slippage_bps\": 3");
    }

    @Test
    void halfOfEquityInTheDowPaysForItsTradesBackToHalfBarByBar() {
        double[] close = ResearchData.dowJones(1, 1000).close()[0];
        double[] target = new double[close.length], traded = new double[close.length];
        Arrays.fill(target, 0.5);
        double[] r = StrategyBacktestKernel.returns(target, null, close, Execution.NEXT_CLOSE, new Costs(7, 3), null, traded);
        assertEquals(-0.5 * RATE, r[1], 1e-16, "bar 1: the entry, half of equity");
        for (int t = 2; t <= 6; t++) {
            double move = close[t] / close[t - 1] - 1;
            double drifted = 0.5 * (1 + move) / (1 + 0.5 * move);  // half of equity in AA after AA moved and the book moved half as much
            assertTrue(Math.abs(drifted - 0.5) > 1e-4, "AA moved on bar " + t);
            assertEquals(Math.abs(drifted - 0.5), traded[t], 1e-15, "bar " + t + ": traded back to half");
            assertEquals((1 + 0.5 * move) * (1 - RATE * Math.abs(drifted - 0.5)) - 1, r[t], 1e-15,
                    "bar " + t + ": earned half the move, paid the trade back out of the equity at the close");
        }
    }

    @Test
    void allOfEquityInOneSymbolPaysItsEntryAndNothingAfter() {
        double[] close = ResearchData.dowJones(1, 1000).close()[0];
        double[] target = new double[close.length], traded = new double[close.length];
        Arrays.fill(target, 1);
        double[] r = StrategyBacktestKernel.returns(target, null, close, Execution.NEXT_CLOSE, new Costs(7, 3), null, traded);
        assertEquals(-RATE, r[1], 1e-16);
        for (int t = 2; t < close.length; t++) {
            assertEquals(0, traded[t], 0, "bar " + t);
            assertEquals(close[t] / close[t - 1] - 1, r[t], 0, "bar " + t);
        }
    }

    @Test
    void aRunHeldAtHalfReportsTheTradesBackToHalfInItsTurnoverAndReturns(@TempSextant Store store) {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        StrategyRunSummary half = research.runStrategy(new StrategyRunRequest("half", held(0.5), List.of("AA"), null, null, OOS, 1));
        Universe dow = ResearchData.dowJones(1, 1000);
        double[] close = dow.close()[0];
        int split = dow.indexOf(OOS), bars = dow.bars();
        double trades = 0, growth = 1;
        for (int t = split; t < bars; t++) {
            double move = close[t] / close[t - 1] - 1, back = Math.abs(0.5 * (1 + move) / (1 + 0.5 * move) - 0.5);
            trades += back;
            growth *= (1 + 0.5 * move) * (1 - RATE * back);
        }
        double years = (bars - split) / 252.0;
        assertTrue(trades / years > 0.5, "AA's moves force trades of " + trades / years + " of equity a year");
        assertEquals(trades / years, half.outOfSample().turnover(), 1e-9, "out-of-sample turnover: the trades back to half");
        assertEquals(Math.pow(growth, 1 / years) - 1, half.outOfSample().cagr(), 1e-9, "out-of-sample CAGR net of those trades");
        assertTrue(half.warnings().stream().noneMatch(w -> w.contains("not charged")), half.warnings().toString());

        StrategyRunSummary whole = research.runStrategy(new StrategyRunRequest("whole", held(1), List.of("AA"), null, null, OOS, 1));
        assertEquals(0, whole.outOfSample().turnover(), 0, "one symbol at 1 never trades after its entry");
        assertEquals(Math.pow(close[bars - 1] / close[split - 1], 1 / years) - 1, whole.outOfSample().cagr(), 1e-12, "first to last close");
    }

    @Test
    void nextOpenFillsTradeBackWhatTheMovesFromOpenToOpenDrifted() {
        double[] open = {100, 101, 100, 103}, close = {100, 102, 99, 104}, target = {0.5, 0.5, 0.5, 0.5};
        double[] traded = new double[4];
        double[] r = StrategyBacktestKernel.returns(target, open, close, Execution.NEXT_OPEN, new Costs(7, 3), null, traded);
        // bar 1: half bought at open 1, which then rises 102/101
        double intraday1 = 0.5 * (102.0 / 101 - 1);
        assertEquals((1 - RATE * 0.5) * (1 + intraday1) - 1, r[1], 1e-15);
        // bar 2: that half, drifted to w1 at close 1, drifts again over the gap 102 -> 100 before it is traded back at open 2
        double w1 = 0.5 * (102.0 / 101) / (1 + intraday1), gap2 = w1 * (100.0 / 102 - 1);
        double back = Math.abs(w1 * (100.0 / 102) / (1 + gap2) - 0.5);
        assertEquals(back, traded[2], 1e-15);
        assertEquals((1 + gap2) * (1 - RATE * back) * (1 + 0.5 * (99.0 / 100 - 1)) - 1, r[2], 1e-15);
    }

    @Test
    void aRebalancingBandLeavesDriftsWithinItUntradedAndEarnsAtTheDriftedWeight() {
        double[] close = {100, 100, 110, 121, 133.1}, target = {0.5, 0.5, 0.5, 0.5, 0.5};
        double[][] held = new double[1][5];
        double[] traded = new double[5];
        double[] r = StrategyBacktestKernel.returns(new double[][]{target}, null, new double[][]{close}, Execution.NEXT_CLOSE, new Costs(7, 3), 0.05,
                held, null, traded);
        double w2 = 0.5 * 1.1 / 1.05, w3 = w2 * 1.1 / (1 + w2 * 0.1);   // 0.524 then 0.548: within 0.05 of half, kept
        assertEquals(0, traded[2], 0);
        assertEquals(0, traded[3], 0);
        assertEquals(w2, held[0][3], 1e-15, "bar 3 is held at the weight bar 2 drifted to");
        assertEquals(w2 * 0.1, r[3], 1e-15);
        double w4 = w3 * 1.1 / (1 + w3 * 0.1);                          // 0.571: beyond the band, traded back to half
        assertEquals(w4 - 0.5, traded[4], 1e-15);
        assertEquals((1 + w3 * 0.1) * (1 - RATE * (w4 - 0.5)) - 1, r[4], 1e-15);
    }

    @Test
    void aBandOutsideItsBoundsIsRefusedNamingIt() {
        String spec = held(0.5).replace("\"slippage_bps\": 3", "\"slippage_bps\": 3, \"rebalance_band\": 0.6");
        var errors = GraphComposer.compose(spec).errors();
        assertTrue(errors.stream().anyMatch(e -> e.field().endsWith("run.params.rebalance_band") && e.message().contains("outside its range")), errors.toString());
    }
}
