package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The NYSE calendar against the exchange's published schedule and against thirty years of real
 * closes: the days it calls holidays are the days the NYSE composite has no close.
 */
class NyseCalendarTest {
    /** NYSE, "Holidays and Trading Hours" (nyse.com/markets/hours-calendars), as published for 2024–2027. */
    static final List<String> PUBLISHED = List.of(
            "2024-01-01", "2024-01-15", "2024-02-19", "2024-03-29", "2024-05-27", "2024-06-19", "2024-07-04", "2024-09-02", "2024-11-28", "2024-12-25",
            "2025-01-01", "2025-01-20", "2025-02-17", "2025-04-18", "2025-05-26", "2025-06-19", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25",
            "2026-01-01", "2026-01-19", "2026-02-16", "2026-04-03", "2026-05-25", "2026-06-19", "2026-07-03", "2026-09-07", "2026-11-26", "2026-12-25",
            "2027-01-01", "2027-01-18", "2027-02-15", "2027-03-26", "2027-05-31", "2027-06-18", "2027-07-05", "2027-09-06", "2027-11-25", "2027-12-24");
    /** The same page's 13:00 closes. */
    static final List<String> PUBLISHED_EARLY = List.of("2024-07-03", "2024-11-29", "2024-12-24", "2025-07-03", "2025-11-28", "2025-12-24",
            "2026-11-27", "2026-12-24");

    @Test
    void theHolidaysAndEarlyClosesAreThePublishedOnes() {
        assertEquals(PUBLISHED, weekdaysWhere(2024, 2027, NyseCalendar::holiday));
        assertEquals(PUBLISHED_EARLY, weekdaysWhere(2024, 2026, d -> !NyseCalendar.closed(d) && NyseCalendar.close(d).equals(LocalTime.of(13, 0))));
        assertEquals(LocalTime.of(16, 0), NyseCalendar.close(LocalDate.parse("2026-07-02")), "3 July 2026 is the observed holiday: the 2nd closes as usual");
    }

    @Test
    void aSaturdayNewYearIsNotMovedToTheFridayBefore() {
        // 1 January 2000 and 2022 fell on Saturdays; 31 December 1999 and 2021 were trading days
        assertEquals(false, NyseCalendar.closed(LocalDate.parse("1999-12-31")));
        assertEquals(false, NyseCalendar.closed(LocalDate.parse("2021-12-31")));
        assertEquals(true, NyseCalendar.closed(LocalDate.parse("2021-12-24")), "but a Saturday Christmas is kept on Friday");
    }

    @Test
    void theWeekdaysWithoutACloseInTheNyseCompositeAreTheHolidaysSince1998() throws Exception {
        Set<LocalDate> traded = new HashSet<>(org.sextant.engine.testing.SampleDates.of("/sample/nyse_composite.csv"));
        List<String> noClose = weekdaysWhere(1998, 2002, d -> !traded.contains(d));
        List<String> expected = new ArrayList<>(weekdaysWhere(1998, 2002, NyseCalendar::holiday));
        // closed after the attacks of 11 September 2001, by the exchange's decision, not a rule
        expected.addAll(List.of("2001-09-11", "2001-09-12", "2001-09-13", "2001-09-14"));
        assertEquals(expected.stream().sorted().toList(), noClose);
        assertEquals(44, expected.size() - 4, "the rules close 44 weekdays in these five years");
    }

    private static List<String> weekdaysWhere(int fromYear, int toYear, java.util.function.Predicate<LocalDate> test) {
        List<String> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(fromYear, 1, 1); d.getYear() <= toYear; d = d.plusDays(1)) {
            if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY && test.test(d)) out.add(d.toString());
        }
        return out;
    }
}
