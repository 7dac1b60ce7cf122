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
    private final double[][] barReturn;
    private final double[][][] sma;          // [asset][length index][t]
    private final int[] fastIdx, slowIdx, fastLen, slowLen;

    public SmaCrossoverSweep(Universe universe, int[] fast, int[] slow, Costs costs) {
        this.universe = universe;
        this.cost = costs.perUnit();
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

    @Override public Map<String, Object> parameters(int k) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("fast", fastLen[k]);
        p.put("slow", slowLen[k]);
        return p;
    }

    @Override
    public void run(int k, double[] ret, double[] expo, double[] traded) {
        int assets = universe.assets(), bars = universe.bars();
        double w = 1.0 / assets, c = cost;
        for (int a = 0; a < assets; a++) {
            double[] f = sma[a][fastIdx[k]], s = sma[a][slowIdx[k]], r = barReturn[a];
            double before = 0, after = f[0] > s[0] ? 1 : 0;   // targets of bars t-2 and t-1
            for (int t = 1; t < bars; t++) {
                double dq = Math.abs(after - before);
                ret[t] += w * (before * r[t] - c * dq);
                expo[t] += w * before;
                traded[t] += w * dq;
                before = after;
                after = f[t] > s[t] ? 1 : 0;                // NaN during warm-up compares false: flat
            }
        }
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
