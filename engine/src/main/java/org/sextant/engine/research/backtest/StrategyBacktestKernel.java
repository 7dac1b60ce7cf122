package org.sextant.engine.research.backtest;

/**
 * Turns target weights into strategy returns over primitive arrays. target[a][t] is asset a's
 * weight (a fraction of equity) wanted after seeing bar t's close (NaN means flat). It is filled on
 * the next bar, never on bar t.
 *
 * <p>NEXT_CLOSE: the weights held over bar t were set at close t-1 to target[t-2]; at close t they
 * have drifted with bar t's moves (w(1+r_a)/(1+R), R the portfolio's return) and are traded to
 * target[t-1], costing the sum of |target - drifted| times the cost rate of the equity at close t
 * (so the bar returns (1+R)(1-cost) - 1, as a next_open bar pays its cost on the equity at its open). NEXT_OPEN: the weights set
 * at open t-1 drift over its intraday move and bar t's overnight gap, and are traded at open t to
 * target[t-1], which then earns bar t's intraday move. So holding a weight other than one asset at 1
 * (0.5, 5, several assets, a short) pays for the trades back to it that the bars' moves force; one
 * asset held at 1 never drifts and pays its entry only.
 *
 * <p>A rebalancing band b leaves an asset untraded while its drifted weight is within b of its
 * target (it keeps drifting, and earns at its drifted weight). It spares drifts only: an entry from
 * flat, a change of side and an exit (a target of 0) are always traded, or a band of 0.4 would never
 * buy a 1/3 weight and a run (or its buy-and-hold benchmark) would hold nothing.
 *
 * <p>A fill's costs are paid from cash by the trades that incur them: traded assets are set to their
 * targets of the equity the costs leave, and an asset left untraded keeps its value (its weight of
 * that equity grows by 1 / (1 - cost)), so a rebalance of A alone never lowers B. With a band of 0
 * every position is rebalanced at every fill, to its target of the equity after costs.
 */
public final class StrategyBacktestKernel {
    private StrategyBacktestKernel() {}

    /**
     * One asset's returns (see {@link #returns(double[][], double[][], double[][], Execution, Costs, double, double[][], double[], double[])}).
     *
     * @param held   if not null, receives the position held over each bar
     * @param traded if not null, receives the absolute position traded in each bar
     */
    public static double[] returns(double[] target, double[] open, double[] close, Execution execution, Costs costs,
                                   double[] held, double[] traded) {
        if (target.length != close.length) throw new IllegalArgumentException("target and close differ in length: " + target.length + " vs " + close.length);
        return returns(new double[][]{target}, open == null ? null : new double[][]{open}, new double[][]{close}, execution, costs, 0,
                held == null ? null : new double[][]{held}, null, traded);
    }

    /**
     * A book's returns, one per bar (0 on the first).
     *
     * @param open     opening prices per asset (may be null for NEXT_CLOSE)
     * @param band     rebalancing band, a weight in [0, 1): drifts within it are not traded
     * @param held     if not null, receives each asset's weight held over each bar (NEXT_CLOSE: from the
     *                 previous close; NEXT_OPEN: from the bar's open)
     * @param exposure if not null, receives the gross weight held over each bar
     * @param traded   if not null, receives the total weight traded in each bar, rebalancing included
     */
    public static double[] returns(double[][] target, double[][] open, double[][] close, Execution execution, Costs costs, double band,
                                   double[][] held, double[] exposure, double[] traded) {
        return run(target, open, close, execution, costs, band, held, exposure, traded).returns();
    }

    /** A book's returns (as {@link #returns}) and where its equity was first ruined, null when it never was. */
    public record Result(double[] returns, Ruined ruined) {}

    /** {@link #returns(double[][], double[][], double[][], Execution, Costs, double, double[][], double[], double[])} with its ruin. */
    public static Result run(double[][] target, double[][] open, double[][] close, Execution execution, Costs costs, double band,
                             double[][] held, double[] exposure, double[] traded) {
        int k = close.length, n = close[0].length;
        for (double[] w : target) if (w.length != n) throw new IllegalArgumentException("target and close differ in length: " + w.length + " vs " + n);
        if (execution == Execution.NEXT_OPEN && (open == null || open.length != k || open[0] == null || open[0].length != n)) {
            throw new IllegalArgumentException("NEXT_OPEN execution needs opening prices for every bar");
        }
        if (!(band >= 0 && band < 1)) throw new IllegalArgumentException("rebalancing band must be in [0, 1), got " + band);
        double c = costs.perUnit();
        double[] out = new double[n];
        double[] w = new double[k];          // each asset's weight now: held into the bar, then drifted, then traded
        boolean[] spared = new boolean[k];   // left untraded at this bar's fill (within the band)
        Ruined ruined = null;
        for (int t = 1; t < n; t++) {
            double dq = 0, gross = 0, before;
            if (execution == Execution.NEXT_CLOSE) {
                double portfolio = 0;
                for (int a = 0; a < k; a++) {
                    if (held != null) held[a][t] = w[a];
                    gross += Math.abs(w[a]);
                    portfolio += w[a] * (close[a][t] / close[a][t - 1] - 1);
                }
                for (int a = 0; a < k; a++) dq += trade(w, a, close[a][t] / close[a][t - 1] - 1, portfolio, pos(target[a][t - 1]), band, spared);
                keepValueOfSpared(w, spared, c * dq);
                out[t] = afterFill(portfolio, c * dq, 0);
                before = portfolio;
            } else {
                double gap = 0, intraday = 0;
                for (int a = 0; a < k; a++) gap += w[a] * (open[a][t] / close[a][t - 1] - 1);
                for (int a = 0; a < k; a++) dq += trade(w, a, open[a][t] / close[a][t - 1] - 1, gap, pos(target[a][t - 1]), band, spared);
                keepValueOfSpared(w, spared, c * dq);
                for (int a = 0; a < k; a++) {
                    if (held != null) held[a][t] = w[a];
                    gross += Math.abs(w[a]);
                    intraday += w[a] * (close[a][t] / open[a][t] - 1);
                }
                out[t] = afterFill(gap, c * dq, intraday);
                before = gap;
                // drifted over the intraday move into the close, as the next bar's gap starts from it
                if (1 + intraday > 0) for (int a = 0; a < k; a++) w[a] = w[a] * (close[a][t] / open[a][t]) / (1 + intraday);
            }
            if (exposure != null) exposure[t] += gross;
            if (traded != null) traded[t] += dq;
            if (ruined == null && out[t] <= -1) ruined = new Ruined(t, Ruined.Cause.of(before, c * dq), dq); // as Ruin.bar finds it
        }
        return new Result(out, ruined);
    }

    /**
     * Drifts asset a's weight w[a] over its return r while the book returned {@code portfolio}, trades it
     * to {@code target} unless the band spares it, and returns the weight traded. Taken as
     * |w(1+r) - target(1+R)| / (1+R), so an asset held alone at 1 (R = r) drifts by exactly 0.
     */
    private static double trade(double[] w, int a, double r, double portfolio, double target, double band, boolean[] spared) {
        double off = 1 + portfolio > 0 ? Math.abs(w[a] * (1 + r) - target * (1 + portfolio)) / (1 + portfolio)
                : Math.abs(target - w[a]);               // equity gone (a ruin): nothing left to drift, the run stops here
        // held on the target's side: a drift the band spares. A band of 0 spares none: every position is set to its target
        // of the equity the costs leave, a book rebalanced every bar (one that did not drift too)
        spared[a] = band > 0 && off <= band && target * w[a] > 0;
        if (spared[a]) {
            if (1 + portfolio > 0) w[a] = w[a] * (1 + r) / (1 + portfolio);
            return 0;
        }
        w[a] = target;
        return off;
    }

    /**
     * The fill's costs are paid from cash: a position left untraded keeps its value, so its weight of the
     * equity the costs leave grows by 1 / (1 - cost), and only the traded positions (set to their targets of
     * that equity) and cash carry the bar's costs.
     */
    private static void keepValueOfSpared(double[] w, boolean[] spared, double cost) {
        if (cost <= 0 || cost >= 1) return;              // nothing paid, or a ruin that stops the run here
        for (int a = 0; a < w.length; a++) if (spared[a]) w[a] /= 1 - cost;
    }

    /**
     * A bar's return when the book moved by {@code before} into the fill, paid {@code cost} of the equity it
     * had there, and moved by {@code after} from it: -1 (ruin) once equity or what the costs leave of it is gone.
     */
    public static double afterFill(double before, double cost, double after) {
        if (1 + before <= 0 || 1 - cost <= 0) return -1;
        return (1 + before) * (1 - cost) * (1 + after) - 1;
    }

    private static double pos(double x) {
        return Double.isNaN(x) ? 0 : x;
    }
}
