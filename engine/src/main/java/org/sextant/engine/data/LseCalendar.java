package org.sextant.engine.data;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.temporal.TemporalAdjusters;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The London Stock Exchange's trading days, the lse session's calendar: closed on the bank holidays of England and Wales
 * (New Year's Day, Good Friday, Easter Monday, the first and last Mondays of May, the last Monday of August, Christmas and
 * Boxing Day, each kept on the next free weekday when it falls on a weekend) and on the days proclaimed instead or as well
 * (VE Day 1995 and 2020 instead of the early May holiday, the jubilees of 2002, 2012 and 2022 with the spring holiday moved,
 * the millennium, the royal wedding of 2011, the state funeral of 2022, the coronation of 2023). Trading closes at 12:30
 * London on the last weekday before Christmas and before New Year's Day (24 and 31 December when those are weekdays).
 * Source: London Stock Exchange, "Business days" (lseg.com, the non-trading days and half days published for 2024-2026);
 * gov.uk "UK bank holidays" for the proclaimed days. Scotland's 2 January is a trading day.
 */
public final class LseCalendar {
    /** When trading ends on a half day; the closing auction follows to 12:35. */
    public static final LocalTime EARLY_CLOSE = LocalTime.of(12, 30);
    public static final LocalTime CLOSE = LocalTime.of(16, 30);

    private LseCalendar() {}

    /** Days proclaimed as holidays besides the standing ones. */
    static final List<LocalDate> PROCLAIMED = List.of(LocalDate.of(1999, 12, 31), LocalDate.of(2002, 6, 3), LocalDate.of(2011, 4, 29),
            LocalDate.of(2012, 6, 5), LocalDate.of(2022, 6, 3), LocalDate.of(2022, 9, 19), LocalDate.of(2023, 5, 8));

    /**
     * The yearly rules behind most of its holidays (a series' learned holidays less these are its own): New Year's Day, Good Friday,
     * Easter Monday, the first and last Mondays of May, the last Monday of August, 25 and 26 December. The moves off weekends and
     * the proclaimed days are the calendar's, not rules.
     */
    public static List<KeptHolidays.Rule> standing() {
        return List.of(new KeptHolidays.Rule.Fixed(java.time.MonthDay.of(1, 1)), new KeptHolidays.Rule.FromEaster(-2), new KeptHolidays.Rule.FromEaster(1),
                new KeptHolidays.Rule.NthWeekday(Month.MAY, DayOfWeek.MONDAY, 1), new KeptHolidays.Rule.NthWeekday(Month.MAY, DayOfWeek.MONDAY, -1),
                new KeptHolidays.Rule.NthWeekday(Month.AUGUST, DayOfWeek.MONDAY, -1), new KeptHolidays.Rule.Fixed(java.time.MonthDay.of(12, 25)),
                new KeptHolidays.Rule.Fixed(java.time.MonthDay.of(12, 26)));
    }

    /** Whether the exchange is closed all day: a weekend or a holiday. */
    public static boolean closed(LocalDate day) {
        return weekend(day) || holiday(day);
    }

    /** Whether {@code day}, a weekday, is a holiday (as kept). */
    public static boolean holiday(LocalDate day) {
        return HOLIDAYS.contains(day);
    }

    /** When continuous trading ends on a trading day (London): 12:30 on the last weekday before 25 December and before 1 January, else 16:30. */
    public static LocalTime close(LocalDate day) {
        if (day.getMonth() != Month.DECEMBER || closed(day)) return CLOSE;
        return day.equals(lastWeekdayBefore(day.withDayOfMonth(25))) || day.equals(lastWeekdayBefore(day.plusYears(1).withDayOfYear(1))) ? EARLY_CLOSE : CLOSE;
    }

    private static final HolidaysByYear HOLIDAYS = new HolidaysByYear(LseCalendar::holidays);

    private static Set<LocalDate> holidays(int y) {
        Set<LocalDate> out = new HashSet<>();
        out.add(nextWeekday(LocalDate.of(y, 1, 1)));
        LocalDate easter = NyseCalendar.easter(y);
        out.add(easter.minusDays(2));
        out.add(easter.plusDays(1));
        // the early May holiday moved to VE Day's anniversary in 1995 and 2020
        out.add(y == 1995 || y == 2020 ? LocalDate.of(y, 5, 8) : LocalDate.of(y, 5, 1).with(TemporalAdjusters.firstInMonth(DayOfWeek.MONDAY)));
        // the spring holiday moved next to a jubilee's day in 2002, 2012 and 2022
        out.add(switch (y) {
            case 2002, 2012 -> LocalDate.of(y, 6, 4);
            case 2022 -> LocalDate.of(y, 6, 2);
            default -> LocalDate.of(y, 5, 1).with(TemporalAdjusters.lastInMonth(DayOfWeek.MONDAY));
        });
        out.add(LocalDate.of(y, 8, 1).with(TemporalAdjusters.lastInMonth(DayOfWeek.MONDAY)));
        LocalDate christmas = nextWeekday(LocalDate.of(y, 12, 25));
        out.add(christmas);
        // Boxing Day is kept on the weekday after Christmas's day off when either falls on a weekend
        LocalDate boxing = nextWeekday(LocalDate.of(y, 12, 26));
        out.add(boxing.equals(christmas) ? nextWeekday(christmas.plusDays(1)) : boxing);
        for (LocalDate d : PROCLAIMED) if (d.getYear() == y) out.add(d);
        return Set.copyOf(out);
    }

    private static LocalDate nextWeekday(LocalDate d) {
        LocalDate out = d;
        while (weekend(out)) out = out.plusDays(1);
        return out;
    }

    /** The last weekday before {@code day} that is not a holiday. */
    private static LocalDate lastWeekdayBefore(LocalDate day) {
        LocalDate d = day.minusDays(1);
        while (closed(d)) d = d.minusDays(1);
        return d;
    }

    private static boolean weekend(LocalDate d) {
        return d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY;
    }
}
