package org.sextant.engine.research.backtest;

/**
 * Performance of a return series over bars [from, to). Annualised with periodsPerYear (252 for
 * daily bars). Sharpe and Sortino take returns as excess returns (no risk-free rate).
 *
 * @param cagr        compound annual growth rate
 * @param volatility  annualised standard deviation of returns
 * @param sharpe      annualised mean / standard deviation
 * @param sortino     annualised mean / downside deviation (root mean square of negative returns)
 * @param maxDrawdown largest fall from a running peak of equity, as a positive fraction
 * @param turnover    position traded per year (1 = one full one-way switch a year)
 * @param exposure    average absolute (gross) position per bar
 * @param hitRate     share of bars with a position whose return was positive
 * @param bars        number of bars
 */
public record Metrics(double cagr, double volatility, double sharpe, double sortino, double maxDrawdown,
                      double turnover, double exposure, double hitRate, int bars) {

    /**
     * @param exposure gross position held over each bar (may be null: counted as always exposed)
     * @param traded   position traded in each bar (may be null: turnover 0)
     */
    public static Metrics of(double[] returns, double[] exposure, double[] traded, int from, int to, double periodsPerYear) {
        if (from < 0 || to > returns.length || to - from < 2) {
            throw new IllegalArgumentException("metrics need at least 2 bars inside the series, got [" + from + ", " + to + ")");
        }
        int n = to - from;
        double sum = 0, sq = 0, down = 0, logGrowth = 0, peak = 0, maxDd = 0, turn = 0, expo = 0;
        int exposedBars = 0, hits = 0;
        for (int t = from; t < to; t++) {
            double r = returns[t];
            sum += r; sq += r * r;
            if (r < 0) down += r * r;
            logGrowth += Math.log1p(r);
            peak = Math.max(peak, logGrowth);
            maxDd = Math.max(maxDd, peak - logGrowth);
            double e = exposure == null ? 1 : Math.abs(exposure[t]);
            expo += e;
            if (e > 0) { exposedBars++; if (r > 0) hits++; }
            if (traded != null) turn += traded[t];
        }
        double years = n / periodsPerYear;
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, (sq - n * mean * mean) / (n - 1)));
        double dd = Math.sqrt(down / n);
        double ann = Math.sqrt(periodsPerYear);
        return new Metrics(Math.expm1(logGrowth / years), sd * ann, sd > 0 ? mean / sd * ann : 0,
                dd > 0 ? mean / dd * ann : 0, -Math.expm1(-maxDd), turn / years, expo / n,
                exposedBars == 0 ? 0 : (double) hits / exposedBars, n);
    }
}
