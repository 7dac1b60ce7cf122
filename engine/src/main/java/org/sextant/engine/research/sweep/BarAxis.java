package org.sextant.engine.research.sweep;

import java.util.Locale;

/**
 * What one bar of a universe is: its interval, the session its bars follow and how many of them
 * make a year, the factor every annualised figure of a run (Sharpe, volatility, PSR, DSR, MinTRL,
 * CAGR) uses. {@link #DAILY} is the store's daily prices as runs always read them: 252 a year;
 * {@link #daily} reads them by the week the symbols trade (365 a year for a 7-day market).
 *
 * @param session the trading session the bars were read along (fx, us_equity, eu_equity, continuous), or null for daily prices
 * @param why     why daily prices are annualised as they are, when the symbols' weeks decided it (null otherwise)
 */
public record BarAxis(String interval, String session, double barsPerYear, String why) {
    public static final BarAxis DAILY = new BarAxis("1d", null, 252);
    /** Bars a year of daily prices of a market that trades every day of the week (crypto). */
    public static final double SEVEN_DAY_YEAR = 365;

    public BarAxis {
        if (!(barsPerYear > 0)) throw new IllegalArgumentException("bars per year must be positive, was " + barsPerYear);
    }

    public BarAxis(String interval, String session, double barsPerYear) {
        this(interval, session, barsPerYear, null);
    }

    /**
     * Daily prices annualised by the week the symbols trade: {@link #SEVEN_DAY_YEAR} when every one of
     * them does so 7 days a week, else 252 ({@link #DAILY} when none does; a mixed universe says which).
     *
     * @param sevenDay the symbols trading 7 days a week, each with why (its session, or its weekend dates)
     * @param weekdays the symbols that do not
     */
    public static BarAxis daily(java.util.List<String> sevenDay, java.util.List<String> weekdays) {
        if (sevenDay.isEmpty()) return DAILY;
        if (weekdays.isEmpty()) return new BarAxis("1d", null, SEVEN_DAY_YEAR, String.join(", ", sevenDay));
        return new BarAxis("1d", null, DAILY.barsPerYear, String.join(", ", sevenDay) + ", but " + String.join(", ", weekdays)
                + (weekdays.size() == 1 ? " trades" : " trade") + " on weekdays, and the run reads the dates all share");
    }

    /**
     * Daily prices annualised by the week each symbol trades ({@link #daily}): 7 days a week when it is on the
     * continuous session or its dates fall on weekends as forecasts tell a weekend market
     * ({@link org.sextant.engine.forecast.TargetDates#tradesOnWeekends}) a day apart at the median.
     *
     * @param dates each symbol's own dates, oldest first
     */
    public static BarAxis byWeek(java.util.List<String> symbols, java.util.List<? extends java.util.List<java.time.LocalDate>> dates,
                                 java.util.function.Predicate<String> onContinuousSession) {
        java.util.List<String> sevenDay = new java.util.ArrayList<>(), weekdays = new java.util.ArrayList<>();
        for (int a = 0; a < symbols.size(); a++) {
            String s = symbols.get(a);
            if (onContinuousSession.test(s)) sevenDay.add(s + " is on the continuous session");
            else if (weekendMarket(dates.get(a))) sevenDay.add(s + "'s dates include weekends");
            else weekdays.add(s);
        }
        return daily(sevenDay, weekdays);
    }

    /**
     * Whether {@code dates} (oldest first) are a market's trading 7 days a week: weekend dates by the forecasts' rule, a day
     * apart at the median. Quarter-ends stored as daily prices fall on weekends too, but they are spaced closes (warned as
     * such at 252 a year), not a 7-day market.
     */
    static boolean weekendMarket(java.util.List<java.time.LocalDate> dates) {
        if (!org.sextant.engine.forecast.TargetDates.tradesOnWeekends(dates)) return false;
        int from = Math.max(1, dates.size() - 100);
        if (dates.size() < 2) return true;
        long[] gaps = new long[dates.size() - from];
        for (int i = from; i < dates.size(); i++) gaps[i - from] = dates.get(i).toEpochDay() - dates.get(i - 1).toEpochDay();
        java.util.Arrays.sort(gaps);
        return gaps[gaps.length / 2] <= 2;
    }

    /** Daily prices as runs read them before intervals existed: their answers stay as they were. */
    public boolean plainDaily() { return equals(DAILY); }

    /** Daily prices read on weekdays at 252 a year (whatever their week's note): their closes' spacing is checked as daily prices'. */
    public boolean weekdayDaily() { return interval.equals(DAILY.interval) && session == null && barsPerYear == DAILY.barsPerYear; }

    /** "annualised with 12,480 bars a year (30m, fx session)": what the verdict and the report state. */
    public String annualisation() {
        return String.format(Locale.ROOT, "annualised with %,.0f bars a year (%s%s%s)", barsPerYear, interval,
                session == null ? "" : ", " + session + " session", why == null ? "" : ": " + why);
    }
}
