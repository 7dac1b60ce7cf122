package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.sweep.BarAxis;

/** Attack 24, M1: a Sunday-to-Thursday market (Tadawul) or FX daily bars Sunday to Friday were taken for 7-day markets. */
class TradingWeekTest {
    /** Every date from 2015-01-04 (a Sunday) to 2024-12-31 on {@code days}. */
    static List<LocalDate> dates(Set<DayOfWeek> days) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2015, 1, 4); !d.isAfter(LocalDate.of(2024, 12, 31)); d = d.plusDays(1)) if (days.contains(d.getDayOfWeek())) out.add(d);
        return out;
    }

    static final Set<DayOfWeek> SUN_THU = EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY);

    @Test
    void fiveAndSixDayWeeksWithASundayAreAnnualisedByTheirOwnDates() {
        TradingWeek tadawul = TradingWeek.of(dates(SUN_THU));
        assertEquals(SUN_THU, tadawul.days());
        assertEquals(261, tadawul.barsPerYear());
        assertEquals("Sunday to Thursday", tadawul.describe());
        Set<DayOfWeek> sunFri = EnumSet.complementOf(EnumSet.of(DayOfWeek.SATURDAY));
        TradingWeek fx = TradingWeek.of(dates(sunFri));
        assertEquals(313, fx.barsPerYear());
        assertEquals("Sunday to Friday", fx.describe());
        TradingWeek crypto = TradingWeek.of(dates(EnumSet.allOf(DayOfWeek.class)));
        assertEquals(365, crypto.barsPerYear());
        assertTrue(crypto.everyDay());
        assertEquals(TradingWeek.WEEKDAYS, TradingWeek.of(dates(EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY))));
    }

    @Test
    void aForecastOfASundayToThursdayMarketStepsOnItsOwnDays() {
        List<LocalDate> history = dates(SUN_THU); // ends Tuesday 2024-12-31
        TargetDates.Calendar calendar = TargetDates.of(history);
        assertEquals("Sunday to Thursday, the days the series trades", calendar.describe());
        assertEquals(List.of(LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 2), LocalDate.of(2025, 1, 5), LocalDate.of(2025, 1, 6)), calendar.after(history.get(history.size() - 1), 4));
        for (LocalDate d : calendar.after(history.get(history.size() - 1), 20)) assertTrue(SUN_THU.contains(d.getDayOfWeek()), d.toString());
    }

    /**
     * A Sunday-to-Thursday series shaped like Tadawul's 2019–2026: closed on Saudi National Day (23 September) and, from
     * 2022, Founding Day (22 February) when they fall on its days, and for a few days around each Eid (lunar dates, no
     * yearly rule of the solar calendar, so not learned).
     */
    @Test
    void aSundayToThursdayMarketsHolidaysAreLearnedAndSkipped() {
        Set<LocalDate> eids = Set.of(LocalDate.of(2023, 4, 20), LocalDate.of(2023, 4, 23), LocalDate.of(2023, 4, 24), LocalDate.of(2023, 6, 27),
                LocalDate.of(2023, 6, 28), LocalDate.of(2024, 4, 9), LocalDate.of(2024, 4, 10), LocalDate.of(2024, 4, 11), LocalDate.of(2024, 6, 16),
                LocalDate.of(2024, 6, 17), LocalDate.of(2024, 6, 18), LocalDate.of(2025, 3, 30), LocalDate.of(2025, 3, 31), LocalDate.of(2025, 6, 5));
        List<LocalDate> history = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2019, 1, 6); !d.isAfter(LocalDate.of(2026, 9, 17)); d = d.plusDays(1)) {
            boolean closed = d.getMonthValue() == 9 && d.getDayOfMonth() == 23 || d.getYear() >= 2022 && d.getMonthValue() == 2 && d.getDayOfMonth() == 22;
            if (SUN_THU.contains(d.getDayOfWeek()) && !closed && !eids.contains(d)) history.add(d);
        }
        TargetDates.Calendar calendar = TargetDates.of(history);
        assertEquals("Sunday to Thursday, the days the series trades, less the holidays it keeps: 22 February, 23 September", calendar.describe());
        List<LocalDate> next = calendar.after(LocalDate.of(2026, 9, 17), 5); // a Thursday; 23 September 2026 is a Wednesday
        assertEquals(List.of(LocalDate.of(2026, 9, 20), LocalDate.of(2026, 9, 21), LocalDate.of(2026, 9, 22), LocalDate.of(2026, 9, 24), LocalDate.of(2026, 9, 27)), next);
    }

    /**
     * Attack 28, F3: a series trading Saturdays and Sundays only has gaps of 1 and 6 days, 6 at the median, and was read as a
     * weekday market at 252 a year (its own dates are about 104) whose forecast stepped every calendar day.
     */
    @Test
    void aSaturdayAndSundaySeriesIsReadByItsOwnDays() {
        Set<DayOfWeek> weekend = EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY);
        List<LocalDate> history = dates(weekend); // ends Sunday 2024-12-29
        TradingWeek week = TradingWeek.of(history);
        assertEquals(weekend, week.days());
        assertEquals(105, week.barsPerYear()); // its dates of 2023 and 2024, not 252
        assertEquals("Saturday, Sunday", week.describe());
        TargetDates.Calendar calendar = TargetDates.of(history);
        assertEquals("Saturday, Sunday, the days the series trades", calendar.describe());
        assertEquals(List.of(LocalDate.of(2025, 1, 4), LocalDate.of(2025, 1, 5), LocalDate.of(2025, 1, 11)), calendar.after(history.get(history.size() - 1), 3));
    }

    /**
     * A Saturday-and-Sunday series is a week of days among others as alone: runs asked only whether its dates were a day apart
     * ({@code TradingWeek.daily}), so beside a Sunday-to-Thursday market, sharing Sundays only (53 a year), the run was
     * annualised with its 105 (Sharpe ratios sqrt(2) too high) while its own forecast stepped on its two days.
     */
    @Test
    void aSaturdayAndSundaySeriesIsTheSameWeekAloneAndInARun() {
        List<LocalDate> weekend = dates(EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY)), tasi = dates(SUN_THU);
        TradingWeek alone = TradingWeek.of(weekend);
        assertTrue(TradingWeek.daily(weekend), "a week of two days is daily closes, as its forecast reads it");
        String said = "WKEND trades " + alone.describe() + ", " + Math.round(alone.barsPerYear()) + " dates a year";
        BarAxis own = BarAxis.byWeek(List.of("WKEND"), List.of(weekend), weekend, s -> false);
        assertEquals("annualised with 105 bars a year (1d: " + said + ")", own.annualisation());

        List<LocalDate> sundays = weekend.stream().filter(tasi::contains).toList();
        BarAxis run = BarAxis.byWeek(List.of("WKEND", "TASI"), List.of(weekend, tasi), sundays, s -> false);
        assertEquals(53, run.barsPerYear(), "the Sundays both trade, a year: 105 in the last 730 days");
        assertEquals("annualised with 53 bars a year (1d: " + said + ", TASI trades Sunday to Thursday, 261 dates a year, and the run reads the dates all"
                + " share: Sunday, 53 a year)", run.annualisation());
    }

    /** Closes spaced a week apart on one weekend day, or on the last day of each quarter, are not a week of days: as before. */
    @Test
    void weeklyAndQuarterEndClosesOnWeekendsStayAsTheyWere() {
        assertEquals(TradingWeek.WEEKDAYS, TradingWeek.of(dates(EnumSet.of(DayOfWeek.SUNDAY))));
        List<LocalDate> quarterEnds = new ArrayList<>();
        for (LocalDate d = LocalDate.of(1990, 3, 31); d.getYear() < 2025; d = d.plusMonths(3).withDayOfMonth(1).plusMonths(1).minusDays(1)) quarterEnds.add(d);
        assertEquals(TradingWeek.WEEKDAYS, TradingWeek.of(quarterEnds.stream().filter(d -> d.getDayOfWeek().getValue() >= 6).toList()));
        assertEquals(TradingWeek.WEEKDAYS, TradingWeek.of(quarterEnds));
    }
}
