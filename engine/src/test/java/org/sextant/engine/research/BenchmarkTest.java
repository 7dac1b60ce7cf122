package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.report.RunReport;
import org.sextant.engine.research.run.Benchmark;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A run's buy-and-hold benchmark on the Dow Jones fixture, checked against the closes themselves:
 * holding the symbols at 1/K, rebalanced every bar (and paying for it), entered at bar 1's close (bar 1
 * earns nothing and pays the entry), on the run's bars and split.
 */
class BenchmarkTest {
    private static final LocalDate OOS = LocalDate.of(1994, 1, 3);
    private static final double PER_YEAR = 252;

    /** An RSI dip strategy with {@code bps} commission and no slippage. */
    private static String rsiDip(double bps) {
        return ResearchServiceTest.SPEC.replace("\"cost_bps\": 5, \"slippage_bps\": 5", "\"cost_bps\": " + bps + ", \"slippage_bps\": 0");
    }

    /** Long every asset on every bar: a never-entered threshold, negated. Exactly what the benchmark holds. */
    private static final String HOLD_ALL = """
            {"version": 1, "name": "hold all", "nodes": {
              "close": {"type": "price"},
              "never": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": -1, "exit_above": 0}},
              "always": {"type": "not", "inputs": {"a": "never"}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "always"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 7, "slippage_bps": 3}}}}
            """;

    @Test
    void oneSymbolsBenchmarkOutOfSampleIsItsFirstToLastCloseWithoutCosts(@TempSextant Store store) {
        ResearchServiceTest.insertDow(store);
        StrategyRunSummary r = new ResearchService(store).runStrategy(new StrategyRunRequest("bench", rsiDip(0), List.of("AA"), null, null, OOS, 1));
        Universe dow = ResearchData.dowJones(1, 1000);
        int split = dow.indexOf(OOS), last = dow.bars() - 1;
        double[] close = dow.close()[0];
        Benchmark b = r.benchmark();
        assertNotNull(b, "the answer carries a benchmark");
        double total = close[last] / close[split - 1];
        assertEquals(Math.pow(total, PER_YEAR / (last + 1 - split)) - 1, b.outOfSample().cagr(), 1e-12, "out-of-sample CAGR from the first to the last close");
        assertEquals(last + 1 - split, b.outOfSample().bars());
        assertEquals(1, b.outOfSample().exposure(), 0, "held throughout");
        assertEquals(0, b.outOfSample().turnover(), 0, "never trades out of sample");
        // in sample: entered at bar 1's close, so held from bar 1's close to the last in-sample close
        assertEquals(Math.pow(close[split - 1] / close[1], PER_YEAR / (split - 1)) - 1, b.inSample().cagr(), 1e-12);
        assertTrue(b.holds().startsWith("AA held with all of equity from the first bar, filled at the next close"), b.holds());
    }

    @Test
    void fourSymbolsBenchmarkIsTheirMeanDailyReturnCompoundedAndPaysItsEntryAndItsRebalancing(@TempSextant Store store) {
        ResearchServiceTest.insertDow(store);
        List<String> symbols = List.of("AA", "AXP", "T", "BA");
        double bps = 10;
        StrategyRunSummary r = new ResearchService(store).runStrategy(new StrategyRunRequest("bench4", rsiDip(bps), symbols, null, null, OOS, 2));
        Universe dow = ResearchData.dowJones(4, 1000);
        int split = dow.indexOf(OOS), bars = dow.bars();
        double[] mean = new double[bars];
        for (int t = 1; t < bars; t++) {
            for (double[] c : dow.close()) mean[t] += (c[t] / c[t - 1] - 1) / symbols.size();
        }
        double[] held = new double[bars];                 // bar 1 earns nothing and pays the entry: all of equity once, at bps
        held[1] = -bps / 10_000;
        for (int t = 2; t < bars; t++) {
            // each quarter drifts to (1 + r) / (1 + mean) of a quarter over the bar, and is traded back to a quarter at its close,
            // paid out of the equity there
            double back = 0;
            for (double[] c : dow.close()) back += Math.abs((c[t] / c[t - 1]) / (1 + mean[t]) - 1) / symbols.size();
            held[t] = (1 + mean[t]) * (1 - bps / 10_000 * back) - 1;
        }
        Benchmark b = r.benchmark();
        assertMetrics(held, split, bars, b.outOfSample(), "out of sample");
        assertMetrics(held, 1, split, b.inSample(), "in sample");
        assertEquals(r.outOfSample().sharpe() - b.outOfSample().sharpe(), b.sharpeDifferenceOutOfSample(), 1e-12);
        // the RSI dip beat holding out of sample (Sharpe 1.29 vs 0.81): no reason says otherwise
        assertTrue(b.sharpeDifferenceOutOfSample() > 0.4, b.toString());
        assertTrue(r.reasons().stream().noneMatch(x -> x.contains("holding")), r.reasons().toString());
        assertFalse(r.verdictText().contains("holding"), "the headline is the rules' alone: " + r.verdictText());
    }

    @Test
    void theReasonLineSaysWorseOnlyWhenTheStrategyDidNotBeatHoldingOutOfSample() {
        Metrics held = sharpe(0.634, 0.2);
        assertEquals("out of sample it did worse than holding the same symbols: Sharpe 0.41 vs 0.63", Benchmark.of("h", held, held, sharpe(0.41, 0.2)).reason());
        assertEquals(null, Benchmark.of("h", held, held, sharpe(0.9, 0.2)).reason(), "beat it: nothing said");
        assertEquals("out of sample it did worse than holding the same symbols: Sharpe 0.00 vs 0.63",
                Benchmark.of("h", held, held, sharpe(Double.NaN, 0)).reason(), "cash (returns that never vary) counts as Sharpe 0");
        assertEquals(null, Benchmark.of("h", held, held, sharpe(Double.NaN, Double.NaN)).reason(), "ruined before: no Sharpe to compare");
    }

    private static Metrics sharpe(double sharpe, double volatility) {
        return new Metrics(0.1, volatility, sharpe, 1, 0.1, 0, 1, 0.5, 300);
    }

    /** The figures an independent pass over {@code returns[from, to)} gives: compounded growth, sample Sharpe. */
    private static void assertMetrics(double[] returns, int from, int to, Metrics m, String where) {
        double growth = 1, sum = 0, sq = 0;
        int n = to - from;
        for (int t = from; t < to; t++) { growth *= 1 + returns[t]; sum += returns[t]; }
        double avg = sum / n;
        for (int t = from; t < to; t++) sq += (returns[t] - avg) * (returns[t] - avg);
        double sd = Math.sqrt(sq / (n - 1));
        assertEquals(Math.pow(growth, PER_YEAR / n) - 1, m.cagr(), 1e-10, where + " CAGR");
        assertEquals(avg / sd * Math.sqrt(PER_YEAR), m.sharpe(), 1e-9, where + " Sharpe");
        assertEquals(sd * Math.sqrt(PER_YEAR), m.volatility(), 1e-10, where + " volatility");
        assertEquals(n, m.bars(), where + " bars");
    }

    @Test
    void aStrategyThatHoldsEverySymbolThroughoutEqualsItsBenchmarkAndIsSaidNotToBeatIt(@TempSextant Store store) {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        StrategyRunSummary r = research.runStrategy(new StrategyRunRequest("hold", HOLD_ALL, List.of("AA", "AXP", "T", "BA"), null, null, OOS, 1));
        Benchmark b = r.benchmark();
        assertEquals(r.inSample(), b.inSample(), "in sample the strategy is the benchmark");
        assertEquals(r.outOfSample(), b.outOfSample(), "out of sample the strategy is the benchmark");
        assertEquals(0, b.sharpeDifferenceOutOfSample(), 0);
        String sharpe = org.sextant.engine.research.report.Figures.fixed(b.outOfSample().sharpe(), 2);
        assertTrue(r.reasons().contains("out of sample it did no better than holding the same symbols: Sharpe " + sharpe + " vs " + sharpe), r.reasons().toString());

        // stored: get_run gives the same benchmark and its curve, and the report shows both
        RunDetail d = research.run(r.runId(), false, true);
        assertEquals(b, d.benchmark());
        EquityCurve best = d.curve(EquityCurve.BEST), held = d.curve(EquityCurve.BENCHMARK);
        assertNotNull(held, "the benchmark's curve is stored");
        assertEquals(best.dates(), held.dates());
        for (int t = 0; t < best.size(); t++) assertEquals(best.equity()[t], held.equity()[t], 1e-12, "bar " + t);
        String html = RunReport.html(d);
        assertTrue(html.contains("Against holding the same symbols") && html.contains(b.holds()), "report shows the benchmark");
        assertTrue(html.contains("buy-and-hold benchmark (dashed)"), "the equity chart draws the benchmark");
    }
}
