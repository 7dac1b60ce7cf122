package org.sextant.engine.forecast;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.data.KeptHolidays;
import org.sextant.engine.data.NyseCalendar;

/**
 * Dates of forecast steps for a daily price series: the business days (Monday to Friday) after
 * the last observed date. A series that trades on weekends (e.g. crypto) steps through
 * calendar days instead: one whose recent history has weekend dates on a regular basis. A stray
 * weekend date (the NYSE composite of the sample carries two Sundays in 37 years, errors of the
 * source) does not make a weekday market a weekend one. A series whose recent history keeps the
 * NYSE's holidays (a US stock or index) also steps over them; any other weekday series steps over
 * the yearly holidays its own history keeps ({@link KeptHolidays}: Zurich's Ascension and Whit
 * Monday, London's bank holidays).
 */
public final class TargetDates {
    private TargetDates() {}

    public static List<LocalDate> after(List<LocalDate> history, int horizon) {
        return of(history).after(history.get(history.size() - 1), horizon);
    }

    /** The calendar a series' history shows: every day, or weekdays less the holidays it keeps. */
    public static Calendar of(List<LocalDate> history) {
        if (history == null || history.isEmpty()) {
            throw org.sextant.engine.SextantException.invalid("dates", "no dates in the history", "load prices for the symbol first");
        }
        if (tradesOnWeekends(history)) return new Calendar(true, false, KeptHolidays.NONE);
        if (keepsNyseHolidays(history)) return new Calendar(false, true, KeptHolidays.NONE);
        return new Calendar(false, false, KeptHolidays.learn(history));
    }

    /** The days a series' next values fall on. */
    public record Calendar(boolean everyDay, boolean nyse, KeptHolidays kept) {
        public boolean open(LocalDate d) {
            return everyDay || !(isWeekend(d) || (nyse && NyseCalendar.holiday(d)) || kept.holiday(d));
        }

        /** The first {@code horizon} open days after {@code last}. */
        public List<LocalDate> after(LocalDate last, int horizon) {
            List<LocalDate> out = new ArrayList<>(horizon);
            for (LocalDate d = last.plusDays(1); out.size() < horizon; d = d.plusDays(1)) if (open(d)) out.add(d);
            return out;
        }

        /** What a reader is told: "every day", "weekdays less the NYSE's holidays", the holidays kept. */
        public String describe() {
            if (everyDay) return "every day";
            if (nyse) return "weekdays less the NYSE's holidays";
            if (kept.rules().isEmpty()) return "weekdays";
            return "weekdays less the holidays the series keeps: " + kept.describe();
        }
    }

    /** Dates looked at for the NYSE's holidays (about two years), how many holidays they must span, and the share kept. */
    static final int RECENT_NYSE = 500;
    static final int MIN_NYSE_HOLIDAYS = 5;
    static final double NYSE_SHARE = 0.8;

    /**
     * Whether the history has no date on at least {@value #NYSE_SHARE} of the NYSE holidays its
     * last {@value #RECENT_NYSE} dates span (at least {@value #MIN_NYSE_HOLIDAYS} of them). A
     * Swiss or British market shares only New Year, Good Friday and Christmas (and a May Monday)
     * of the NYSE's nine or ten a year.
     */
    public static boolean keepsNyseHolidays(List<LocalDate> history) {
        int from = Math.max(0, history.size() - RECENT_NYSE);
        java.util.Set<LocalDate> dates = new java.util.HashSet<>(history.subList(from, history.size()));
        int spanned = 0, kept = 0;
        for (LocalDate d = history.get(from).plusDays(1); d.isBefore(history.get(history.size() - 1)); d = d.plusDays(1)) {
            if (!isWeekend(d) && NyseCalendar.holiday(d)) {
                spanned++;
                if (!dates.contains(d)) kept++;
            }
        }
        return spanned >= MIN_NYSE_HOLIDAYS && kept >= NYSE_SHARE * spanned;
    }

    /** Latest dates looked at, and the share of weekend dates among them that marks a weekend market (a 7-day market has 2/7). */
    static final int RECENT = 100;
    static final double WEEKEND_SHARE = 0.10;

    /** Whether at least {@value #WEEKEND_SHARE} of the last {@value #RECENT} dates (all when fewer) fall on a Saturday or Sunday. */
    public static boolean tradesOnWeekends(List<LocalDate> history) {
        int from = Math.max(0, history.size() - RECENT);
        int weekend = 0;
        for (int i = from; i < history.size(); i++) {
            if (isWeekend(history.get(i))) weekend++;
        }
        return history.size() > from && weekend >= WEEKEND_SHARE * (history.size() - from);
    }

    private static boolean isWeekend(LocalDate d) {
        return d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY;
    }
}
