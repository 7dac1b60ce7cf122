package org.sextant.engine.data;

import static org.sextant.engine.data.HolidaysByYear.fixed;

import java.time.LocalDate;
import java.time.Month;
import java.util.List;

/**
 * SIX Swiss Exchange's trading days (Zurich), the six session's calendar: closed on 1 and 2 January (Berchtoldstag), Good
 * Friday, Easter Monday, 1 May, Ascension, Whit Monday, 1 August (Swiss National Day), 24, 25, 26 and 31 December; a holiday
 * on a weekend is not kept on another day, and there are no shortened days. Source: SIX, "Trading and settlement calendar"
 * (six-group.com, the exchange's holidays as published for 2024-2026). Earlier years: from 25 June 2001 SWX traded equities on
 * 2 January, Ascension, Whit Monday and 1 August (SWX message 44/2001 of 15 May 2001); 2 January closed again from 2003
 * (message 56/2002), Ascension and Whit Monday from 2003 (message 09/2003), 1 August from 2006 (SWX trading calendar 2006,
 * message 09/2006). The real Swiss Performance Index of the sample (fBasics::SWXLP) moves on those traded days and stands
 * still on every closed one (SixCalendarHistoryTest). Years before 2000 follow today's rules: no data here says otherwise.
 */
public final class SixCalendar {
    private SixCalendar() {}

    private static final int ALWAYS_FROM = 1, ALWAYS_TO = 9999;

    static final List<XetraCalendar.Closure> CLOSURES = List.of(
            always(fixed(Month.JANUARY, 1)),
            new XetraCalendar.Closure(fixed(Month.JANUARY, 2), ALWAYS_FROM, 2001),
            new XetraCalendar.Closure(fixed(Month.JANUARY, 2), 2003, ALWAYS_TO),
            always(new KeptHolidays.Rule.FromEaster(-2)),
            always(new KeptHolidays.Rule.FromEaster(1)),
            always(fixed(Month.MAY, 1)),
            new XetraCalendar.Closure(new KeptHolidays.Rule.FromEaster(39), ALWAYS_FROM, 2001),
            new XetraCalendar.Closure(new KeptHolidays.Rule.FromEaster(39), 2003, ALWAYS_TO),
            new XetraCalendar.Closure(new KeptHolidays.Rule.FromEaster(50), ALWAYS_FROM, 2001),
            new XetraCalendar.Closure(new KeptHolidays.Rule.FromEaster(50), 2003, ALWAYS_TO),
            new XetraCalendar.Closure(fixed(Month.AUGUST, 1), ALWAYS_FROM, 2000),
            new XetraCalendar.Closure(fixed(Month.AUGUST, 1), 2006, ALWAYS_TO),
            always(fixed(Month.DECEMBER, 24)),
            always(fixed(Month.DECEMBER, 25)),
            always(fixed(Month.DECEMBER, 26)),
            always(fixed(Month.DECEMBER, 31)));

    /** The rules that close the exchange every year since 2006 (all of its holidays today): what a forecast's days step over. */
    public static List<KeptHolidays.Rule> standing() {
        return CLOSURES.stream().filter(c -> c.toYear() == ALWAYS_TO).map(XetraCalendar.Closure::rule).toList();
    }

    /** Whether the exchange is closed all day: a weekend or a holiday. */
    public static boolean closed(LocalDate day) {
        return HOLIDAYS.closed(day);
    }

    /** Whether {@code day} is one of the exchange's holidays (a weekend one included). */
    public static boolean holiday(LocalDate day) {
        return HOLIDAYS.contains(day);
    }

    private static final HolidaysByYear HOLIDAYS = HolidaysByYear.ofClosures(CLOSURES);

    private static XetraCalendar.Closure always(KeptHolidays.Rule rule) {
        return new XetraCalendar.Closure(rule, ALWAYS_FROM, ALWAYS_TO);
    }
}
