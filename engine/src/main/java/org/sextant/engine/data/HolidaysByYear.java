package org.sextant.engine.data;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/** An exchange's holidays, each year's worked out once by its rules: a forecast asks about every day of its history. */
final class HolidaysByYear {
    private final IntFunction<Set<LocalDate>> ofYear;
    private final Map<Integer, Set<LocalDate>> kept = new ConcurrentHashMap<>();

    HolidaysByYear(IntFunction<Set<LocalDate>> ofYear) {
        this.ofYear = ofYear;
    }

    /** The holidays of yearly rules that hold every year (SIX's, Euronext's). */
    static HolidaysByYear of(java.util.List<KeptHolidays.Rule> rules) {
        return new HolidaysByYear(year -> {
            Set<LocalDate> out = new java.util.HashSet<>();
            for (KeptHolidays.Rule r : rules) out.add(r.in(year));
            out.remove(null);
            return Set.copyOf(out);
        });
    }

    /** A fixed-date rule (1 August). */
    static KeptHolidays.Rule fixed(java.time.Month month, int day) {
        return new KeptHolidays.Rule.Fixed(java.time.MonthDay.of(month, day));
    }

    /** Whether the exchange is closed all day: a weekend or a holiday. */
    boolean closed(LocalDate day) {
        return day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY || contains(day);
    }

    boolean contains(LocalDate day) {
        return kept.computeIfAbsent(day.getYear(), ofYear::apply).contains(day);
    }
}
