package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The backtest summary's figures as people read them (their rounding: FiguresTest). */
class StrategyBacktestCommandTest {
    /** A run printed "haircut Sharpe -0.00"; an undefined figure is "n/a", never "NaN". */
    @Test
    void aFigureIsNeverNegativeZeroNorNaN() {
        assertEquals("0.00", StrategyBacktestCommand.figure(-0.001, 2));
        assertEquals("n/a", StrategyBacktestCommand.figure(Double.NaN, 2));
    }

    /** PSR n/a from one non-zero return was explained as "moments outside the formula's range": the engine's reason is printed. */
    @Test
    void anUndefinedPsrGivesTheEnginesReason() {
        double nan = Double.NaN;
        var in = new org.sextant.engine.research.backtest.Metrics(0.3, 0.5, 0.95, nan, 0, 0.1, 1, 0.004, 278);
        var r = new org.sextant.engine.research.StrategyRunSummary("r", "s", 3, 3, 1, java.util.Map.of(), in, in, nan, nan, nan, nan, nan,
                nan, nan, nan, 0.99, "not significant", "not significant", java.util.List.of(),
                java.util.List.of("PSR, DSR and MinTRL are n/a: the chosen configuration's in-sample returns have 1 non-zero value"), 1, "1d", 252, "", null);
        assertEquals("the chosen configuration's in-sample returns have 1 non-zero value", StrategyBacktestCommand.whyUndefined(r));
    }

    /**
     * USDCHF at 30m: PSR 0.574, DSR n/a for want of a second 30m Sharpe ratio in the session; the summary blamed the in-sample
     * moments (the PSR's reason, and the PSR was defined): the DSR's own reason is given, as the DSR's.
     */
    @Test
    void aDsrAloneUndefinedGivesItsOwnReason() {
        double nan = Double.NaN;
        var in = new org.sextant.engine.research.backtest.Metrics(0.01, 0.05, 0.10, 0.14, 0.1, 3, 0.4, 0.5, 43000);
        String why = "the variance of the Sharpe ratios of the session's 30m configurations is unknown (fewer than 2 of them had a Sharpe ratio)";
        var r = new org.sextant.engine.research.StrategyRunSummary("r", "s", 1, 2, 2, java.util.Map.of(), in, in, 0.574, nan, nan, 0, 0,
                nan, nan, nan, 0.951, "not significant", "not significant", java.util.List.of(),
                java.util.List.of("DSR is n/a: " + why), 1, "30m", 12480, "", null);
        assertEquals(why, StrategyBacktestCommand.whyUndefined(r));
    }

    /** The summary says what holding the same symbols gave beside the strategy; a run without a benchmark prints nothing for it. */
    @Test
    void theBenchmarkIsPrintedBesideTheStrategy() {
        var is = new org.sextant.engine.research.backtest.Metrics(0.1, 0.2, 0.5, 0.7, 0.1, 0, 1, 0.5, 700);
        var oos = new org.sextant.engine.research.backtest.Metrics(0.1, 0.2, 0.634, 0.7, 0.1, 0, 1, 0.5, 300);
        var held = new org.sextant.engine.research.run.Benchmark("AA, IBM held at 1/2 of equity each", is, oos, -0.2234);
        StringBuilder sb = new StringBuilder();
        StrategyBacktestCommand.benchmark(sb, null);
        assertEquals("", sb.toString());
        StrategyBacktestCommand.benchmark(sb, summary(held));
        assertEquals("benchmark: AA, IBM held at 1/2 of equity each\n  holding's in-sample Sharpe 0.50, out-of-sample Sharpe 0.63;"
                + " out of sample the strategy's Sharpe minus holding's: -0.22\n", sb.toString());
    }

    private static org.sextant.engine.research.StrategyRunSummary summary(org.sextant.engine.research.run.Benchmark benchmark) {
        double nan = Double.NaN;
        return new org.sextant.engine.research.StrategyRunSummary("r", "s", 1, 1, 1, java.util.Map.of(), null, null, nan, nan, nan, nan, nan,
                nan, nan, nan, nan, "not significant", "not significant", java.util.List.of(), java.util.List.of(), 1, "1d", 252, "", benchmark);
    }
}
