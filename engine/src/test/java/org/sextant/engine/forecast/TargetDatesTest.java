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

    /**
     * The days SIX traded, from the real Swiss Performance Index of the sample (fBasics::SWXLP, 2000-2007): the index is held at
     * its last level on the exchange's holidays, so a day whose SPI equals the day before's was no trading day (2006's Ascension,
     * Whit Monday and 1 August among them).
     */
    static List<LocalDate> spiTradingDays() throws Exception {
        List<LocalDate> out = new java.util.ArrayList<>();
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                TargetDatesTest.class.getResourceAsStream("/sample/swxlp.csv"), java.nio.charset.StandardCharsets.UTF_8))) {
            in.readLine();
            String previous = null;
            for (String line; (line = in.readLine()) != null; ) {
                String spi = line.split(",")[2];
                if (!spi.equals(previous)) out.add(LocalDate.parse(line.substring(1, 11)));
                previous = spi;
            }
        }
        return out;
    }

    @Test
    void theRealSpisTradingDaysStepOverSixsHolidaysThoughTwoYearsTeachNone() throws Exception {
        List<LocalDate> spi = spiTradingDays();
        assertEquals(false, spi.contains(LocalDate.of(2006, 5, 25)), "Ascension 2006");
        assertEquals(LocalDate.of(2007, 5, 8), spi.get(spi.size() - 1));
        // two years of it: too few Ascensions and Whit Mondays to learn them, SIX's calendar has them
        List<LocalDate> twoYears = spi.subList(spi.indexOf(LocalDate.of(2005, 5, 9)), spi.size());
        assertEquals(org.sextant.engine.data.TradingSession.SIX, TargetDates.europeanVenueKept(twoYears));
        List<LocalDate> next = TargetDates.after(twoYears, 15);
        assertEquals(false, next.contains(LocalDate.of(2007, 5, 17)), "Ascension 2007: " + next);
        assertEquals(false, next.contains(LocalDate.of(2007, 5, 28)), "Whit Monday 2007: " + next);
        assertEquals(LocalDate.of(2007, 5, 31), next.get(14));
        assertEquals("weekdays less SIX's holidays", TargetDates.of(twoYears).describe());
        // the whole history (which learns those days too) steps the same
        assertEquals(org.sextant.engine.data.TradingSession.SIX, TargetDates.europeanVenueKept(spi));
        assertEquals(next, TargetDates.after(spi, 15));
    }

    @Test
    void aLondonSeriesStepsOverLondonsProclaimedAndSubstituteDays() {
        // the LSE's closed weekdays from May 2021 to the coronation, typed from its notices (gov.uk bank holidays): two years teach no rule
        java.util.Set<String> closed = java.util.Set.of("2021-05-31", "2021-08-30", "2021-12-27", "2021-12-28", "2022-01-03", "2022-04-15", "2022-04-18",
                "2022-05-02", "2022-06-02", "2022-06-03", "2022-08-29", "2022-09-19", "2022-12-26", "2022-12-27", "2023-01-02", "2023-04-07", "2023-04-10",
                "2023-05-01");
        List<LocalDate> london = weekdays(LocalDate.of(2021, 5, 4), LocalDate.of(2023, 5, 5), d -> !closed.contains(d.toString()));
        assertEquals(org.sextant.engine.data.TradingSession.LSE, TargetDates.europeanVenueKept(london));
        assertEquals(List.of(LocalDate.of(2023, 5, 9), LocalDate.of(2023, 5, 10)), TargetDates.after(london, 2), "the coronation's Monday 8 May 2023");
        assertEquals("weekdays less London's holidays", TargetDates.of(london).describe());
        // the published days of 2025-2026: Boxing Day 2026 is a Saturday, kept on Monday 28 December
        List<LocalDate> lse = weekdays(LocalDate.of(2025, 1, 2), LocalDate.of(2026, 12, 23),
                d -> !org.sextant.engine.data.VenueCalendarsTest.LSE_PUBLISHED.contains(d.toString()));
        assertEquals(List.of(LocalDate.of(2026, 12, 24), LocalDate.of(2026, 12, 29), LocalDate.of(2026, 12, 30), LocalDate.of(2026, 12, 31),
                LocalDate.of(2027, 1, 4)), TargetDates.after(lse, 5));
    }

    @Test
    void aEuronextSeriesStepsOverEuronextsHolidaysAndOntoItsHalfDays() {
        List<LocalDate> euronext = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2025, 12, 23),
                d -> !org.sextant.engine.data.VenueCalendarsTest.EURONEXT_PUBLISHED.contains(d.toString()));
        assertEquals(org.sextant.engine.data.TradingSession.EURONEXT, TargetDates.europeanVenueKept(euronext));
        assertEquals(List.of(LocalDate.of(2025, 12, 24), LocalDate.of(2025, 12, 29), LocalDate.of(2025, 12, 30), LocalDate.of(2025, 12, 31),
                LocalDate.of(2026, 1, 2)), TargetDates.after(euronext, 5));
        assertEquals("weekdays less Euronext's holidays", TargetDates.of(euronext).describe());
        // Xetra's series keeps Euronext's days and more, London's five of Euronext's six: each is its own venue's
        List<LocalDate> xetra = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2025, 12, 23),
                d -> !org.sextant.engine.data.XetraCalendarTest.PUBLISHED.contains(d.toString()));
        assertEquals(org.sextant.engine.data.TradingSession.EU_EQUITY, TargetDates.europeanVenueKept(xetra));
        List<LocalDate> lse = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2025, 12, 23),
                d -> !org.sextant.engine.data.VenueCalendarsTest.LSE_PUBLISHED.contains(d.toString()));
        assertEquals(org.sextant.engine.data.TradingSession.LSE, TargetDates.europeanVenueKept(lse));
        assertEquals(null, TargetDates.europeanVenueKept(org.sextant.engine.testing.SampleDates.of("/sample/nyse_composite.csv")));
    }

    private static List<LocalDate> weekdays(LocalDate from, LocalDate to, java.util.function.Predicate<LocalDate> keep) {
        List<LocalDate> out = new java.util.ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 && keep.test(d)) out.add(d);
        }
        return out;
    }
}
