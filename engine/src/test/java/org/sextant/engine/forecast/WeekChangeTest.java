package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.TestData;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 25, L2: a market that changed its week (Saturday to Wednesday until 2013-06-28, Sunday to Thursday after) kept
 * forecasting on Saturdays three months later, its week read from its last 100 dates.
 */
class WeekChangeTest {
    static final Set<DayOfWeek> SAT_WED = EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY);
    static final Set<DayOfWeek> SUN_THU = TradingWeekTest.SUN_THU;

    /** The attacker's file: 2011-01-01 .. 2013-09-30, Saturday to Wednesday until 2013-06-28, Sunday to Thursday after. */
    @Test
    void aForecastStepsOnTheWeekAfterTheChange(@TempSextant Sextant engine, @TempDir Path dir) throws Exception {
        TestData.importResource(engine, "/forecast/TASISWITCH.csv", dir);
        PriceForecast f = engine.getForecast("TASISWITCH", "naive", 20, new double[] {0.8});
        // the answer says when the week changed, and from which date it is read
        assertEquals("Sunday to Thursday, the days the series trades; its week changed: it last traded a Saturday on 2013-06-22, and is read from 2013-06-23 on",
                f.calendar());
        assertEquals(LocalDate.of(2013, 10, 1), f.targetDates().get(0));
        for (LocalDate d : f.targetDates()) assertTrue(SUN_THU.contains(d.getDayOfWeek()), d + " is not a day it trades since the change");
    }

    /**
     * A scan's row said nothing of it: its 20 steps ran on the new week from the date the change is read from, and nothing said
     * so, nor that its horizon counted Sunday-to-Thursday days. The row says both as the forecast and a run do; a weekday
     * symbol's row beside it says nothing (its horizon is the scan's 20 business days).
     */
    @Test
    void aScanRowSaysWhenASymbolsWeekChangedAndWhatItsHorizonCounts(@TempSextant Sextant engine, @TempDir Path dir) throws Exception {
        TestData.importResource(engine, "/forecast/TASISWITCH.csv", dir);
        ScanResult r = engine.scanForecasts(new ForecastScan.Request(List.of("TASISWITCH", "IBM"), "naive", 20, 0.8, null, null, null, null, null));
        ScanRow tasi = r.rows().stream().filter(x -> x.symbol().equals("TASISWITCH")).findFirst().orElseThrow();
        assertEquals("20 trading days (Sunday to Thursday); its week changed: it last traded a Saturday on 2013-06-22, and is read from 2013-06-23 on",
                tasi.weekNote());
        ScanRow ibm = r.rows().stream().filter(x -> x.symbol().equals("IBM")).findFirst().orElseThrow();
        assertEquals(null, ibm.weekNote(), "a weekday symbol's horizon is the scan's business days");
        assertEquals(tasi.weekNote(), org.sextant.engine.Json.MAPPER.readTree(org.sextant.engine.Json.write(tasi)).get("week_note").asString(), "said over the wire");
        assertFalse(org.sextant.engine.Json.MAPPER.readTree(org.sextant.engine.Json.write(ibm)).has("week_note"), "left out where there is nothing to say");
    }

    /** {@code days} of the week from {@code from} to {@code to}, both included. */
    static List<LocalDate> dates(LocalDate from, LocalDate to, Set<DayOfWeek> days) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) if (days.contains(d.getDayOfWeek())) out.add(d);
        return out;
    }

    /** Two years of the old week, then {@code weeks} weeks of the new one from Sunday 2013-06-30. */
    static List<LocalDate> switched(Set<DayOfWeek> before, Set<DayOfWeek> after, int weeks) {
        List<LocalDate> out = dates(LocalDate.of(2011, 6, 29), LocalDate.of(2013, 6, 28), before);
        out.addAll(dates(LocalDate.of(2013, 6, 30), LocalDate.of(2013, 6, 29).plusWeeks(weeks), after));
        return out;
    }

    /** A run's annualisation says so too: the week it counts is the one since the change. */
    @Test
    void aRunSaysWhenASymbolsWeekChanged() {
        List<LocalDate> tasi = switched(SAT_WED, SUN_THU, 52);
        org.sextant.engine.research.sweep.BarAxis axis = org.sextant.engine.research.sweep.BarAxis.byWeek(List.of("TASI"), List.of(tasi), tasi, s -> false);
        assertEquals("annualised with 261 bars a year (1d: TASI trades Sunday to Thursday, 261 dates a year; its week changed: it last traded a Saturday on "
                + "2013-06-22, and is read from 2013-06-23 on)", axis.annualisation());
        assertEquals(null, WeekChange.of(TradingWeekTest.dates(SUN_THU)).describe(), "no change, nothing said");
    }

    @Test
    void theWeekIsReadFromFourWeeksAfterTheChange() {
        // three weeks without a Saturday could be holidays: the old week still holds
        assertEquals(SAT_WED, TradingWeek.of(switched(SAT_WED, SUN_THU, 3)).days());
        TradingWeek four = TradingWeek.of(switched(SAT_WED, SUN_THU, 4));
        assertEquals(SUN_THU, four.days());
        assertEquals(261, four.barsPerYear(), "too few dates after the change to count a year: 5 days x 365.25 / 7");
        // a year after the change its own dates a year are counted again
        assertEquals(261, TradingWeek.of(switched(SAT_WED, SUN_THU, 52)).barsPerYear());
        assertEquals(SUN_THU, TargetDates.of(switched(SAT_WED, SUN_THU, 4)).week().days());
    }

    /** The United Arab Emirates moved from Sunday-to-Thursday to Monday-to-Friday on 2022-01-03. */
    @Test
    void aMarketThatLeavesTheWeekendStepsOnWeekdays() {
        List<LocalDate> history = switched(SUN_THU, EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), 6);
        assertFalse(TargetDates.tradesOnWeekends(history));
        TargetDates.Calendar calendar = TargetDates.of(history);
        assertFalse(calendar.everyDay());
        assertEquals(dates(LocalDate.of(2013, 8, 12), LocalDate.of(2013, 8, 23), EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY)),
                calendar.after(history.get(history.size() - 1), 10), "its Fridays too: the old week's missing Fridays are no holidays");
    }

    static final Set<DayOfWeek> MON_FRI = EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY);

    /**
     * Seven years of a Sunday-to-Thursday market, then Monday to Friday from 2026-01-05: its old years have no Friday, so
     * learnt from them each "n-th Friday of a month" was a holiday (missed 5 of its 6 weekday occurrences), and its forecast
     * skipped Fridays it now trades. Its holidays are learnt from the dates after the change only.
     */
    @Test
    void aMarketThatLeavesTheWeekendLearnsNoHolidayFromItsOldWeek() {
        List<LocalDate> history = dates(LocalDate.of(2019, 1, 6), LocalDate.of(2026, 1, 1), SUN_THU);
        history.addAll(dates(LocalDate.of(2026, 1, 5), LocalDate.of(2026, 11, 27), MON_FRI));
        TargetDates.Calendar calendar = TargetDates.of(history);
        assertEquals("weekdays; its week changed: it last traded a Sunday on 2025-12-28, and is read from 2025-12-29 on", calendar.describe());
        assertEquals(dates(LocalDate.of(2026, 11, 30), LocalDate.of(2027, 3, 12), MON_FRI), calendar.after(LocalDate.of(2026, 11, 27), 75),
                "every weekday: the old week's missing Fridays are no holidays");
    }

    /**
     * Six days a week (Monday to Saturday, closed on the first Monday of May) until 2025-12-27, Monday to Friday since, trading
     * on Monday 4 May 2026: a holiday of the old week is not stepped over (learnt from all its dates it was, kept 5 of 6 years).
     */
    @Test
    void aSixDayMarketThatDropsSaturdaysLearnsItsHolidaysFromItsNewWeek() {
        Set<DayOfWeek> monSat = EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.SATURDAY);
        List<LocalDate> history = dates(LocalDate.of(2018, 1, 1), LocalDate.of(2025, 12, 27), monSat);
        history.removeIf(d -> d.getMonthValue() == 5 && d.getDayOfWeek() == DayOfWeek.MONDAY && d.getDayOfMonth() <= 7);
        history.addAll(dates(LocalDate.of(2025, 12, 29), LocalDate.of(2026, 11, 27), MON_FRI));
        assertEquals(LocalDate.of(2025, 12, 27), WeekChange.of(history).lastOfOldWeek());
        TargetDates.Calendar calendar = TargetDates.of(history);
        assertEquals(TradingWeek.WEEKDAYS, calendar.week());
        assertEquals("weekdays; its week changed: it last traded a Saturday on 2025-12-27, and is read from 2025-12-29 on", calendar.describe());
        assertTrue(calendar.open(LocalDate.of(2027, 5, 3)), "the first Monday of May 2027");
    }

    /**
     * A forecast's calendar of a Sunday-to-Thursday market looked for a change of week 4 times (for its weekend, its week,
     * the week's weekend and its holidays), each a walk over its last two years: now once, and the rest read what it found.
     */
    @Test
    void aCalendarLooksForAChangeOfWeekOnce() {
        List<LocalDate> tadawul = TradingWeekTest.dates(SUN_THU);
        int yearAgo = tadawul.indexOf(LocalDate.of(2023, 12, 31));
        int[] reads = {0};
        List<LocalDate> counted = new java.util.AbstractList<>() {
            @Override public LocalDate get(int i) {
                if (i == yearAgo) reads[0]++;
                return tadawul.get(i);
            }

            @Override public int size() { return tadawul.size(); }
        };
        TargetDates.Calendar calendar = TargetDates.of(counted);
        assertEquals(SUN_THU, calendar.week().days());
        // twice by the one walk looking for a change of week (four walks read it 11 times), twice learning its holidays, once
        // counting its dates a year
        assertEquals(5, reads[0], "reads of a date a year back");
    }

    @Test
    void strayOrSparseDatesTellNoChange() {
        List<LocalDate> weekdays = dates(LocalDate.of(2011, 1, 3), LocalDate.of(2013, 9, 30), EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));
        weekdays.add(weekdays.size() - 60, LocalDate.of(2013, 7, 7)); // a stray Sunday (the NYSE composite has two)
        assertEquals(TradingWeek.WEEKDAYS, TradingWeek.of(weekdays));
        assertEquals(weekdays, WeekChange.since(weekdays), "a stray date is no day it traded: its holidays are still learnt from all its dates");
        List<LocalDate> tadawul = TradingWeekTest.dates(SUN_THU);
        assertEquals(tadawul, WeekChange.since(tadawul), "no day of its week stops");
        List<LocalDate> fridays = dates(LocalDate.of(2011, 1, 3), LocalDate.of(2013, 9, 30), EnumSet.of(DayOfWeek.FRIDAY));
        fridays.add(fridays.size() - 10, LocalDate.of(2013, 7, 23)); // a Tuesday among weekly closes
        assertEquals(fridays, WeekChange.since(fridays), "weekly closes are too sparse to tell a week");
    }
}
