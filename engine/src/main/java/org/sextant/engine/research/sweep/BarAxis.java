package org.sextant.engine.research.sweep;

import java.util.Locale;

/**
 * What one bar of a universe is: its interval, the session its bars follow and how many of them
 * make a year, the factor every annualised figure of a run (Sharpe, volatility, PSR, DSR, MinTRL,
 * CAGR) uses. {@link #DAILY} is the store's daily prices as runs always read them: 252 a year.
 *
 * @param session the trading session the bars were read along (fx, us_equity, eu_equity, continuous), or null for daily prices
 */
public record BarAxis(String interval, String session, double barsPerYear) {
    public static final BarAxis DAILY = new BarAxis("1d", null, 252);

    public BarAxis {
        if (!(barsPerYear > 0)) throw new IllegalArgumentException("bars per year must be positive, was " + barsPerYear);
    }

    /** Daily prices as runs read them before intervals existed: their answers stay as they were. */
    public boolean plainDaily() { return equals(DAILY); }

    /** "annualised with 12,480 bars a year (30m, fx session)": what the verdict and the report state. */
    public String annualisation() {
        return String.format(Locale.ROOT, "annualised with %,.0f bars a year (%s%s)", barsPerYear, interval,
                session == null ? "" : ", " + session + " session");
    }
}
