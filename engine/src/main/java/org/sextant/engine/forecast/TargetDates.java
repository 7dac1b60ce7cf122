package org.sextant.engine.forecast;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Dates of forecast steps for a daily price series: the business days (Monday to Friday) after
 * the last observed date. A series that trades on weekends (e.g. crypto, detected by any
 * weekend date in its history) steps through calendar days instead.
 */
public final class TargetDates {
    private TargetDates() {}

    public static List<LocalDate> after(List<LocalDate> history, int horizon) {
        if (history == null || history.isEmpty()) {
            throw org.sextant.engine.SextantException.invalid("dates", "no dates in the history", "load prices for the symbol first");
        }
        boolean weekends = history.stream().anyMatch(TargetDates::isWeekend);
        List<LocalDate> out = new ArrayList<>(horizon);
        LocalDate d = history.get(history.size() - 1);
        while (out.size() < horizon) {
            d = d.plusDays(1);
            if (weekends || !isWeekend(d)) out.add(d);
        }
        return out;
    }

    private static boolean isWeekend(LocalDate d) {
        return d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY;
    }
}
