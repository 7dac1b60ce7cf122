package org.sextant.engine.data;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeptHolidaysTest {
    /**
     * SIX Swiss Exchange's non-trading weekdays 2020–2026 as the exchange publishes them
     * (six-group.com, "Trading calendar"): New Year's Day, Berchtold's Day, Good Friday, Easter
     * Monday, Labour Day, Ascension, Whit Monday, National Day, Christmas Eve, Christmas, St
     * Stephen's Day, New Year's Eve — typed as dates, not computed by the rules under test.
     */
    private static final Set<LocalDate> SIX = dates(
            "2020-01-01", "2020-01-02", "2020-04-10", "2020-04-13", "2020-05-01", "2020-05-21", "2020-06-01", "2020-12-24", "2020-12-25", "2020-12-31",
            "2021-01-01", "2021-04-02", "2021-04-05", "2021-05-13", "2021-05-24", "2021-12-24", "2021-12-31",
            "2022-04-15", "2022-04-18", "2022-05-26", "2022-06-06", "2022-08-01", "2022-12-26",
            "2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-18", "2023-05-29", "2023-08-01", "2023-12-25", "2023-12-26",
            "2024-01-01", "2024-01-02", "2024-03-29", "2024-04-01", "2024-05-01", "2024-05-09", "2024-05-20", "2024-08-01", "2024-12-24", "2024-12-25", "2024-12-26", "2024-12-31",
            "2025-01-01", "2025-01-02", "2025-04-18", "2025-04-21", "2025-05-01", "2025-05-29", "2025-06-09", "2025-08-01", "2025-12-24", "2025-12-25", "2025-12-26", "2025-12-31",
            "2026-01-01", "2026-01-02", "2026-04-03", "2026-04-06", "2026-05-01");

    /**
     * The London Stock Exchange's closed weekdays 2020–2025, England's bank holidays (gov.uk/bank-holidays),
     * with the moved and added days of those years: VE Day 8 May 2020 instead of 4 May, the
     * Platinum Jubilee 2–3 June 2022 instead of 30 May, the State Funeral 19 September 2022, the
     * Coronation 8 May 2023, and Christmas and Boxing Day moved off weekends.
     */
    private static final Set<LocalDate> LONDON = dates(
            "2020-01-01", "2020-04-10", "2020-04-13", "2020-05-08", "2020-05-25", "2020-08-31", "2020-12-25", "2020-12-28",
            "2021-01-01", "2021-04-02", "2021-04-05", "2021-05-03", "2021-05-31", "2021-08-30", "2021-12-27", "2021-12-28",
            "2022-01-03", "2022-04-15", "2022-04-18", "2022-05-02", "2022-06-02", "2022-06-03", "2022-08-29", "2022-09-19", "2022-12-26", "2022-12-27",
            "2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-08", "2023-05-29", "2023-08-28", "2023-12-25", "2023-12-26",
            "2024-01-01", "2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27", "2024-08-26", "2024-12-25", "2024-12-26",
            "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26");

    @Test
    void aZurichSeriesKeepsTheSixHolidaysAndAForecastStepsOverAscensionAndWhitMonday() {
        List<LocalDate> zurich = weekdays(LocalDate.of(2020, 1, 3), LocalDate.of(2026, 5, 12), d -> !SIX.contains(d));
        KeptHolidays kept = KeptHolidays.learn(zurich);
        assertEquals(Set.of("1 January", "2 January", "Good Friday", "Easter Monday", "1 May", "Ascension", "Whit Monday", "1 August",
                "24 December", "25 December", "26 December", "31 December"), names(kept));
        assertTrue(kept.holiday(LocalDate.of(2026, 5, 14)), "Ascension 2026");
        assertTrue(kept.holiday(LocalDate.of(2026, 5, 25)), "Whit Monday 2026");
        assertFalse(kept.holiday(LocalDate.of(2026, 5, 15)));
        // the forecast's dates from Tuesday 12 May 2026
        assertEquals(dates("2026-05-13", "2026-05-15", "2026-05-18", "2026-05-19", "2026-05-20", "2026-05-21", "2026-05-22", "2026-05-26"),
                Set.copyOf(org.sextant.engine.forecast.TargetDates.after(zurich, 8)));
        // the series keeps SIX's days: its calendar steps over them (Xetra's too, as SIX closes on every one of them), no rule is its own
        assertEquals("weekdays less SIX's holidays", org.sextant.engine.forecast.TargetDates.of(zurich).describe());
    }

    @Test
    void aLondonSeriesKeepsItsBankHolidaysThoughSomeMovedAndNotTheOneOffClosures() {
        List<LocalDate> london = weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2025, 12, 31), d -> !LONDON.contains(d));
        // the early May and spring holidays moved once each in six years and are still learned;
        // the funeral, the coronation and the days moved off a weekend are not
        KeptHolidays kept = KeptHolidays.learn(london);
        assertEquals(Set.of("1 January", "Good Friday", "Easter Monday", "1st Monday of May", "last Monday of May", "last Monday of August",
                "25 December", "26 December"), names(kept));
        // the six days moved off a weekend in those years are learned as the rule England keeps
        assertEquals(KeptHolidays.Moved.NEXT_WEEKDAY, kept.moved());
        for (LocalDate d : dates("2020-12-28", "2021-12-27", "2021-12-28", "2022-01-03", "2022-12-27", "2023-01-02")) assertTrue(kept.holiday(d), d.toString());
        assertFalse(kept.holiday(LocalDate.of(2022, 12, 28)));
        // from Friday 24 December 2027: Christmas and Boxing Day fall on the weekend, so Monday and Tuesday close too;
        // 1 January 2028 is a Saturday: Monday 3 January closes
        List<LocalDate> toXmas2027 = weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2027, 12, 24), d -> !LONDON.contains(d) && !kept.holiday(d));
        assertEquals(dates("2027-12-29", "2027-12-30", "2027-12-31", "2028-01-04"), Set.copyOf(org.sextant.engine.forecast.TargetDates.after(toXmas2027, 4)));
        // a forecast of the series steps over London's calendar, which holds these rules and moves
        assertEquals("weekdays less London's holidays", org.sextant.engine.forecast.TargetDates.of(london).describe());
    }

    @Test
    void holidaysOnAWeekendMoveOnlyWhereTheHistoryShowsTheMove() {
        // the same London holidays, but trading on the Mondays and Tuesdays after a weekend Christmas or New Year
        Set<LocalDate> unmoved = new java.util.HashSet<>(LONDON);
        unmoved.removeAll(dates("2020-12-28", "2021-12-27", "2021-12-28", "2022-01-03", "2022-12-27", "2023-01-02"));
        KeptHolidays kept = KeptHolidays.learn(weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2025, 12, 31), d -> !unmoved.contains(d)));
        assertEquals(KeptHolidays.Moved.NOT, kept.moved());
        assertFalse(kept.holiday(LocalDate.of(2027, 12, 27)));
        // Zurich does not move its holidays either (SIX traded Monday 2 August 2021 after National Day on a Sunday)
        assertEquals(KeptHolidays.Moved.NOT, KeptHolidays.learn(weekdays(LocalDate.of(2020, 1, 3), LocalDate.of(2026, 5, 12), d -> !SIX.contains(d))).moved());
        // an American-style move: 4 July and 25 December on a Saturday kept the Friday before, on a Sunday the Monday after
        Set<LocalDate> us = dates("2020-07-03", "2020-12-25", "2021-07-05", "2021-12-24", "2022-07-04", "2022-12-26", "2023-07-04", "2023-12-25",
                "2024-07-04", "2024-12-25", "2025-07-04", "2025-12-25");
        KeptHolidays american = KeptHolidays.learn(weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2025, 12, 31), d -> !us.contains(d)));
        assertEquals(Set.of("4 July", "25 December"), names(american));
        assertEquals(KeptHolidays.Moved.NEAREST_WEEKDAY, american.moved());
        assertTrue(american.holiday(LocalDate.of(2026, 7, 3)), "4 July 2026 is a Saturday");
        assertTrue(american.holiday(LocalDate.of(2027, 7, 5)), "4 July 2027 is a Sunday");
    }

    @Test
    void aNewYearsDayMovedBackIntoDecemberClosesTheYearBefore() {
        // the federal rule with New Year's Day: 1 January 2022 (a Saturday) was kept on Friday 31 December 2021
        Set<LocalDate> us = dates("2020-01-01", "2020-07-03", "2020-12-25", "2021-01-01", "2021-07-05", "2021-12-24", "2021-12-31", "2022-07-04",
                "2022-12-26", "2023-01-02", "2023-07-04", "2023-12-25", "2024-01-01", "2024-07-04", "2024-12-25", "2025-01-01", "2025-07-04", "2025-12-25");
        KeptHolidays kept = KeptHolidays.learn(weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2025, 12, 31), d -> !us.contains(d)));
        assertEquals(KeptHolidays.Moved.NEAREST_WEEKDAY, kept.moved());
        assertTrue(kept.holiday(LocalDate.of(2027, 12, 31)), "1 January 2028 is a Saturday");
        assertTrue(kept.holiday(LocalDate.of(2023, 1, 2)), "1 January 2023 was a Sunday");
        assertFalse(kept.holiday(LocalDate.of(2026, 12, 31)), "1 January 2027 is a Friday");
        // asked in any order, a year's days are the same (they are worked out once per year and kept)
        KeptHolidays fresh = KeptHolidays.learn(weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2025, 12, 31), d -> !us.contains(d)));
        List<LocalDate> backwards = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2030, 12, 31); !d.isBefore(LocalDate.of(2026, 1, 1)); d = d.minusDays(1)) if (fresh.holiday(d)) backwards.add(0, d);
        List<LocalDate> forwards = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2026, 1, 1); !d.isAfter(LocalDate.of(2030, 12, 31)); d = d.plusDays(1)) if (kept.holiday(d)) forwards.add(d);
        assertEquals(forwards, backwards);
    }

    @Test
    void aRuleThatOnlyCoincidesWithABetterOneIsNotKept() {
        // Thanksgiving 2020-2025 (the fourth Thursday) is also November's last Thursday in five of
        // those six years; 30 November 2023 was a trading day
        Set<LocalDate> thanksgiving = dates("2020-11-26", "2021-11-25", "2022-11-24", "2023-11-23", "2024-11-28", "2025-11-27");
        KeptHolidays kept = KeptHolidays.learn(weekdays(LocalDate.of(2020, 1, 2), LocalDate.of(2025, 12, 31), d -> !thanksgiving.contains(d)));
        assertEquals(Set.of("4th Thursday of November"), names(kept));
        assertFalse(kept.holiday(LocalDate.of(2029, 11, 29)), "the last Thursday of November 2029 is not its fourth");
    }

    @Test
    void theRealNyseCompositeYieldsTheNyseRulesItKeptFrom1997To2002() throws Exception {
        // the sample's last six years; Martin Luther King Jr. Day closes the exchange from 1998 on (5 of 6)
        List<LocalDate> nyse = org.sextant.engine.testing.SampleDates.of("/sample/nyse_composite.csv");
        assertEquals(Set.of("1 January", "3rd Monday of January", "3rd Monday of February", "Good Friday", "last Monday of May", "4 July",
                "1st Monday of September", "4th Thursday of November", "25 December"), names(KeptHolidays.learn(nyse)),
                "11-14 September 2001 happened once and is not a yearly holiday");
    }

    @Test
    void aSeriesWithoutHolidaysAWeeklyOneAndAShortOneKeepNone() throws Exception {
        assertEquals(List.of(), KeptHolidays.learn(org.sextant.engine.testing.SampleDates.of("/sample/swxlp.csv")).rules(),
                "the Swiss LPP indices are computed on every weekday");
        List<LocalDate> fridays = weekdays(LocalDate.of(2020, 1, 3), LocalDate.of(2025, 12, 26), d -> d.getDayOfWeek().getValue() == 5);
        assertEquals(List.of(), KeptHolidays.learn(fridays).rules(), "a weekly series is not a daily one with holidays");
        List<LocalDate> twoYears = weekdays(LocalDate.of(2024, 1, 2), LocalDate.of(2025, 12, 31), d -> !SIX.contains(d));
        assertEquals(List.of(), KeptHolidays.learn(twoYears).rules(), "two occurrences are not enough to call a day a holiday");
    }

    private static Set<String> names(KeptHolidays k) {
        return k.rules().stream().map(Object::toString).collect(Collectors.toSet());
    }

    private static Set<LocalDate> dates(String... iso) {
        return java.util.Arrays.stream(iso).map(LocalDate::parse).collect(Collectors.toSet());
    }

    static List<LocalDate> weekdays(LocalDate from, LocalDate to, Predicate<LocalDate> keep) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 && keep.test(d)) out.add(d);
        }
        return out;
    }
}
