package org.sextant.engine.research.sweep;

import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.backtest.Execution;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.backtest.Portfolio;
import org.sextant.engine.research.backtest.Signals;
import org.sextant.engine.research.indicator.MovingAverage;
import org.sextant.engine.research.indicator.Rsi;

/**
 * The straightforward way to run one configuration, built from the general pieces (indicator,
 * signal, portfolio weights, kernel, metrics) with fresh arrays each time. It is the correctness
 * reference for the sweep kernels and the baseline of the benchmark.
 */
final class NaiveSweep {
    private NaiveSweep() {}

    static double[] smaCrossover(Universe u, int fast, int slow, Costs costs, double[] exposure, double[] traded) {
        double[][] signals = new double[u.assets()][];
        for (int a = 0; a < u.assets(); a++) {
            signals[a] = Signals.crossover(MovingAverage.sma(u.close()[a], fast), MovingAverage.sma(u.close()[a], slow), false);
        }
        return Portfolio.returns(Portfolio.equalWeight(signals), null, u.close(), Execution.NEXT_CLOSE, costs, exposure, traded);
    }

    static double[] rsiThreshold(Universe u, int n, double lower, double upper, Costs costs, double[] exposure, double[] traded) {
        double[][] signals = new double[u.assets()][];
        for (int a = 0; a < u.assets(); a++) signals[a] = Signals.threshold(Rsi.of(u.close()[a], n), lower, upper);
        return Portfolio.returns(Portfolio.equalWeight(signals), null, u.close(), Execution.NEXT_CLOSE, costs, exposure, traded);
    }

    /** In-sample and out-of-sample metrics of one naive run. */
    static Metrics[] measure(double[] r, double[] exposure, double[] traded, int split) {
        return new Metrics[]{Metrics.of(r, exposure, traded, 1, split, 252), Metrics.of(r, exposure, traded, split, r.length, 252)};
    }

}
