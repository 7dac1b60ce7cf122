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

    @Test
    void aSeriesThatKeepsTheNyseHolidaysStepsOverThem() {
        // every weekday from 2024 to Wednesday 2026-11-25 but the NYSE's holidays: Thanksgiving is skipped
        List<LocalDate> nyse = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2026, 11, 25), d -> !org.sextant.engine.data.NyseCalendar.holiday(d));
        assertEquals(true, TargetDates.keepsNyseHolidays(nyse));
        assertEquals(List.of(LocalDate.of(2026, 11, 27), LocalDate.of(2026, 11, 30), LocalDate.of(2026, 12, 1)), TargetDates.after(nyse, 3));
        // a market open on most of them (Thanksgiving, Independence Day, Labor Day...) keeps every weekday
        java.util.Set<LocalDate> shared = java.util.Set.of(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 3, 29), LocalDate.of(2024, 12, 25),
                LocalDate.of(2025, 1, 1), LocalDate.of(2025, 4, 18), LocalDate.of(2025, 12, 25), LocalDate.of(2026, 1, 1), LocalDate.of(2026, 4, 3));
        List<LocalDate> swiss = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2026, 11, 25), d -> !shared.contains(d));
        assertEquals(false, TargetDates.keepsNyseHolidays(swiss));
        assertEquals(LocalDate.of(2026, 11, 26), TargetDates.after(swiss, 1).get(0));
    }

    @Test
    void theRealNyseCompositeStepsOverNewYearsDayAndTheSwissIndicesDoNot() throws Exception {
        List<LocalDate> nyse = org.sextant.engine.testing.SampleDates.of("/sample/nyse_composite.csv");
        assertEquals(LocalDate.of(2002, 12, 31), nyse.get(nyse.size() - 1));
        assertEquals(List.of(LocalDate.of(2003, 1, 2), LocalDate.of(2003, 1, 3), LocalDate.of(2003, 1, 6)), TargetDates.after(nyse, 3));
        List<LocalDate> dow = org.sextant.engine.testing.SampleDates.of("/sample/dowjones30.csv");
        assertEquals(true, TargetDates.keepsNyseHolidays(dow), "the Dow stocks trade on the NYSE");
        assertEquals(false, TargetDates.after(dow, 20).contains(LocalDate.of(2001, 1, 15)), "Martin Luther King Jr. Day 2001");
        List<LocalDate> swiss = org.sextant.engine.testing.SampleDates.of("/sample/swxlp.csv");
        assertEquals(false, TargetDates.keepsNyseHolidays(swiss));
        assertEquals(true, TargetDates.after(swiss, 15).contains(LocalDate.of(2007, 5, 28)), "Memorial Day 2007 is a weekday in Zurich");
        // what a forecast's answer says of its dates
        assertEquals("weekdays less the NYSE's holidays", TargetDates.of(nyse).describe());
        assertEquals("weekdays", TargetDates.of(swiss).describe(), "the LPP indices are computed on every weekday");
        assertEquals("every day", TargetDates.of(List.of(LocalDate.of(2026, 11, 28), LocalDate.of(2026, 11, 29))).describe());
    }

    @Test
    void aGermanSeriesTooShortToLearnItsHolidaysStepsOverXetras() {
        // two years of a Xetra stock (the exchange's published days typed, not computed): too few to learn a holiday from
        List<LocalDate> xetra = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2025, 12, 23),
                d -> !org.sextant.engine.data.XetraCalendarTest.PUBLISHED.contains(d.toString()));
        assertEquals(true, TargetDates.keepsXetraHolidays(xetra));
        assertEquals(List.of(LocalDate.of(2025, 12, 29), LocalDate.of(2025, 12, 30), LocalDate.of(2026, 1, 2)), TargetDates.after(xetra, 3));
        assertEquals("weekdays less Xetra's holidays", TargetDates.of(xetra).describe());
        // Euronext Paris closes on six of those days but trades on 24 and 31 December: its forecast steps onto them
        java.util.Set<String> paris = java.util.Set.of("2024-01-01", "2024-03-29", "2024-04-01", "2024-05-01", "2024-12-25", "2024-12-26",
                "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-01");
        List<LocalDate> euronext = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2025, 12, 23), d -> !paris.contains(d.toString()));
        assertEquals(false, TargetDates.keepsXetraHolidays(euronext));
        assertEquals(LocalDate.of(2025, 12, 24), TargetDates.after(euronext, 1).get(0));
        assertEquals(false, TargetDates.keepsXetraHolidays(org.sextant.engine.testing.SampleDates.of("/sample/nyse_composite.csv")));
    }

    private static List<LocalDate> weekdays(LocalDate from, LocalDate to, java.util.function.Predicate<LocalDate> keep) {
        List<LocalDate> out = new java.util.ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 && keep.test(d)) out.add(d);
        }
        return out;
    }
}
