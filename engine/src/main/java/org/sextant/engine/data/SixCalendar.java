package org.sextant.engine.data;

import static org.sextant.engine.data.HolidaysByYear.fixed;

import java.time.LocalDate;
import java.time.Month;
import java.util.List;

/**
 * SIX Swiss Exchange's trading days (Zurich), the six session's calendar: closed on 1 and 2 January (Berchtoldstag), Good
 * Friday, Easter Monday, 1 May, Ascension, Whit Monday, 1 August (Swiss National Day), 24, 25, 26 and 31 December; a holiday
 * on a weekend is not kept on another day, and there are no shortened days. Source: SIX, "Trading and settlement calendar"
 * (six-group.com, the exchange's holidays as published for 2024-2026). Earlier years follow the same rules, though SWX traded
 * on 2 January, Ascension, Whit Monday and 1 August for some years from 25 June 2001 (SWX notice of 15 May 2001): those
 * years' days are not known.
 */
public final class SixCalendar {
    private SixCalendar() {}

    static final List<KeptHolidays.Rule> CLOSURES = List.of(
            fixed(Month.JANUARY, 1),
            fixed(Month.JANUARY, 2),
            new KeptHolidays.Rule.FromEaster(-2),
            new KeptHolidays.Rule.FromEaster(1),
            fixed(Month.MAY, 1),
            new KeptHolidays.Rule.FromEaster(39),
            new KeptHolidays.Rule.FromEaster(50),
            fixed(Month.AUGUST, 1),
            fixed(Month.DECEMBER, 24),
            fixed(Month.DECEMBER, 25),
            fixed(Month.DECEMBER, 26),
            fixed(Month.DECEMBER, 31));

    /** The rules that close the exchange every year (all of its holidays). */
    public static List<KeptHolidays.Rule> standing() {
        return CLOSURES;
    }

    /** Whether the exchange is closed all day: a weekend or a holiday. */
    public static boolean closed(LocalDate day) {
        return HOLIDAYS.closed(day);
    }

    /** Whether {@code day} is one of the exchange's holidays (a weekend one included). */
    public static boolean holiday(LocalDate day) {
        return HOLIDAYS.contains(day);
    }

    private static final HolidaysByYear HOLIDAYS = HolidaysByYear.of(CLOSURES);
}
