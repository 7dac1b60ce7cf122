package org.sextant.engine.forecast;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The days of the week a daily series trades, and how many of its bars make a year: Monday to Friday at 252
 * ({@link #WEEKDAYS}) unless its dates fall on weekends by the forecasts' rule ({@link TargetDates#tradesOnWeekends}) a day
 * apart at the median or on the same two or more days every week (Saturday and Sunday only, about 104); then 365 when it trades all 7 days (crypto), otherwise its own dates a year (a Sunday-to-Thursday
 * market such as Tadawul about 261, FX daily bars Sunday to Friday about 313). Runs annualise and forecasts step by it.
 *
 * @param days        the weekdays it trades
 * @param barsPerYear its bars a year
 */
public record TradingWeek(Set<DayOfWeek> days, double barsPerYear) {
    /** A weekday market: its holidays are learnt elsewhere ({@link TargetDates}), 252 trading days a year. */
    public static final TradingWeek WEEKDAYS = new TradingWeek(EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), 252);
    /** Bars a year of a market that trades every day of the week. */
    public static final double SEVEN_DAY_YEAR = 365;
    /** Share of the recent dates a day of the week must hold to be traded: a 5-day week has 20% a day, a stray date far less. */
    static final double DAY_SHARE = 0.05;
    /** Calendar days the latest dates must span to tell the days of a week. */
    static final int MIN_WEEK_DAYS = 28;
    /** The latest calendar days whose dates are counted for a year's bars (two years: one year's holidays do not decide it). */
    static final int COUNTED_DAYS = 730;
    /** A history shorter than this counts its week's days times 365.25 / 7 instead (its own count would be noise). */
    static final int MIN_COUNTED_DAYS = 180;
    /**
     * Share of its days' dates a year ({@code days} x 365.25 / 7) a regular week's count reaches at least: holidays shut a weekday
     * market about 9 of its 261 days; a week that changes every few weeks falls far shorter (attack 26, F5).
     */
    static final double REGULAR_SHARE = 0.9;

    public TradingWeek {
        days = Set.copyOf(days);
    }

    /**
     * The week of {@code dates} (oldest first): the one rule runs, sweeps and forecasts decide a weekend market by, read from
     * the dates after the market last changed its week ({@link WeekChange}).
     */
    public static TradingWeek of(List<LocalDate> dates) {
        return of(WeekChange.of(dates));
    }

    /** The week of the dates read after a change of week already found ({@link #of(List)}): the change is not looked for again. */
    public static TradingWeek of(WeekChange change) {
        List<LocalDate> dates = change.read();
        if (dates.size() < 2) return TargetDates.onWeekends(dates) ? new TradingWeek(EnumSet.allOf(DayOfWeek.class), SEVEN_DAY_YEAR) : WEEKDAYS;
        if (!TargetDates.onWeekends(dates)) return WEEKDAYS;
        Set<DayOfWeek> days = daysOf(dates);
        if (!aWeek(dates, days)) return WEEKDAYS; // quarter-ends on weekends are spaced closes, not a week of days
        LocalDate recent = dates.get(Math.max(0, dates.size() - TargetDates.RECENT));
        // four weeks at least tell a week's days; fewer dates on weekends are taken for 7 days a week, as they always were
        if (days.size() == 7 || dates.get(dates.size() - 1).toEpochDay() - recent.toEpochDay() < MIN_WEEK_DAYS) {
            return new TradingWeek(EnumSet.allOf(DayOfWeek.class), SEVEN_DAY_YEAR);
        }
        return new TradingWeek(days, perYear(dates, days.size()));
    }

    /**
     * The week of the dates a run over several symbols reads, those all of them share, whether or not on weekends: Monday to
     * Friday at 252 ({@link #WEEKDAYS}), every day at 365, other days (Monday to Thursday of a weekday and a Sunday-to-Thursday
     * market) at their own dates a year; null when they are no week of days ({@link #aWeek}: weekly or quarter-end closes, read
     * as daily ones at 252 and warned as such).
     */
    public static TradingWeek ofSharedDates(List<LocalDate> shared) {
        List<LocalDate> dates = WeekChange.since(shared);
        if (dates.size() < 2) return null;
        Set<DayOfWeek> days = daysOf(dates);
        if (!aWeek(dates, days)) return null;
        if (days.equals(WEEKDAYS.days())) return WEEKDAYS;
        return new TradingWeek(days, days.size() == 7 ? SEVEN_DAY_YEAR : perYear(dates, days.size()));
    }

    /**
     * The week of the dates a run over several symbols reads when they are further apart than a day at the median though
     * each symbol's own dates are daily ({@link #daily}): weeks that share only a few days (Wednesday and Thursday of a
     * Sunday-to-Thursday and a Wednesday-to-Saturday market, about 104 dates a year; Wednesdays only, about 52, the weekly
     * rule) are annualised by those dates' own count a year, not by a symbol's wider week (attack 26, F4). Null when fewer than two.
     */
    public static TradingWeek ofFewSharedDays(List<LocalDate> shared) {
        List<LocalDate> dates = WeekChange.since(shared);
        if (dates.size() < 2) return null;
        Set<DayOfWeek> days = daysOf(dates);
        return new TradingWeek(days, perYear(dates, days.size()));
    }

    /**
     * Whether {@code dates} (oldest first) are daily closes of a week ({@link #aWeek}), read after the market last changed its
     * week as {@link #of} reads them: a run over several symbols tells a symbol's week by the same test as its forecast.
     */
    public static boolean daily(List<LocalDate> dates) {
        List<LocalDate> read = WeekChange.since(dates);
        return read.size() >= 2 && aWeek(read, daysOf(read));
    }

    /**
     * The one test of a week of days, a symbol's alone ({@link #of}), among others ({@link #daily}) or the dates a run shares
     * ({@link #ofSharedDates}): its latest dates are a day apart at the median, or fall on the same two or more days every
     * week (Saturday and Sunday only are 6 days apart at the median, attack 28 F3); weekly or quarter-end closes are neither.
     */
    static boolean aWeek(List<LocalDate> dates, Set<DayOfWeek> days) {
        return aDayApart(dates) || everyWeek(dates, days);
    }

    /** The days of the week that hold at least {@value #DAY_SHARE} of the last {@value TargetDates#RECENT} dates. */
    static Set<DayOfWeek> daysOf(List<LocalDate> dates) {
        int from = Math.max(0, dates.size() - TargetDates.RECENT);
        int[] count = new int[7];
        for (int i = from; i < dates.size(); i++) count[dates.get(i).getDayOfWeek().getValue() - 1]++;
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (DayOfWeek d : DayOfWeek.values()) if (count[d.getValue() - 1] > 0 && count[d.getValue() - 1] >= DAY_SHARE * (dates.size() - from)) days.add(d);
        return days;
    }

    /**
     * Whether the latest dates fall on two or more days of the week, each week: at least {@value #REGULAR_SHARE} of those days
     * in the {@value #MIN_WEEK_DAYS} or more calendar days they span (a weekly close is one day, quarter-ends a few a year).
     */
    private static boolean everyWeek(List<LocalDate> dates, Set<DayOfWeek> days) {
        LocalDate first = dates.get(Math.max(0, dates.size() - TargetDates.RECENT)), last = dates.get(dates.size() - 1);
        if (days.size() < 2 || last.toEpochDay() - first.toEpochDay() < MIN_WEEK_DAYS) return false;
        long open = first.datesUntil(last.plusDays(1)).filter(d -> days.contains(d.getDayOfWeek())).count();
        return Math.min(dates.size(), TargetDates.RECENT) >= REGULAR_SHARE * open;
    }

    /** Whether the latest dates are a day apart at the median (not quarter-ends). */
    private static boolean aDayApart(List<LocalDate> dates) {
        int from = Math.max(1, dates.size() - TargetDates.RECENT);
        long[] gaps = new long[dates.size() - from];
        for (int i = from; i < dates.size(); i++) gaps[i - from] = dates.get(i).toEpochDay() - dates.get(i - 1).toEpochDay();
        java.util.Arrays.sort(gaps);
        return gaps[gaps.length / 2] <= 2;
    }

    /** The dates of the last {@value #COUNTED_DAYS} calendar days, a year's worth, rounded to whole bars. */
    private static double perYear(List<LocalDate> dates, int daysAWeek) {
        LocalDate last = dates.get(dates.size() - 1), first = dates.get(0).isBefore(last.minusDays(COUNTED_DAYS)) ? last.minusDays(COUNTED_DAYS) : dates.get(0);
        long span = last.toEpochDay() - first.toEpochDay();
        if (span < MIN_COUNTED_DAYS) return Math.round(daysAWeek * 365.25 / 7);
        long after = dates.stream().filter(d -> d.isAfter(first)).count(); // the dates each closing one day of the span
        return Math.round(after * 365.25 / span);
    }

    /** Whether it trades every day of the week. */
    public boolean everyDay() {
        return days.size() == 7;
    }

    /** Whether it is a weekday market ({@link #WEEKDAYS}). */
    public boolean weekdays() {
        return equals(WEEKDAYS);
    }

    /** Its days in the order of its week: from the day after one it does not trade (Sunday to Thursday), Monday to Sunday every day. */
    private List<DayOfWeek> ordered() {
        List<DayOfWeek> ordered = new java.util.ArrayList<>();
        DayOfWeek start = DayOfWeek.MONDAY;
        for (DayOfWeek d : DayOfWeek.values()) if (!days.contains(d)) start = d.plus(1);
        for (int k = 0; k < 7; k++) if (days.contains(start.plus(k))) ordered.add(start.plus(k));
        return ordered;
    }

    /** The day its week opens on: Monday for weekdays and every day, Sunday for Tadawul's Sunday to Thursday. */
    public DayOfWeek firstDay() {
        return ordered().get(0);
    }

    /** The day its week closes on: Friday for weekdays and FX's Sunday to Friday, Thursday for Tadawul, Sunday every day. */
    public DayOfWeek lastDay() {
        List<DayOfWeek> ordered = ordered();
        return ordered.get(ordered.size() - 1);
    }

    /** The first day of the week {@code d} is in; days it does not trade after its last day belong to the week just closed. */
    public LocalDate weekStart(LocalDate d) {
        return d.with(java.time.temporal.TemporalAdjusters.previousOrSame(firstDay()));
    }

    /**
     * How runs and forecasts say its week: "every day", "Sunday to Thursday", the days it trades when they do not follow each
     * other ("Wednesday, Thursday"), or "some days of Saturday to Thursday, an irregular week" when its dates a year fall short
     * of its days' by more than holidays do ({@value #REGULAR_SHARE}): the days said agree with the count a run annualises by.
     */
    public String describe() {
        if (everyDay()) return "every day";
        List<DayOfWeek> ordered = ordered();
        boolean run = ordered.size() > 2 && ordered.get(ordered.size() - 1) == ordered.get(0).plus(ordered.size() - 1);
        String said = run ? name(ordered.get(0)) + " to " + name(ordered.get(ordered.size() - 1)) : String.join(", ", ordered.stream().map(TradingWeek::name).toList());
        return irregular() ? "some days of " + said + ", an irregular week" : said;
    }

    /** Whether its dates a year fall short of its days' by more than holidays do ({@value #REGULAR_SHARE}): a week that changes every few weeks. */
    public boolean irregular() {
        return !everyDay() && barsPerYear < REGULAR_SHARE * days.size() * 365.25 / 7;
    }

    /** "Thursday". */
    static String name(DayOfWeek d) {
        return d.name().charAt(0) + d.name().substring(1).toLowerCase(Locale.ROOT);
    }
}
