package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalendarTicksTest {

    @Test
    void axisValuesAreEpochSecondsAtUtcMidnight() {
        assertEquals(0.0, CalendarTicks.toAxis(LocalDate.of(1970, 1, 1)));
        assertEquals(946_684_800.0, CalendarTicks.toAxis(LocalDate.of(2000, 1, 1)));
        assertEquals(LocalDate.of(1969, 12, 31), CalendarTicks.fromAxis(-1));
        assertEquals(LocalDate.of(2000, 1, 1), CalendarTicks.fromAxis(946_684_800.0 + 86_399));
    }

    @Test
    void tenYearsOnAWideAxisTickEveryFirstOfJanuary() {
        assertEquals(List.of("1991", "1992", "1993", "1994", "1995", "1996", "1997", "1998", "1999", "2000", "2001"),
                labels(CalendarTicks.YEAR, LocalDate.of(1990, 12, 31), LocalDate.of(2001, 1, 2), 900));
    }

    @Test
    void tenYearsOnANarrowAxisTickEveryOtherYear() {
        assertEquals(List.of("1992", "1994", "1996", "1998", "2000"),
                labels(CalendarTicks.TWO_YEARS, LocalDate.of(1990, 12, 31), LocalDate.of(2001, 1, 2), 400));
    }

    @Test
    void aYearOfMsftTicksOnQuarterStarts() {
        LocalDate from = LocalDate.of(2000, 9, 27);
        LocalDate to = LocalDate.of(2001, 9, 27);
        assertEquals(List.of("Oct 2000", "Jan 2001", "Apr 2001", "Jul 2001"), labels(CalendarTicks.QUARTER, from, to, 500));
        assertEquals(CalendarTicks.MONTH, CalendarTicks.choose(CalendarTicks.toAxis(from), CalendarTicks.toAxis(to), 900, 20),
                "a wider axis fits monthly labels");
    }

    @Test
    void aFewWeeksTickOnMondays() {
        assertEquals(List.of("2001-03-05", "2001-03-12", "2001-03-19", "2001-03-26"),
                labels(CalendarTicks.WEEK, LocalDate.of(2001, 3, 1), LocalDate.of(2001, 3, 31), 500)); // from a Thursday
    }

    @Test
    void anEmptyOrInvertedRangeHasNoTicks() {
        assertEquals(List.of(), CalendarTicks.YEAR.ticks(10, 5));
        assertEquals(List.of(), CalendarTicks.YEAR.ticks(Double.NaN, 5));
    }

    /** The labels on an axis {@code pixels} wide over {@code from..to}, once the step chosen there is checked to be {@code expected}. */
    private static List<String> labels(CalendarTicks expected, LocalDate from, LocalDate to, double pixels) {
        double lo = CalendarTicks.toAxis(from);
        double hi = CalendarTicks.toAxis(to);
        CalendarTicks step = CalendarTicks.choose(lo, hi, pixels, 20);
        assertEquals(expected, step);
        return step.ticks(lo, hi).stream().map(step::label).toList();
    }
}
