package org.sextant.engine.data;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.util.List;

/**
 * Xetra's trading days (Deutsche Boerse's cash market, Frankfurt), the eu_equity session's calendar. Closed on
 * 1 January, Good Friday, Easter Monday, 1 May, 24, 25, 26 and 31 December; a holiday on a weekend is not
 * kept on another day. From 2014 to 2021 also on German Unity Day (3 October) and from 2015 to 2021 on Whit
 * Monday (both have traded again since 2022); once on Whit Monday 2007 and on Reformation Day 2017 (its 500th
 * year). Source: Deutsche Boerse, "Trading calendar" (deutsche-boerse.com, live.deutsche-boerse.com/en/handeln/trading-calendar,
 * as published for 2024-2026); the years before, as the exchange_calendars project's XETR calendar records them.
 * On the last trading day of a year continuous trading ends at 14:00 and the closing auction follows (price from 14:05):
 * Deutsche Boerse announces it each December ("On the last trading day of a year different trading times apply",
 * xetra.com auction schedule; 14:00 in the announcements for 2005, 2012 and 2020); {@link #close} assumes it every year.
 * SIX, London and Euronext have calendars of their own ({@link SixCalendar}, {@link LseCalendar}, {@link EuronextCalendar}).
 */
public final class XetraCalendar {
    public static final LocalTime CLOSE = LocalTime.of(17, 30);
    /** When continuous trading ends on the last trading day of a year; the closing auction follows. */
    public static final LocalTime YEAR_END_CLOSE = LocalTime.of(14, 0);

    private XetraCalendar() {}

    /** When continuous trading ends on a trading day (Berlin): 14:00 on the year's last trading day, else 17:30. */
    public static LocalTime close(LocalDate day) {
        if (day.getMonth() != Month.DECEMBER || closed(day)) return CLOSE;
        LocalDate d = day.plusDays(1);
        while (d.getYear() == day.getYear() && closed(d)) d = d.plusDays(1);
        return d.getYear() != day.getYear() ? YEAR_END_CLOSE : CLOSE;
    }

    /** A yearly rule and the years (inclusive) it closed the exchange. */
    record Closure(KeptHolidays.Rule rule, int fromYear, int toYear) {
        LocalDate in(int year) {
            return year < fromYear || year > toYear ? null : rule.in(year);
        }
    }

    private static final int ALWAYS_FROM = 1, ALWAYS_TO = 9999;

    static final List<Closure> CLOSURES = List.of(
            always(fixed(Month.JANUARY, 1)),
            always(new KeptHolidays.Rule.FromEaster(-2)),
            always(new KeptHolidays.Rule.FromEaster(1)),
            always(fixed(Month.MAY, 1)),
            new Closure(new KeptHolidays.Rule.FromEaster(50), 2007, 2007),
            new Closure(new KeptHolidays.Rule.FromEaster(50), 2015, 2021),
            new Closure(fixed(Month.OCTOBER, 3), 2014, 2021),
            new Closure(fixed(Month.OCTOBER, 31), 2017, 2017),
            always(fixed(Month.DECEMBER, 24)),
            always(fixed(Month.DECEMBER, 25)),
            always(fixed(Month.DECEMBER, 26)),
            always(fixed(Month.DECEMBER, 31)));

    /** The rules that close the exchange every year: what a reader is told the calendar skips. */
    public static List<KeptHolidays.Rule> standing() {
        return CLOSURES.stream().filter(c -> c.fromYear() == ALWAYS_FROM).map(Closure::rule).toList();
    }

    /** Whether the exchange is closed all day: a weekend or a holiday. */
    public static boolean closed(LocalDate day) {
        return day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY || holiday(day);
    }

    /** Whether {@code day} is one of the exchange's holidays (a weekend one included). */
    public static boolean holiday(LocalDate day) {
        return HOLIDAYS.contains(day);
    }

    private static final HolidaysByYear HOLIDAYS = HolidaysByYear.ofClosures(CLOSURES);

    private static Closure always(KeptHolidays.Rule rule) {
        return new Closure(rule, ALWAYS_FROM, ALWAYS_TO);
    }

    private static KeptHolidays.Rule fixed(Month month, int day) {
        return new KeptHolidays.Rule.Fixed(MonthDay.of(month, day));
    }
}
