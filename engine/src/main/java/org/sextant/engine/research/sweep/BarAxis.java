package org.sextant.engine.research.sweep;

import java.util.Locale;

/**
 * What one bar of a universe is: its interval, the session its bars follow and how many of them
 * make a year, the factor every annualised figure of a run (Sharpe, volatility, PSR, DSR, MinTRL,
 * CAGR) uses. {@link #DAILY} is the store's daily prices as runs always read them: 252 a year;
 * {@link #byWeek} reads them by the week the symbols trade (365 a year for a 7-day market, a 5- or 6-day week with a
 * weekend day at its own dates a year) and says which week that is.
 *
 * @param session    the trading session the bars were read along (fx, us_equity, eu_equity, six, lse, euronext, continuous), or null for daily prices
 * @param why        why daily prices are annualised as they are, the symbols' weeks and any change of week (null otherwise)
 * @param plainDaily daily prices of weekday symbols whose week did not change, at 252 a year as runs always read them: a
 *                   verdict reads as it did before intervals and does not state the annualisation ({@link HonestyReport})
 */
public record BarAxis(String interval, String session, double barsPerYear, String why, boolean plainDaily) {
    public static final BarAxis DAILY = new BarAxis("1d", null, 252);
    /** Bars a year of daily prices of a market that trades every day of the week (crypto). */
    public static final double SEVEN_DAY_YEAR = org.sextant.engine.forecast.TradingWeek.SEVEN_DAY_YEAR;

    public BarAxis {
        if (!(barsPerYear > 0)) throw new IllegalArgumentException("bars per year must be positive, was " + barsPerYear);
    }

    public BarAxis(String interval, String session, double barsPerYear) {
        this(interval, session, barsPerYear, null);
    }

    /** An axis {@link #plainDaily} when it is {@link #DAILY}'s, nothing said. */
    public BarAxis(String interval, String session, double barsPerYear, String why) {
        this(interval, session, barsPerYear, why, why == null && "1d".equals(interval) && session == null && barsPerYear == 252);
    }

    /**
     * Daily prices annualised by the week the symbols trade ({@link org.sextant.engine.forecast.TradingWeek}): {@code barsPerYear}
     * when every one of them trades on weekends (365 for 7 days a week, a Sunday-to-Thursday market's own dates a year), else 252;
     * the answer says which week ("AA, IBM trade on weekdays"; a mixed universe says which trades when).
     *
     * @param weekend     the symbols trading on weekends, each with why (its session, or its week)
     * @param weekdays    the symbols that do not
     * @param changes     what is said of the weekday symbols whose week changed, "; ADX's week changed: ...", or ""
     * @param barsPerYear the bars a year of the weekend symbols' dates (the fewest of theirs: the run reads the dates all share,
     *                    those of the symbol with the narrowest week; {@link #byWeek} counts them when they are narrower still)
     */
    private static BarAxis daily(java.util.List<String> weekend, java.util.List<String> weekdays, String changes, double barsPerYear) {
        if (weekend.isEmpty()) return new BarAxis("1d", null, DAILY.barsPerYear, onWeekdays(weekdays) + changes, changes.isEmpty());
        if (weekdays.isEmpty()) return new BarAxis("1d", null, barsPerYear, String.join(", ", weekend));
        return new BarAxis("1d", null, DAILY.barsPerYear, String.join(", ", weekend) + ", but " + onWeekdays(weekdays) + ", and the run reads the dates all share" + changes);
    }

    /** "IBM trades on weekdays", "AA, IBM trade on weekdays", "AA, AXP, BA, C, CAT and 25 more trade on weekdays". */
    private static String onWeekdays(java.util.List<String> symbols) {
        String named = symbols.size() <= NAMED ? String.join(", ", symbols)
                : String.join(", ", symbols.subList(0, NAMED)) + " and " + (symbols.size() - NAMED) + " more";  // a 500-symbol run's sentence stays a line
        return named + (symbols.size() == 1 ? " trades" : " trade") + " on weekdays";
    }

    /** "; ADX's week changed: ...", the first {@link #CHANGES_SAID} in full and the rest counted, so a verdict stays a few lines. */
    private static String changesSaid(java.util.List<String> changed) {
        StringBuilder said = new StringBuilder();
        for (String c : changed.subList(0, Math.min(CHANGES_SAID, changed.size()))) said.append("; ").append(c);
        int more = changed.size() - CHANGES_SAID;
        return more <= 0 ? said.toString() : said + "; and the weeks of " + more + " more weekday symbol" + (more == 1 ? "" : "s") + " changed";
    }

    /** The week changes of weekday symbols a run's annualisation spells out. */
    private static final int CHANGES_SAID = 2;

    /** The weekday symbols a run's annualisation names before it counts the rest. */
    private static final int NAMED = 5;

    /**
     * Daily prices annualised by the week each symbol trades ({@link #daily}): 7 days a week when it is on the continuous
     * session, else by the weekdays its dates fall on ({@link org.sextant.engine.forecast.TradingWeek#of}: 365 a year for 7
     * days, a 5- or 6-day week with a weekend day at its own dates a year), the fewest of the weekend symbols' bars a year;
     * but when the dates all share fall on fewer days of the week than any symbol's (Monday to Thursday of a weekday and a
     * Sunday-to-Thursday market), the run reads those: their own dates a year
     * ({@link org.sextant.engine.forecast.TradingWeek#ofSharedDates}), also when they are a day or two a week of daily
     * symbols ({@link org.sextant.engine.forecast.TradingWeek#ofFewSharedDays}). Each symbol whose week changed is said once,
     * with the date its week is read from ({@link org.sextant.engine.forecast.WeekChange}).
     *
     * @param dates  each symbol's own dates, oldest first
     * @param shared the dates all of them have, the run's, oldest first
     */
    public static BarAxis byWeek(java.util.List<String> symbols, java.util.List<? extends java.util.List<java.time.LocalDate>> dates,
                                 java.util.List<java.time.LocalDate> shared, java.util.function.Predicate<String> onContinuousSession) {
        java.util.List<String> weekend = new java.util.ArrayList<>(), weekdays = new java.util.ArrayList<>();
        java.util.List<String> changed = new java.util.ArrayList<>(); // of weekday symbols; a weekend symbol's is said beside its week
        java.util.Set<java.util.Set<java.time.DayOfWeek>> weeks = new java.util.HashSet<>();
        double barsPerYear = SEVEN_DAY_YEAR;
        for (int a = 0; a < symbols.size(); a++) {
            String s = symbols.get(a);
            org.sextant.engine.forecast.WeekChange change = onContinuousSession.test(s) ? null : org.sextant.engine.forecast.WeekChange.of(dates.get(a));
            org.sextant.engine.forecast.TradingWeek week = change == null ? null : org.sextant.engine.forecast.TradingWeek.of(change);
            weeks.add(week == null ? java.util.EnumSet.allOf(java.time.DayOfWeek.class) : week.days());
            if (week == null) weekend.add(s + " is on the continuous session");
            else if (week.weekdays()) {
                weekdays.add(s);
                if (change.changed()) changed.add(change.describe(s + "'s"));
            } else weekend.add(s + (week.everyDay() ? "'s dates include weekends" : " trades " + week.describe() + ", " + Math.round(week.barsPerYear()) + " dates a year")
                    + (change.changed() ? "; " + change.describe() : ""));
            if (week != null && !week.weekdays()) barsPerYear = Math.min(barsPerYear, week.barsPerYear());
        }
        String changes = changesSaid(changed);
        if (weekend.isEmpty() || symbols.size() == 1) return daily(weekend, weekdays, changes, barsPerYear);
        org.sextant.engine.forecast.TradingWeek read = org.sextant.engine.forecast.TradingWeek.ofSharedDates(shared);
        // daily symbols whose weeks share a day or two: the run reads those, not closes spaced by a weekly symbol (warned as such)
        if (read == null && dates.stream().allMatch(org.sextant.engine.forecast.TradingWeek::daily)) read = org.sextant.engine.forecast.TradingWeek.ofFewSharedDays(shared);
        if (read == null || weeks.contains(read.days())) return daily(weekend, weekdays, changes, barsPerYear); // spaced closes, or one symbol's week
        return new BarAxis("1d", null, read.barsPerYear(), String.join(", ", weekend) + (weekdays.isEmpty() ? "" : ", but " + onWeekdays(weekdays))
                + ", and the run reads the dates all share: " + read.describe() + ", " + Math.round(read.barsPerYear()) + " a year" + changes);
    }

    /** Daily prices read on weekdays at 252 a year (whatever their week's note): their closes' spacing is checked as daily prices'. */
    public boolean weekdayDaily() { return interval.equals(DAILY.interval) && session == null && barsPerYear == DAILY.barsPerYear; }

    /** "annualised with 12,480 bars a year (30m, fx session)": what the verdict and the report state. */
    public String annualisation() {
        return String.format(Locale.ROOT, "annualised with %,.0f bars a year (%s%s%s)", barsPerYear, interval,
                session == null ? "" : ", " + session + " session", why == null ? "" : ": " + why);
    }
}
