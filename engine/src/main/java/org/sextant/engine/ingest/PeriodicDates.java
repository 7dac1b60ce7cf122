package org.sextant.engine.ingest;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The median step between a symbol's dates that makes them more than trading days apart, the one rule for the import and
 * the reads. Weekly and monthly steps are the ones the import tells 1w and 1mo files by ({@link DateSpacing}, which counts
 * the dates and takes the median in SQL, then asks {@link #of(long, double)}); quarterly, yearly, biweekly or any other
 * median past {@link #TRADING_TO} days have no bar interval (attack 14, M1). For the reads, daily closes dated so are
 * prices of longer periods stored as daily prices, which every daily read takes a period for a day of. The import's further
 * rules (no two dates in one week) decide what a file becomes, and its notes name each symbol this rule holds that imports
 * as daily prices; here the median alone says what the dates look like, whatever put them among the daily prices.
 */
public final class PeriodicDates {
    /** Fewer dates are too few to tell, as for the import. */
    public static final int MIN_DATES = DateSpacing.MIN_DATES;
    /** A weekly median step, in days: 6 to 8. */
    public static final double WEEK_FROM = 6, WEEK_TO = 8;
    /** A monthly median step, in days: 28 to 31. */
    public static final double MONTH_FROM = 28, MONTH_TO = 31;
    /**
     * The longest median step of trading days: weekdays with holidays step a median 1 day, a stock trading one day in three
     * 3 (one in four 4, over a third of its 120-date windows past it; one in five 6, weekly already). Past it, each step spans well more than
     * the trading day a daily read takes it for.
     */
    public static final double TRADING_TO = 4;
    /**
     * The recent part of a history the reads also judge: its last 120 dates. A forecast steps from the last close and is
     * calibrated on its last few hundred; a history that turned weekly shows once 60 weeks are in, while a one-day-in-three
     * stock's 120 closes pass the median of 4 in 0.1% of windows (1.6% of 60-date ones).
     */
    public static final int RECENT = 120;
    /**
     * The fewest last dates, every step past {@link #TRADING_TO} days, that make a run the reads judge (attack 15, L2: 40
     * quarterly closes after daily ones are under half of the last 120, whose median stays a day). A stock trading one
     * weekday in four steps past 4 days about every other time: 15 such steps in a row at its end, 1 in 30,000.
     */
    public static final int RUN = 16;
    private static final double DAYS_A_YEAR = 365.25;

    /** Steps with a name but no bar interval: their median range in days, the adjective, one period. */
    private record Named(double from, double to, String kind, String period) {}

    private static final List<Named> NAMED = List.of(new Named(13, 15, "biweekly", "fortnight"), new Named(85, 97, "quarterly", "quarter"),
            new Named(175, 190, "half-yearly", "half-year"), new Named(350, 380, "yearly", "year"));

    private PeriodicDates() {}

    /**
     * Dates a median {@code medianDays} apart, more than trading days: {@code interval} "1w" or "1mo" ({@code unit} "week"
     * or "month") when bars of it hold them, else null; {@code kind} "weekly", "quarterly", ... or null when the median has
     * no name (irregular prices); {@code period} one step by name ("quarter"), or null.
     */
    public record Spacing(String interval, String unit, String kind, String period, double medianDays) {
        /** Spaced as a bar interval's prices are (1w, 1mo). */
        public boolean bars() { return interval != null; }

        /** "weekly prices", "quarterly prices", "prices a median 20 days apart": what such dates are. */
        public String prices() { return kind != null ? kind + " prices" : "prices a median " + days(medianDays) + " apart"; }

        /** "as quarterly prices are", "far wider than trading days": the clause after the median. */
        public String as() { return kind != null ? "as " + kind + " prices are" : "far wider than trading days"; }

        /** How many times too large a Sharpe ratio or volatility is, annualised with {@code perYear} steps a year. */
        public double times(double perYear) { return Math.sqrt(perYear * medianDays / DAYS_A_YEAR); }

        /**
         * The fix when no bar interval holds such prices: read the answers per step. {@code perYear}: the steps a year a
         * backtest annualises with.
         */
        public String perStep(double perYear) {
            String year = String.format(Locale.ROOT, "%.0f", perYear), steps = year + " " + (period != null ? period + "s" : "steps");
            return "Sextant has no bar interval for " + prices() + " (1w and 1mo bars would count 52 or 12 a year, not " + figure(DAYS_A_YEAR / medianDays)
                    + "), so read the answers per " + (period != null ? period + ": a forecast's step is a " + period : "step: a forecast's step spans about " + days(medianDays))
                    + " whatever date it names, and a backtest's annual figures count " + steps + " a year (divide its Sharpe ratio and volatility by about "
                    + String.format(Locale.ROOT, "%.2g", times(perYear)) + "; its CAGR is the growth of " + steps + ")";
        }
    }

    /** Two significant figures, without a trailing ".0": "26", "4", "18". */
    static String figure(double x) {
        String s = String.format(Locale.ROOT, "%.2g", x);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** The spacing of {@code dates} (distinct, oldest first) when more than trading days apart; null when daily or too few to tell. */
    public static Spacing of(List<LocalDate> dates) {
        int n = dates.size();
        if (n < MIN_DATES) return null;
        long[] steps = new long[n - 1];
        for (int i = 1; i < n; i++) steps[i - 1] = ChronoUnit.DAYS.between(dates.get(i - 1), dates.get(i));
        return of(n, median(steps));
    }

    /**
     * The part of {@code dates} (distinct, oldest first) a read judges and its spacing: the whole history when its median
     * is past trading days, else its last dates when every step among them is ({@link #lastRun}), else its last
     * {@link #RECENT} dates when their median is (a history that turned weekly, a stray short step among the weeks); null
     * when all are daily. An old weekly part under half the dates is not named: the recent ones a forecast steps from and is
     * calibrated on are daily.
     */
    public static Part judged(List<LocalDate> dates) {
        Spacing whole = of(dates);
        if (whole != null) return new Part(whole, dates.size(), dates.size(), null);
        Part run = lastRun(dates);
        if (run != null) return run;
        if (dates.size() <= RECENT) return null;
        List<LocalDate> last = dates.subList(dates.size() - RECENT, dates.size());
        Spacing recent = of(last);
        return recent == null ? null : new Part(recent, RECENT, dates.size(), last.get(0));
    }

    /**
     * The last dates of {@code dates} when every step among them is past trading days and they are at least {@link #RUN}
     * (from the last daily close on: a history that turned quarterly), judged by their median; null otherwise.
     */
    static Part lastRun(List<LocalDate> dates) {
        int n = dates.size(), k = n - 1;
        while (k > 0 && ChronoUnit.DAYS.between(dates.get(k - 1), dates.get(k)) > TRADING_TO) k--;
        if (n - k < RUN || k == 0) return null; // k == 0: the whole history, judged above
        List<LocalDate> run = dates.subList(k, n);
        Spacing s = of(run);
        return s == null ? null : new Part(s, run.size(), n, run.get(0));
    }

    /**
     * Of a history of {@code total} dates, the {@code dates} judged as {@code spacing}: all of them ({@code from} null) or
     * the last ones, from {@code from}.
     */
    public record Part(Spacing spacing, int dates, int total, LocalDate from) {
        public boolean recent() { return from != null; }
    }

    /**
     * The spacing of {@code dates} distinct dates whose steps' median is {@code medianDays}: the one rule, whether the import
     * counted the dates and took the median in SQL ({@link DateSpacing}) or a read in Java; null when daily or too few to tell.
     */
    static Spacing of(long dates, double medianDays) {
        if (dates < MIN_DATES || medianDays <= TRADING_TO) return null;
        if (medianDays >= WEEK_FROM && medianDays <= WEEK_TO) return new Spacing("1w", "week", "weekly", "week", medianDays);
        if (medianDays >= MONTH_FROM && medianDays <= MONTH_TO) return new Spacing("1mo", "month", "monthly", "month", medianDays);
        for (Named n : NAMED) if (medianDays >= n.from() && medianDays <= n.to()) return new Spacing(null, null, n.kind(), n.period(), medianDays);
        return new Spacing(null, null, null, null, medianDays);
    }

    /** The median of {@code steps} (sorted here) as DuckDB's median, which the import takes: the middle one, or the mean of the two middle ones; 0 when none. */
    static double median(long[] steps) {
        Arrays.sort(steps);
        int m = steps.length;
        return m == 0 ? 0 : m % 2 == 1 ? steps[m / 2] : (steps[m / 2 - 1] + steps[m / 2]) / 2.0;
    }

    /** "7 days", "7.5 days": a median step as the import's notes say it. */
    public static String days(double d) {
        return DateSpacing.days(d);
    }
}
