package org.sextant.engine.research.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.indicator.Rsi;

/**
 * RSI mean reversion: enter long when RSI(n) falls below {@code lower}, exit when it rises above
 * {@code upper}, equal weight 1/K, filled at the next bar's close with costs. Every (n, lower,
 * upper) with lower < upper. RSI is computed once per length and asset.
 */
public final class RsiThresholdSweep implements SweepKernel {
    private final Universe universe;
    private final double cost;
    private final Costs costs;
    private final double[][] barReturn;
    private final double[][][] rsi;          // [asset][length index][t]
    private final int[] lenIdx, length;
    private final double[] lower, upper;

    public RsiThresholdSweep(Universe universe, int[] lengths, double[] lowers, double[] uppers, Costs costs) {
        this.universe = universe;
        this.cost = costs.perUnit();
        this.costs = costs;
        this.barReturn = universe.barReturns();
        rsi = new double[universe.assets()][lengths.length][];
        for (int i = 0; i < lengths.length; i++) SmaCrossoverSweep.checkLength("length", lengths[i], universe);
        for (int a = 0; a < universe.assets(); a++)
            for (int i = 0; i < lengths.length; i++) rsi[a][i] = Rsi.of(universe.close()[a], lengths[i]);
        List<double[]> configs = new ArrayList<>();
        for (int i = 0; i < lengths.length; i++)
            for (double lo : lowers) for (double hi : uppers) if (lo < hi) configs.add(new double[]{i, lo, hi});
        if (configs.isEmpty()) throw SextantException.invalid("lower", "no configuration has lower below upper", "give lower levels under some upper level");
        int n = configs.size();
        lenIdx = new int[n]; length = new int[n]; lower = new double[n]; upper = new double[n];
        for (int k = 0; k < n; k++) {
            lenIdx[k] = (int) configs.get(k)[0];
            length[k] = lengths[lenIdx[k]];
            lower[k] = configs.get(k)[1];
            upper[k] = configs.get(k)[2];
        }
    }

    @Override public int configurations() { return length.length; }

    @Override public Universe universe() { return universe; }

    /** It fills at the next close, as its own trades do. */
    @Override public org.sextant.engine.research.backtest.Holding holding(int k) {
        return org.sextant.engine.research.backtest.Holding.of(universe.symbols(), universe.open(), universe.close(),
                org.sextant.engine.research.backtest.Execution.NEXT_CLOSE, costs);
    }

    @Override public Map<String, Object> parameters(int k) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("length", length[k]);
        p.put("lower", lower[k]);
        p.put("upper", upper[k]);
        return p;
    }

    @Override
    public org.sextant.engine.research.backtest.Ruined run(int k, double[] ret, double[] expo, double[] traded) {
        int assets = universe.assets(), bars = universe.bars();
        double w = 1.0 / assets, lo = lower[k], hi = upper[k];
        for (int a = 0; a < assets; a++) {
            double[] x = rsi[a][lenIdx[k]], r = barReturn[a];
            double before = 0, after = step(0, x[0], lo, hi);
            for (int t = 1; t < bars; t++) {
                ret[t] += w * (before * r[t]);
                expo[t] += w * before;
                before = after;
                after = step(after, x[t], lo, hi);
            }
        }
        return chargeTrades(k, ret, traded);
    }

    /** Adds configuration k's trades into {@code traded} and charges them into {@code ret}, which holds its returns before costs; its ruin. */
    private org.sextant.engine.research.backtest.Ruined chargeTrades(int k, double[] ret, double[] traded) {
        double w = 1.0 / universe.assets(), lo = lower[k], hi = upper[k];
        for (int a = 0; a < universe.assets(); a++) {
            double[] x = rsi[a][lenIdx[k]], r = barReturn[a];
            double before = 0, after = step(0, x[0], lo, hi);
            for (int t = 1; t < ret.length; t++) {
                traded[t] += BookTrades.off(w * before, w * after, r[t], ret[t]);
                before = after;
                after = step(after, x[t], lo, hi);
            }
        }
        return BookTrades.charge(ret, traded, cost);
    }

    /** Configurations with the same RSI length run four at a time, reading the RSI and returns once. */
    @Override
    public void runBatch(int from, int to, double[][] ret, double[][] expo, double[][] traded) {
        int k = from;
        while (k < to) {
            if (k + 4 <= to && lenIdx[k + 1] == lenIdx[k] && lenIdx[k + 2] == lenIdx[k] && lenIdx[k + 3] == lenIdx[k]) {
                runFour(k, k - from, ret, expo, traded);
                k += 4;
            } else {
                run(k, ret[k - from], expo[k - from], traded[k - from]);
                k++;
            }
        }
    }

    private void runFour(int k, int i, double[][] ret, double[][] expo, double[][] traded) {
        int assets = universe.assets(), bars = universe.bars();
        double w = 1.0 / assets;
        double lo0 = lower[k], lo1 = lower[k + 1], lo2 = lower[k + 2], lo3 = lower[k + 3];
        double hi0 = upper[k], hi1 = upper[k + 1], hi2 = upper[k + 2], hi3 = upper[k + 3];
        double[] r0 = ret[i], r1 = ret[i + 1], r2 = ret[i + 2], r3 = ret[i + 3];
        double[] e0 = expo[i], e1 = expo[i + 1], e2 = expo[i + 2], e3 = expo[i + 3];
        for (int a = 0; a < assets; a++) {
            double[] x = rsi[a][lenIdx[k]], r = barReturn[a];
            double b0 = 0, b1 = 0, b2 = 0, b3 = 0;
            double a0 = step(0, x[0], lo0, hi0), a1 = step(0, x[0], lo1, hi1), a2 = step(0, x[0], lo2, hi2), a3 = step(0, x[0], lo3, hi3);
            for (int t = 1; t < bars; t++) {
                double rt = r[t], xt = x[t];
                r0[t] += w * (b0 * rt); e0[t] += w * b0;
                r1[t] += w * (b1 * rt); e1[t] += w * b1;
                r2[t] += w * (b2 * rt); e2[t] += w * b2;
                r3[t] += w * (b3 * rt); e3[t] += w * b3;
                b0 = a0; b1 = a1; b2 = a2; b3 = a3;
                a0 = step(a0, xt, lo0, hi0); a1 = step(a1, xt, lo1, hi1); a2 = step(a2, xt, lo2, hi2); a3 = step(a3, xt, lo3, hi3);
            }
        }
        for (int j = 0; j < 4; j++) chargeTrades(k + j, ret[i + j], traded[i + j]);
    }

    /** Hysteresis as in Signals.threshold; NaN (warm-up) keeps the state, which starts flat. */
    private static double step(double state, double x, double lo, double hi) {
        if (state == 0) return x < lo ? 1 : 0;
        return x > hi ? 0 : 1;
    }

    @Override
    public double[][] heldPositions(int k) {
        int bars = universe.bars();
        double[][] held = new double[universe.assets()][bars];
        double w = 1.0 / universe.assets();
        for (int a = 0; a < held.length; a++) {
            double[] x = rsi[a][lenIdx[k]];
            double state = 0;
            double[] target = new double[bars];
            for (int t = 0; t < bars; t++) target[t] = state = step(state, x[t], lower[k], upper[k]);
            for (int t = 2; t < bars; t++) held[a][t] = target[t - 2] * w;
        }
        return held;
    }
}
