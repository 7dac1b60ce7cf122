package org.sextant.engine.forecast;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Dates of forecast steps for a daily price series: the business days (Monday to Friday) after
 * the last observed date. A series that trades on weekends (e.g. crypto) steps through
 * calendar days instead: one whose recent history has weekend dates on a regular basis. A stray
 * weekend date (the NYSE composite of the sample carries two Sundays in 37 years, errors of the
 * source) does not make a weekday market a weekend one.
 */
public final class TargetDates {
    private TargetDates() {}

    public static List<LocalDate> after(List<LocalDate> history, int horizon) {
        if (history == null || history.isEmpty()) {
            throw org.sextant.engine.SextantException.invalid("dates", "no dates in the history", "load prices for the symbol first");
        }
        boolean weekends = tradesOnWeekends(history);
        List<LocalDate> out = new ArrayList<>(horizon);
        LocalDate d = history.get(history.size() - 1);
        while (out.size() < horizon) {
            d = d.plusDays(1);
            if (weekends || !isWeekend(d)) out.add(d);
        }
        return out;
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
