package org.sextant.engine.research.backtest;

/**
 * Turns target positions into strategy returns over primitive arrays. target[t] is the position
 * wanted after seeing bar t's close (NaN means flat). It is filled on the next bar, never on bar t.
 *
 * <p>NEXT_CLOSE: the position held over bar t (close t-1 to close t) is target[t-2], and the
 * trade at close t costs |target[t-1] - target[t-2]| * cost. NEXT_OPEN: bar t's overnight gap
 * (close t-1 to open t) is earned by target[t-2], the trade happens at open t, and the intraday
 * move (open t to close t) is earned by target[t-1].
 */
public final class StrategyBacktestKernel {
    private StrategyBacktestKernel() {}

    /**
     * @param open    opening prices (may be null for NEXT_CLOSE)
     * @param held    if not null, receives the position held at the close of each bar
     * @param traded  if not null, receives the absolute position change traded in each bar
     * @return one return per bar, 0 on the first bar
     */
    public static double[] returns(double[] target, double[] open, double[] close, Execution execution, Costs costs,
                                   double[] held, double[] traded) {
        int n = close.length;
        if (target.length != n) throw new IllegalArgumentException("target and close differ in length: " + target.length + " vs " + n);
        if (execution == Execution.NEXT_OPEN && (open == null || open.length != n)) {
            throw new IllegalArgumentException("NEXT_OPEN execution needs opening prices for every bar");
        }
        double c = costs.perUnit();
        double[] out = new double[n];
        for (int t = 1; t < n; t++) {
            double before = t >= 2 ? pos(target[t - 2]) : 0;   // held into bar t
            double after = pos(target[t - 1]);                 // filled during bar t
            double dq = Math.abs(after - before);
            if (execution == Execution.NEXT_CLOSE) {
                out[t] = before * (close[t] / close[t - 1] - 1) - c * dq;
            } else {
                double gap = open[t] / close[t - 1] - 1, intraday = close[t] / open[t] - 1;
                out[t] = (1 + before * gap) * (1 - c * dq) * (1 + after * intraday) - 1;
            }
            if (held != null) held[t] = execution == Execution.NEXT_CLOSE ? before : after;
            if (traded != null) traded[t] = dq;
        }
        return out;
    }

    private static double pos(double x) {
        return Double.isNaN(x) ? 0 : x;
    }
}
