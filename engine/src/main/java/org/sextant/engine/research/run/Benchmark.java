package org.sextant.engine.research.run;

import org.sextant.engine.research.backtest.Holding;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.report.Figures;
import org.sextant.engine.research.sweep.SweepResult;

/**
 * The run's buy-and-hold benchmark ({@link Holding}) measured on the same bars and split as the
 * strategy: its metrics in and out of sample, and the strategy's out-of-sample Sharpe ratio minus
 * its own (a strategy whose returns never vary counts as Sharpe 0, cash, as it is ranked).
 */
public record Benchmark(String holds, Metrics inSample, Metrics outOfSample, double sharpeDifferenceOutOfSample) {

    /** The benchmark of {@code holding} with the split at bar {@code split}, against the strategy's out-of-sample metrics. */
    public static Benchmark of(Holding holding, int split, double periodsPerYear, Metrics strategyOutOfSample) {
        double[] r = holding.returns();
        return of(holding.holds(), Metrics.of(r, holding.exposure(), holding.traded(), 1, split, periodsPerYear),
                Metrics.of(r, holding.exposure(), holding.traded(), split, r.length, periodsPerYear), strategyOutOfSample);
    }

    /** The benchmark as stored, against the strategy's out-of-sample metrics. */
    public static Benchmark of(String holds, Metrics inSample, Metrics outOfSample, Metrics strategyOutOfSample) {
        return new Benchmark(holds, inSample, outOfSample, SweepResult.comparableSharpe(strategyOutOfSample) - outOfSample.sharpe());
    }

    /**
     * The reason line when the strategy did not beat holding out of sample, e.g. "out of sample it did
     * worse than holding the same symbols: Sharpe 0.41 vs 0.63"; null when it did better or either
     * Sharpe ratio is undefined.
     */
    public String reason() {
        if (!(sharpeDifferenceOutOfSample <= 0)) return null;
        double holdingSharpe = outOfSample.sharpe(), strategySharpe = holdingSharpe + sharpeDifferenceOutOfSample;
        String s = Figures.fixed(strategySharpe, 2), b = Figures.fixed(holdingSharpe, 2);
        return "out of sample it did " + (s.equals(b) ? "no better" : "worse") + " than holding the same symbols: Sharpe " + s + " vs " + b;
    }
}
