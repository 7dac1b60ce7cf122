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

    /** The holidays of yearly rules that hold every year (Euronext's). */
    static HolidaysByYear of(java.util.List<KeptHolidays.Rule> rules) {
        return fromDays(year -> rules.stream().map(r -> r.in(year)));
    }

    /** The holidays of rules each closing the exchange in a span of years (Xetra's, SIX's). */
    static HolidaysByYear ofClosures(java.util.List<XetraCalendar.Closure> closures) {
        return fromDays(year -> closures.stream().map(c -> c.in(year)));
    }

    /** A year's days from its rules, null where a rule names none that year. */
    private static HolidaysByYear fromDays(IntFunction<java.util.stream.Stream<LocalDate>> days) {
        return new HolidaysByYear(year -> days.apply(year).filter(java.util.Objects::nonNull).collect(java.util.stream.Collectors.toUnmodifiableSet()));
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
