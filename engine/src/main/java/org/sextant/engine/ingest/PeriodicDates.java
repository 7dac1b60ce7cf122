package org.sextant.engine.ingest;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;

/**
 * The median step between a symbol's dates that makes them weekly or monthly, the one the import tells 1w and 1mo files by
 * ({@link DateSpacing}, which counts the dates and takes the median in SQL, then asks {@link #of(long, double)}), for the
 * reads: daily closes dated so are a weekly (monthly) symbol stored as daily prices, which every daily read takes a week
 * for a day of. The import's further rules (no two dates in one week) decide what a file becomes, and its notes name each
 * symbol this rule holds that imports as daily prices; here the median alone says what the dates look like, whatever put
 * them among the daily prices.
 */
public final class PeriodicDates {
    /** Fewer dates are too few to tell, as for the import. */
    public static final int MIN_DATES = DateSpacing.MIN_DATES;
    /** A weekly median step, in days: 6 to 8. */
    public static final double WEEK_FROM = 6, WEEK_TO = 8;
    /** A monthly median step, in days: 28 to 31. */
    public static final double MONTH_FROM = 28, MONTH_TO = 31;

    private PeriodicDates() {}

    /** Dates spaced as {@code interval} ("1w" or "1mo", {@code unit} "week" or "month") are, a median {@code medianDays} apart. */
    public record Spacing(String interval, String unit, double medianDays) {}

    /** The spacing of {@code dates} (distinct, oldest first) when it is weekly or monthly; null when daily or too few to tell. */
    public static Spacing of(List<LocalDate> dates) {
        int n = dates.size();
        if (n < MIN_DATES) return null;
        long[] steps = new long[n - 1];
        for (int i = 1; i < n; i++) steps[i - 1] = ChronoUnit.DAYS.between(dates.get(i - 1), dates.get(i));
        return of(n, median(steps));
    }

    /**
     * The spacing of {@code dates} distinct dates whose steps' median is {@code medianDays}: the one rule, whether the import
     * counted the dates and took the median in SQL ({@link DateSpacing}) or a read in Java; null when daily or too few to tell.
     */
    static Spacing of(long dates, double medianDays) {
        if (dates < MIN_DATES) return null;
        if (medianDays >= WEEK_FROM && medianDays <= WEEK_TO) return new Spacing("1w", "week", medianDays);
        if (medianDays >= MONTH_FROM && medianDays <= MONTH_TO) return new Spacing("1mo", "month", medianDays);
        return null;
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
