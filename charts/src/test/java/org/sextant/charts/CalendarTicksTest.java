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
        double lo = CalendarTicks.toAxis(LocalDate.of(1990, 12, 31));
        double hi = CalendarTicks.toAxis(LocalDate.of(2001, 1, 2));
        CalendarTicks step = CalendarTicks.choose(lo, hi, 900, 20);
        assertEquals(CalendarTicks.YEAR, step);
        List<String> labels = step.ticks(lo, hi).stream().map(step::label).toList();
        assertEquals(List.of("1991", "1992", "1993", "1994", "1995", "1996", "1997", "1998", "1999", "2000", "2001"), labels);
    }

    @Test
    void tenYearsOnANarrowAxisTickEveryOtherYear() {
        double lo = CalendarTicks.toAxis(LocalDate.of(1990, 12, 31));
        double hi = CalendarTicks.toAxis(LocalDate.of(2001, 1, 2));
        CalendarTicks step = CalendarTicks.choose(lo, hi, 400, 20);
        assertEquals(CalendarTicks.TWO_YEARS, step);
        assertEquals(List.of("1992", "1994", "1996", "1998", "2000"), step.ticks(lo, hi).stream().map(step::label).toList());
    }

    @Test
    void aYearOfMsftTicksOnQuarterStarts() {
        double lo = CalendarTicks.toAxis(LocalDate.of(2000, 9, 27));
        double hi = CalendarTicks.toAxis(LocalDate.of(2001, 9, 27));
        CalendarTicks step = CalendarTicks.choose(lo, hi, 500, 20);
        assertEquals(CalendarTicks.QUARTER, step);
        assertEquals(CalendarTicks.MONTH, CalendarTicks.choose(lo, hi, 900, 20), "a wider axis fits monthly labels");
        assertEquals(List.of("Oct 2000", "Jan 2001", "Apr 2001", "Jul 2001"),
                step.ticks(lo, hi).stream().map(step::label).toList());
    }

    @Test
    void aFewWeeksTickOnMondays() {
        double lo = CalendarTicks.toAxis(LocalDate.of(2001, 3, 1));   // a Thursday
        double hi = CalendarTicks.toAxis(LocalDate.of(2001, 3, 31));
        CalendarTicks step = CalendarTicks.choose(lo, hi, 500, 20);
        assertEquals(CalendarTicks.WEEK, step);
        assertEquals(List.of("2001-03-05", "2001-03-12", "2001-03-19", "2001-03-26"),
                step.ticks(lo, hi).stream().map(step::label).toList());
    }

    @Test
    void anEmptyOrInvertedRangeHasNoTicks() {
        assertEquals(List.of(), CalendarTicks.YEAR.ticks(10, 5));
        assertEquals(List.of(), CalendarTicks.YEAR.ticks(Double.NaN, 5));
    }
}
