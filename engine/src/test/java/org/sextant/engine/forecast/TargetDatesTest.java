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
}
