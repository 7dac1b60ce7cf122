package org.sextant.engine.data;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.temporal.TemporalAdjusters;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The New York Stock Exchange's days by its standing rules (NYSE Rule 7.2): closed on New Year's
 * Day, Martin Luther King Jr. Day (from 1998), Washington's Birthday, Good Friday, Memorial Day,
 * Juneteenth (from 2022), Independence Day, Labor Day, Thanksgiving and Christmas; a holiday on a
 * Sunday is kept the Monday after, one on a Saturday the Friday before, except New Year's Day
 * (31 December ends an accounting year). Trading closes at 13:00 on the day after Thanksgiving and
 * on 3 July and 24 December when they are trading days. Closures by proclamation (11–14 September
 * 2001, national days of mourning) are not rules and are not known.
 */
public final class NyseCalendar {
    public static final LocalTime EARLY_CLOSE = LocalTime.of(13, 0);

    private NyseCalendar() {}

    /** Whether the exchange is closed all day: a weekend or a holiday. */
    public static boolean closed(LocalDate day) {
        return weekend(day) || holiday(day);
    }

    /** Whether {@code day}, a weekday, is a holiday (as observed). */
    public static boolean holiday(LocalDate day) {
        return HOLIDAYS.computeIfAbsent(day.getYear(), NyseCalendar::holidays).contains(day);
    }

    /** Each year's holidays, worked out once: forecasts ask for every day of two years of history. */
    private static final Map<Integer, Set<LocalDate>> HOLIDAYS = new ConcurrentHashMap<>();

    private static Set<LocalDate> holidays(int y) {
        Set<LocalDate> out = new HashSet<>();
        out.add(observed(LocalDate.of(y, Month.JANUARY, 1), false));
        if (y >= 1998) out.add(nth(y, Month.JANUARY, 3));
        out.add(nth(y, Month.FEBRUARY, 3));
        out.add(easter(y).minusDays(2));
        out.add(LocalDate.of(y, Month.MAY, 31).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)));
        if (y >= 2022) out.add(observed(LocalDate.of(y, Month.JUNE, 19), true));
        out.add(observed(LocalDate.of(y, Month.JULY, 4), true));
        out.add(LocalDate.of(y, Month.SEPTEMBER, 1).with(TemporalAdjusters.firstInMonth(DayOfWeek.MONDAY)));
        out.add(thanksgiving(y));
        out.add(observed(LocalDate.of(y, Month.DECEMBER, 25), true));
        out.remove(null); // a Saturday New Year's Day is not moved
        return Set.copyOf(out);
    }

    /** When trading ends on a trading day: 13:00 on the early-close days, else 16:00 (New York). */
    public static LocalTime close(LocalDate day) {
        boolean early = day.equals(thanksgiving(day.getYear()).plusDays(1))
                || (day.getMonth() == Month.JULY && day.getDayOfMonth() == 3)
                || (day.getMonth() == Month.DECEMBER && day.getDayOfMonth() == 24);
        return early && !closed(day) ? EARLY_CLOSE : LocalTime.of(16, 0);
    }

    private static boolean weekend(LocalDate d) {
        return d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY;
    }

    /** The weekday a holiday is kept on; null when a Saturday holiday is not moved. */
    private static LocalDate observed(LocalDate holiday, boolean saturdayToFriday) {
        return switch (holiday.getDayOfWeek()) {
            case SUNDAY -> holiday.plusDays(1);
            case SATURDAY -> saturdayToFriday ? holiday.minusDays(1) : null;
            default -> holiday;
        };
    }

    private static LocalDate nth(int year, Month month, int n) {
        return LocalDate.of(year, month, 1).with(TemporalAdjusters.dayOfWeekInMonth(n, DayOfWeek.MONDAY));
    }

    private static LocalDate thanksgiving(int year) {
        return LocalDate.of(year, Month.NOVEMBER, 1).with(TemporalAdjusters.dayOfWeekInMonth(4, DayOfWeek.THURSDAY));
    }

    /** Western Easter Sunday (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
    static LocalDate easter(int y) {
        int a = y % 19, b = y / 100, c = y % 100, d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3;
        int h = (19 * a + b - d - g + 15) % 30, i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7;
        int m = (a + 11 * h + 22 * l) / 451;
        int month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1;
        return LocalDate.of(y, month, day);
    }
}
