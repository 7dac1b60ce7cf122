package org.sextant.engine.research.backtest;

/**
 * Performance of a return series over bars [from, to). Annualised with periodsPerYear (252 for
 * daily bars). Sharpe and Sortino take returns as excess returns (no risk-free rate).
 *
 * @param cagr        compound annual growth rate
 * @param volatility  annualised standard deviation of returns
 * @param sharpe      annualised mean / standard deviation; NaN (null on the wire) when the returns never vary (0/0)
 * @param sortino     annualised mean / downside deviation (root mean square of negative returns); NaN when no
 *                    return is below 0 (no downside to divide by: unbounded, not 0)
 * @param maxDrawdown largest fall from a running peak of equity, as a positive fraction
 * @param turnover    position traded per year (1 = one full one-way switch a year)
 * @param exposure    average absolute (gross) position per bar
 * @param hitRate     share of bars with a position whose return was positive
 * @param bars        number of bars
 */
public record Metrics(double cagr, double volatility, double sharpe, double sortino, double maxDrawdown,
                      double turnover, double exposure, double hitRate, int bars) {

    /**
     * A return of -100% or worse is ruin (see {@link Ruin}): CAGR is -100% and the drawdown 100%,
     * and the return statistics (volatility, Sharpe, Sortino, hit rate) are taken over the bars up
     * to and including the ruin, not over the nothing that follows. A window that starts after a
     * ruin earlier in the series has no return statistics (NaN) and the same -100% and 100%.
     *
     * @param exposure gross position held over each bar (may be null: counted as always exposed)
     * @param traded   position traded in each bar (may be null: turnover 0)
     */
    public static Metrics of(double[] returns, double[] exposure, double[] traded, int from, int to, double periodsPerYear) {
        if (from < 0 || to > returns.length || to - from < 2) {
            throw new IllegalArgumentException("metrics need at least 2 bars inside the series, got [" + from + ", " + to + ")");
        }
        int n = to - from;
        double years = n / periodsPerYear;
        boolean ruinedBefore = Ruin.bar(returns, 0, from) >= 0;
        int ruin = Ruin.bar(returns, from, to);
        int end = ruinedBefore ? from : ruin >= 0 ? ruin + 1 : to;   // bars [from, end) carry returns
        double sum = 0, sq = 0, down = 0, logGrowth = 0, peak = 0, maxDd = 0, turn = 0, expo = 0;
        int exposedBars = 0, hits = 0;
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int t = from; t < to; t++) {
            double e = exposure == null ? 1 : Math.abs(exposure[t]);
            expo += e;
            if (traded != null) turn += traded[t];
            if (t >= end) continue;
            double r = returns[t];
            sum += r; sq += r * r;
            lo = Math.min(lo, r); hi = Math.max(hi, r);
            if (r < 0) down += r * r;
            logGrowth += Math.log1p(Math.max(-1, r));
            peak = Math.max(peak, logGrowth);
            maxDd = Math.max(maxDd, peak - logGrowth);
            if (e > 0) { exposedBars++; if (r > 0) hits++; }
        }
        if (ruinedBefore || ruin >= 0) {
            int m = end - from;
            double mean = m == 0 ? Double.NaN : sum / m;
            double sd = m < 2 ? Double.NaN : Math.sqrt(Math.max(0, (sq - m * mean * mean) / (m - 1)));
            double dd = m == 0 ? Double.NaN : Math.sqrt(down / m);
            double ann = Math.sqrt(periodsPerYear);
            return new Metrics(-1, sd * ann, sd > 0 ? mean / sd * ann : Double.NaN, dd > 0 ? mean / dd * ann : Double.NaN, 1,
                    turn / years, expo / n, exposedBars == 0 ? (m == 0 ? Double.NaN : 0) : (double) hits / exposedBars, n);
        }
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, (sq - n * mean * mean) / (n - 1)));
        double dd = Math.sqrt(down / n);
        double ann = Math.sqrt(periodsPerYear);
        // returns that never vary have no Sharpe (the sd of equal values can round to a tiny non-zero)
        boolean varies = lo < hi && sd > 0;
        return new Metrics(Math.expm1(logGrowth / years), varies ? sd * ann : 0, varies ? mean / sd * ann : Double.NaN,
                dd > 0 ? mean / dd * ann : Double.NaN, -Math.expm1(-maxDd), turn / years, expo / n,
                exposedBars == 0 ? 0 : (double) hits / exposedBars, n);
    }
}
