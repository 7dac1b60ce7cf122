package org.sextant.engine.research.run;

import java.time.LocalDate;
import java.util.List;

/**
 * Daily equity (growth of 1, after costs) and drawdown (equity / running peak - 1, zero or
 * negative) of one configuration over the whole run, in and out of sample in one line;
 * {@code oosIndex} is the first out-of-sample bar.
 *
 * @param role "best" (best in-sample Sharpe: what the verdict judges), "selected" (the
 *             configuration the researcher selected; the best one unless another was named) or
 *             "benchmark" (holding the run's symbols, {@link Benchmark})
 */
public record EquityCurve(String role, int configuration, List<LocalDate> dates, double[] equity, double[] drawdown, int oosIndex) {

    public static final String BEST = "best";
    public static final String SELECTED = "selected";
    /** The buy-and-hold benchmark beside the best configuration (its configuration: the best one, whose fills and costs it shares). */
    public static final String BENCHMARK = "benchmark";

    /**
     * The curve of a per-bar return series (return of bar 0 ignored: nothing is held before it).
     * Equity that reaches 0 stays at 0 (ruin, {@link org.sextant.engine.research.backtest.Ruin}):
     * drawdown -1 from then on, never below.
     */
    public static EquityCurve of(String role, int configuration, List<LocalDate> dates, double[] returns, int oosIndex) {
        int n = dates.size();
        double[] eq = new double[n], dd = new double[n];
        double e = 1, peak = 1;
        for (int t = 0; t < n; t++) {
            if (t > 0) e = Math.max(0, e * (1 + returns[t]));
            peak = Math.max(peak, e);
            eq[t] = e;
            dd[t] = e / peak - 1;
        }
        return new EquityCurve(role, configuration, List.copyOf(dates), eq, dd, oosIndex);
    }

    public int size() { return dates.size(); }

    /** The first bar whose equity is 0 or below (a curve stored before ruin was modelled may go below), or -1. */
    public int ruinIndex() {
        for (int t = 0; t < equity.length; t++) if (equity[t] <= 0) return t;
        return -1;
    }
}
