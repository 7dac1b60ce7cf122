package org.sextant.engine.forecast;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TargetDatesTest {
    @Test
    void stockDatesSkipWeekends() {
        // Thursday 2026-11-26 and Friday 2026-11-27 observed: next steps Mon, Tue, Wed
        List<LocalDate> h = List.of(LocalDate.of(2026, 11, 26), LocalDate.of(2026, 11, 27));
        assertEquals(List.of(LocalDate.of(2026, 11, 30), LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 2)), TargetDates.after(h, 3));
    }

    @Test
    void seriesTradingOnWeekendsStepDaily() {
        List<LocalDate> h = List.of(LocalDate.of(2026, 11, 28), LocalDate.of(2026, 11, 29)); // Sat, Sun
        assertEquals(List.of(LocalDate.of(2026, 11, 30), LocalDate.of(2026, 12, 1)), TargetDates.after(h, 2));
    }

    @Test
    void aStrayWeekendDateInAWeekdayMarketDoesNotMakeItTradeOnWeekends() {
        // the sample NYSE composite (fBasics::nyse) carries 1988-03-27 and 1989-07-30, both Sundays
        List<LocalDate> h = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(1988, 1, 4); !d.isAfter(LocalDate.of(2002, 12, 31)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 || d.equals(LocalDate.of(1988, 3, 27)) || d.equals(LocalDate.of(1989, 7, 30))) h.add(d);
        }
        // Tuesday 2002-12-31: the next steps are weekdays only (the calendar is Monday to Friday)
        List<LocalDate> next = TargetDates.after(h, 5);
        assertEquals(List.of(LocalDate.of(2003, 1, 1), LocalDate.of(2003, 1, 2), LocalDate.of(2003, 1, 3),
                LocalDate.of(2003, 1, 6), LocalDate.of(2003, 1, 7)), next);
    }
}
