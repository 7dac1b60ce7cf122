package org.sextant.engine.data;

import static org.sextant.engine.data.HolidaysByYear.fixed;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.util.List;

/**
 * Euronext's cash market days (Paris, Amsterdam, Brussels, Lisbon: one calendar), the euronext session's calendar: closed on
 * 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December; a holiday on a weekend is not kept on another day. On
 * 24 and 31 December, when they are weekdays, continuous trading ends at 14:00 Paris and the closing auction at 14:05.
 * Unlike Xetra it trades on 24 and 31 December, and German Unity Day and Whit Monday were trading days all along.
 * Source: Euronext, "Trading calendar and trading hours" (euronext.com/en/trade/trading-hours-holidays), as published for
 * 2024-2026; the same rules are assumed for earlier years.
 */
public final class EuronextCalendar {
    public static final LocalTime CLOSE = LocalTime.of(17, 30);
    /** When continuous trading ends on 24 and 31 December; the closing auction follows to 14:05. */
    public static final LocalTime HALF_DAY_CLOSE = LocalTime.of(14, 0);

    private EuronextCalendar() {}

    static final List<KeptHolidays.Rule> CLOSURES = List.of(
            fixed(Month.JANUARY, 1),
            new KeptHolidays.Rule.FromEaster(-2),
            new KeptHolidays.Rule.FromEaster(1),
            fixed(Month.MAY, 1),
            fixed(Month.DECEMBER, 25),
            fixed(Month.DECEMBER, 26));

    /** The rules that close the exchange every year. */
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

    /** When continuous trading ends on a trading day (Paris): 14:00 on 24 and 31 December, else 17:30. */
    public static LocalTime close(LocalDate day) {
        return day.getMonth() == Month.DECEMBER && (day.getDayOfMonth() == 24 || day.getDayOfMonth() == 31) ? HALF_DAY_CLOSE : CLOSE;
    }

    private static final HolidaysByYear HOLIDAYS = HolidaysByYear.of(CLOSURES);
}
