package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Xetra's calendar against the days Deutsche Boerse publishes, typed as dates, not computed by the rules under test. */
public class XetraCalendarTest {
    /** Deutsche Boerse, "Trading calendar" (Xetra, Frankfurt), the non-trading weekdays published for 2024-2026. */
    public static final List<String> PUBLISHED = List.of(
            "2024-01-01", "2024-03-29", "2024-04-01", "2024-05-01", "2024-12-24", "2024-12-25", "2024-12-26", "2024-12-31",
            "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-01", "2025-12-24", "2025-12-25", "2025-12-26", "2025-12-31",
            "2026-01-01", "2026-04-03", "2026-04-06", "2026-05-01", "2026-12-24", "2026-12-25", "2026-12-31");

    /**
     * The closures of earlier years no standing rule makes (exchange_calendars' XETR): Whit Monday 2007 and 2015-2021,
     * German Unity Day 2014-2021 on a weekday, Reformation Day 2017.
     */
    static final List<String> HISTORY_CLOSED = List.of("2007-05-28", "2014-10-03", "2015-05-25", "2016-05-16", "2017-06-05", "2017-10-03",
            "2017-10-31", "2018-05-21", "2018-10-03", "2019-06-10", "2019-10-03", "2020-06-01", "2021-05-24");

    /** And the same days in the years the exchange traded on them. */
    static final List<String> HISTORY_OPEN = List.of("2006-06-05", "2008-05-12", "2013-10-03", "2014-06-09", "2016-10-31", "2022-06-06",
            "2022-10-03", "2023-10-03", "2025-06-09", "2025-10-03");

    @Test
    void theHolidaysAreThePublishedOnes() {
        assertEquals(PUBLISHED, weekdaysWhere(2024, 2026, XetraCalendar::holiday));
        assertTrue(XetraCalendar.holiday(LocalDate.of(2026, 12, 26)), "a Saturday Boxing Day is not kept on Monday");
        assertFalse(XetraCalendar.closed(LocalDate.of(2026, 12, 28)));
        assertTrue(XetraCalendar.closed(LocalDate.of(2026, 12, 27)), "a Sunday");
    }

    @Test
    void everyRuleClosesADayNoOtherRuleDoes() {
        // each closure is checked by a published or historical day only it closes: removing any rule fails this test
        List<String> checked = new ArrayList<>(PUBLISHED);
        checked.addAll(HISTORY_CLOSED);
        for (XetraCalendar.Closure c : XetraCalendar.CLOSURES) {
            List<String> onlyThis = checked.stream().filter(d -> {
                LocalDate day = LocalDate.parse(d);
                return day.equals(c.in(day.getYear())) && XetraCalendar.CLOSURES.stream().filter(o -> o != c).noneMatch(o -> day.equals(o.in(day.getYear())));
            }).toList();
            assertFalse(onlyThis.isEmpty(), c + " closes no checked day of its own");
        }
        for (String d : HISTORY_CLOSED) assertTrue(XetraCalendar.closed(LocalDate.parse(d)), d);
        for (String d : HISTORY_OPEN) assertFalse(XetraCalendar.closed(LocalDate.parse(d)), d);
    }

    @Test
    void theSessionSkipsTheHolidaysAndDatesWeeksByTheirFirstTradingDay() {
        TradingSession eu = TradingSession.EU_EQUITY;
        // Easter 2026: Saturday 4 April's next session day is Tuesday 7 April; 2027 opens on Monday 4 January
        assertEquals(LocalDate.of(2026, 4, 7), SessionCalendar.firstSessionDay(eu, LocalDate.of(2026, 4, 3)));
        assertEquals(LocalDate.of(2027, 1, 4), SessionCalendar.firstSessionDay(eu, LocalDate.of(2027, 1, 1)));
        // the daily bars after Wednesday 23 December 2026: Monday 28, Tuesday 29, Wednesday 30 December, Monday 4 January (Berlin midnight)
        assertEquals(List.of(java.time.LocalDateTime.of(2026, 12, 27, 23, 0), java.time.LocalDateTime.of(2026, 12, 28, 23, 0),
                        java.time.LocalDateTime.of(2026, 12, 29, 23, 0), java.time.LocalDateTime.of(2027, 1, 3, 23, 0)),
                SessionCalendar.barsAfter(eu, BarInterval.D1, java.time.LocalDateTime.of(2026, 12, 22, 23, 0), 4));
        // fx keeps its weekdays: Good Friday 2026 is a trading day
        assertEquals(LocalDate.of(2026, 4, 3), SessionCalendar.firstSessionDay(TradingSession.FX, LocalDate.of(2026, 4, 3)));
    }

    static List<String> weekdaysWhere(int fromYear, int toYear, java.util.function.Predicate<LocalDate> test) {
        List<String> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(fromYear, 1, 1); d.getYear() <= toYear; d = d.plusDays(1)) {
            if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY && test.test(d)) out.add(d.toString());
        }
        return out;
    }
}
