package org.sextant.engine.research.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.indicator.MovingAverage;

/**
 * Long when the fast SMA is above the slow one, flat otherwise, equal weight 1/K over the
 * universe, filled at the next bar's close with costs: every (fast, slow) pair with fast < slow.
 * Each SMA length is computed once per asset; a configuration is then one tight loop per asset.
 */
public final class SmaCrossoverSweep implements SweepKernel {
    private final Universe universe;
    private final double cost;
    private final Costs costs;
    private final double[][] barReturn;
    private final double[][][] sma;          // [asset][length index][t]
    private final int[] fastIdx, slowIdx, fastLen, slowLen;

    public SmaCrossoverSweep(Universe universe, int[] fast, int[] slow, Costs costs) {
        this.universe = universe;
        this.cost = costs.perUnit();
        this.costs = costs;
        this.barReturn = universe.barReturns();
        TreeSet<Integer> lengths = new TreeSet<>();
        for (int f : fast) lengths.add(checkLength("fast", f, universe));
        for (int s : slow) lengths.add(checkLength("slow", s, universe));
        List<Integer> lens = new ArrayList<>(lengths);
        sma = new double[universe.assets()][lens.size()][];
        for (int a = 0; a < universe.assets(); a++)
            for (int i = 0; i < lens.size(); i++) sma[a][i] = MovingAverage.sma(universe.close()[a], lens.get(i));
        List<int[]> pairs = new ArrayList<>();
        for (int f : fast) for (int s : slow) if (f < s) pairs.add(new int[]{f, s});
        if (pairs.isEmpty()) throw SextantException.invalid("fast", "no configuration has a fast length below the slow length", "give fast lengths shorter than some slow length");
        int n = pairs.size();
        fastIdx = new int[n]; slowIdx = new int[n]; fastLen = new int[n]; slowLen = new int[n];
        for (int k = 0; k < n; k++) {
            fastLen[k] = pairs.get(k)[0]; slowLen[k] = pairs.get(k)[1];
            fastIdx[k] = lens.indexOf(fastLen[k]); slowIdx[k] = lens.indexOf(slowLen[k]);
        }
    }

    static int checkLength(String field, int n, Universe u) {
        if (n < 1 || n >= u.bars()) throw SextantException.invalid(field, "length " + n + " is outside 1.." + (u.bars() - 1), "use a window shorter than the " + u.bars() + " bars in range");
        return n;
    }

    @Override public int configurations() { return fastLen.length; }

    @Override public Universe universe() { return universe; }

    /** It fills at the next close, as its own trades do. */
    @Override public org.sextant.engine.research.backtest.Holding holding(int k) {
        return org.sextant.engine.research.backtest.Holding.of(universe.symbols(), universe.open(), universe.close(),
                org.sextant.engine.research.backtest.Execution.NEXT_CLOSE, costs);
    }

    @Override public Map<String, Object> parameters(int k) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("fast", fastLen[k]);
        p.put("slow", slowLen[k]);
        return p;
    }

    @Override
    public org.sextant.engine.research.backtest.Ruined run(int k, double[] ret, double[] expo, double[] traded) {
        int assets = universe.assets(), bars = universe.bars();
        double w = 1.0 / assets;
        for (int a = 0; a < assets; a++) {
            double[] f = sma[a][fastIdx[k]], s = sma[a][slowIdx[k]], r = barReturn[a];
            double before = 0, after = f[0] > s[0] ? 1 : 0;   // targets of bars t-2 and t-1
            for (int t = 1; t < bars; t++) {
                ret[t] += w * (before * r[t]);
                expo[t] += w * before;
                before = after;
                after = f[t] > s[t] ? 1 : 0;                // NaN during warm-up compares false: flat
            }
        }
        for (int a = 0; a < assets; a++) {
            double[] f = sma[a][fastIdx[k]], s = sma[a][slowIdx[k]], r = barReturn[a];
            double before = 0, after = f[0] > s[0] ? w : 0;
            for (int t = 1; t < bars; t++) {
                traded[t] += BookTrades.off(before, after, r[t], ret[t]);
                before = after;
                after = f[t] > s[t] ? w : 0;
            }
        }
        return BookTrades.charge(ret, traded, cost);
    }

    /**
     * Configurations with the same fast length run four at a time: the fast SMA and the returns
     * are read once for four slow SMAs, halving the memory traffic of the inner loop.
     */
    @Override
    public void runBatch(int from, int to, double[][] ret, double[][] expo, double[][] traded) {
        int k = from;
        while (k < to) {
            if (k + 4 <= to && fastIdx[k + 3] == fastIdx[k] && fastIdx[k + 1] == fastIdx[k] && fastIdx[k + 2] == fastIdx[k]) {
                int i = k - from;
                runFour(k, ret[i], ret[i + 1], ret[i + 2], ret[i + 3], expo[i], expo[i + 1], expo[i + 2], expo[i + 3],
                        traded[i], traded[i + 1], traded[i + 2], traded[i + 3]);
                k += 4;
            } else {
                run(k, ret[k - from], expo[k - from], traded[k - from]);
                k++;
            }
        }
    }

    private void runFour(int k, double[] r0, double[] r1, double[] r2, double[] r3, double[] e0, double[] e1, double[] e2, double[] e3,
                         double[] d0, double[] d1, double[] d2, double[] d3) {
        int assets = universe.assets(), bars = universe.bars();
        double w = 1.0 / assets;
        for (int a = 0; a < assets; a++) {
            double[] f = sma[a][fastIdx[k]], r = barReturn[a];
            double[] s0 = sma[a][slowIdx[k]], s1 = sma[a][slowIdx[k + 1]], s2 = sma[a][slowIdx[k + 2]], s3 = sma[a][slowIdx[k + 3]];
            double b0 = 0, b1 = 0, b2 = 0, b3 = 0;
            double a0 = f[0] > s0[0] ? 1 : 0, a1 = f[0] > s1[0] ? 1 : 0, a2 = f[0] > s2[0] ? 1 : 0, a3 = f[0] > s3[0] ? 1 : 0;
            for (int t = 1; t < bars; t++) {
                double rt = r[t], ft = f[t];
                r0[t] += w * (b0 * rt); e0[t] += w * b0;
                r1[t] += w * (b1 * rt); e1[t] += w * b1;
                r2[t] += w * (b2 * rt); e2[t] += w * b2;
                r3[t] += w * (b3 * rt); e3[t] += w * b3;
                b0 = a0; b1 = a1; b2 = a2; b3 = a3;
                a0 = ft > s0[t] ? 1 : 0; a1 = ft > s1[t] ? 1 : 0; a2 = ft > s2[t] ? 1 : 0; a3 = ft > s3[t] ? 1 : 0;
            }
        }
        for (int a = 0; a < assets; a++) {
            double[] f = sma[a][fastIdx[k]], r = barReturn[a];
            double[] s0 = sma[a][slowIdx[k]], s1 = sma[a][slowIdx[k + 1]], s2 = sma[a][slowIdx[k + 2]], s3 = sma[a][slowIdx[k + 3]];
            double b0 = 0, b1 = 0, b2 = 0, b3 = 0;
            double a0 = f[0] > s0[0] ? w : 0, a1 = f[0] > s1[0] ? w : 0, a2 = f[0] > s2[0] ? w : 0, a3 = f[0] > s3[0] ? w : 0;
            for (int t = 1; t < bars; t++) {
                double rt = r[t], ft = f[t];
                d0[t] += BookTrades.off(b0, a0, rt, r0[t]); d1[t] += BookTrades.off(b1, a1, rt, r1[t]);
                d2[t] += BookTrades.off(b2, a2, rt, r2[t]); d3[t] += BookTrades.off(b3, a3, rt, r3[t]);
                b0 = a0; b1 = a1; b2 = a2; b3 = a3;
                a0 = ft > s0[t] ? w : 0; a1 = ft > s1[t] ? w : 0; a2 = ft > s2[t] ? w : 0; a3 = ft > s3[t] ? w : 0;
            }
        }
        BookTrades.charge(r0, d0, cost); BookTrades.charge(r1, d1, cost); BookTrades.charge(r2, d2, cost); BookTrades.charge(r3, d3, cost);
    }

    @Override
    public double[][] heldPositions(int k) {
        int bars = universe.bars();
        double[][] held = new double[universe.assets()][bars];
        double w = 1.0 / universe.assets();
        for (int a = 0; a < held.length; a++) {
            double[] f = sma[a][fastIdx[k]], s = sma[a][slowIdx[k]];
            for (int t = 2; t < bars; t++) held[a][t] = f[t - 2] > s[t - 2] ? w : 0;
        }
        return held;
    }
}
