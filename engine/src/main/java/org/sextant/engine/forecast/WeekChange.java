package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.List;

/**
 * A market that changed its week (Tadawul moved from Saturday-to-Wednesday to Sunday-to-Thursday on 2013-06-29): its week is
 * read from the dates after the latest change only, or the old days linger among its recent dates for months. The change
 * is the latest date of a day of the week it traded (at least {@value TradingWeek#DAY_SHARE} of the 100 dates up to it:
 * not a stray date) and has not since, over at least {@value TradingWeek#MIN_WEEK_DAYS} calendar days of dates at least
 * {@value #MIN_DATES_A_WEEK} a week: no holiday keeps one weekday shut for four weeks running. Sparser dates (weekly or
 * quarter-end closes) tell no change. A series' calendar finds it once ({@link TargetDates#of}) and reads its week and
 * holidays from the same dates.
 *
 * @param read          the dates after the change, oldest first (all of them when none)
 * @param lastOfOldWeek the latest date on the day of the week that stopped trading, or null when none did
 */
public record WeekChange(List<LocalDate> read, LocalDate lastOfOldWeek) {
    /** Dates a week the dates after a change must average: a 5-day week four weeks running, not weekly or monthly closes. */
    static final int MIN_DATES_A_WEEK = 3;

    /** The latest change of week among the last two years of {@code dates} (oldest first), if any. */
    public static WeekChange of(List<LocalDate> dates) {
        int n = dates.size();
        if (n < 2) return new WeekChange(dates, null);
        long last = dates.get(n - 1).toEpochDay();
        boolean[] seen = new boolean[7];
        int unseen = 7;
        // from the latest date back: each day of the week's latest date, until all 7 are seen or two years are passed
        for (int i = n - 1; i >= 0 && unseen > 0 && last - dates.get(i).toEpochDay() <= TradingWeek.COUNTED_DAYS; i--) {
            int day = dates.get(i).getDayOfWeek().getValue() - 1;
            if (seen[day]) continue;
            seen[day] = true;
            unseen--;
            if (i == n - 1) continue;
            long span = last - dates.get(i + 1).toEpochDay();
            int after = n - 1 - i;
            if (span >= TradingWeek.MIN_WEEK_DAYS && after * 7L >= MIN_DATES_A_WEEK * (span + 1) && traded(dates, i)) {
                return new WeekChange(dates.subList(i + 1, n), dates.get(i));
            }
        }
        return new WeekChange(dates, null);
    }

    /** {@code dates} (oldest first) after the latest change of week among their last two years, or all of them when none. */
    public static List<LocalDate> since(List<LocalDate> dates) {
        return of(dates).read();
    }

    /** Whether the market changed its week in its last two years. */
    public boolean changed() {
        return lastOfOldWeek != null;
    }

    /**
     * What a note says of the change: "its week changed: it last traded a Saturday on 2013-06-29, and is read from
     * 2013-06-30 on"; null when none.
     */
    public String describe() {
        return describe("its");
    }

    /** {@link #describe()} of {@code whose} week ("ADX's"): a note naming several symbols says whose week changed. */
    public String describe(String whose) {
        if (!changed()) return null;
        return whose + " week changed: it last traded a " + TradingWeek.name(lastOfOldWeek.getDayOfWeek()) + " on " + lastOfOldWeek + ", and is read from "
                + read.get(0) + " on";
    }

    /** Whether the day of the week of {@code dates[i]} held its share of the dates up to it: a traded day, not a stray date. */
    private static boolean traded(List<LocalDate> dates, int i) {
        int from = Math.max(0, i + 1 - TargetDates.RECENT), count = 0;
        for (int k = from; k <= i; k++) if (dates.get(k).getDayOfWeek() == dates.get(i).getDayOfWeek()) count++;
        return count >= TradingWeek.DAY_SHARE * (i + 1 - from);
    }
}
