package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

class ForecastStartTest {
    /** Business days from 2024-06-03 (a Monday) to 2024-07-12, without Friday 2024-07-05 (a holiday here). */
    private static List<LocalDate> weekdays() {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 6, 3); !d.isAfter(LocalDate.of(2024, 7, 12)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 && !d.equals(LocalDate.of(2024, 7, 5))) out.add(d);
        }
        return out;
    }

    @Test
    void midWeekAsOfStartsFromThePreviousFriday() {
        ForecastStart s = ForecastStart.resolve("X", weekdays(), LocalDate.of(2024, 6, 19)); // a Wednesday
        assertEquals(LocalDate.of(2024, 6, 14), s.startDate());
        assertEquals(LocalDate.of(2024, 6, 14), s.weekEnd());
        assertEquals(10, s.historyRows(), "two full weeks of closes up to the start");
    }

    @Test
    void aFridayAsOfCompletesItsWeekAndAWeekendAsOfUsesThatFriday() {
        assertEquals(LocalDate.of(2024, 6, 21), ForecastStart.resolve("X", weekdays(), LocalDate.of(2024, 6, 21)).startDate());
        assertEquals(LocalDate.of(2024, 6, 21), ForecastStart.resolve("X", weekdays(), LocalDate.of(2024, 6, 23)).startDate());
    }

    @Test
    void aFridayHolidayFallsBackToThursday() {
        assertEquals(LocalDate.of(2024, 7, 4), ForecastStart.resolve("X", weekdays(), LocalDate.of(2024, 7, 9)).startDate());
    }

    @Test
    void withoutAsOfTheSeriesLastDateIsUsed() {
        ForecastStart s = ForecastStart.resolve("X", weekdays(), null);
        assertEquals(LocalDate.of(2024, 7, 12), s.asOf());
        assertEquals(LocalDate.of(2024, 7, 12), s.startDate(), "the series ends on a Friday: that week is complete");
    }

    @Test
    void aSeriesTradingAtWeekendsEndsItsWeekOnSunday() {
        List<LocalDate> daily = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 6, 1); d.isBefore(LocalDate.of(2024, 7, 1)); d = d.plusDays(1)) daily.add(d);
        assertEquals(LocalDate.of(2024, 6, 16), ForecastStart.resolve("BTC", daily, LocalDate.of(2024, 6, 19)).startDate());
    }

    /** A Sunday-to-Thursday market (Tadawul) closes its week on Thursday: its Sunday is the next week's first day. */
    @Test
    void aSundayToThursdaySeriesEndsItsWeekOnThursday() {
        List<LocalDate> tasi = TradingWeekTest.dates(TradingWeekTest.SUN_THU); // 2015-01-04 to Tuesday 2024-12-31
        ForecastStart onSunday = ForecastStart.resolve("TASI", tasi, LocalDate.of(2024, 6, 16));
        assertEquals(LocalDate.of(2024, 6, 13), onSunday.weekEnd(), "Sunday opens a new week: the last completed one ended Thursday");
        assertEquals(LocalDate.of(2024, 6, 13), onSunday.startDate());
        assertEquals(LocalDate.of(2024, 6, 20), ForecastStart.resolve("TASI", tasi, LocalDate.of(2024, 6, 20)).startDate(), "a Thursday completes its week");
        assertEquals(LocalDate.of(2024, 6, 20), ForecastStart.resolve("TASI", tasi, LocalDate.of(2024, 6, 22)).startDate(), "Friday and Saturday: that Thursday");
        assertEquals(LocalDate.of(2024, 12, 26), ForecastStart.resolve("TASI", tasi, null).startDate(), "ending on a Tuesday: the Thursday before");
        List<LocalDate> fx = TradingWeekTest.dates(java.util.EnumSet.complementOf(java.util.EnumSet.of(java.time.DayOfWeek.SATURDAY)));
        assertEquals(LocalDate.of(2024, 6, 14), ForecastStart.resolve("EURUSD", fx, LocalDate.of(2024, 6, 16)).startDate(), "Sunday to Friday ends on Friday");
    }

    @Test
    void weeklyOriginsOfASundayToThursdaySeriesFollowItsThursdays() {
        List<LocalDate> tasi = TradingWeekTest.dates(TradingWeekTest.SUN_THU);
        for (int o : OriginRule.parse("weekly").origins(tasi, tasi.size() - 100)) {
            assertEquals(java.time.DayOfWeek.THURSDAY, tasi.get(o - 1).getDayOfWeek(), "a weekly forecast is made on the week's last close " + tasi.get(o - 1));
        }
    }

    @Test
    void anAsOfBeforeTheHistoryNamesTheField() {
        SextantException e = assertThrows(SextantException.class, () -> ForecastStart.resolve("X", weekdays(), LocalDate.of(2024, 6, 5)));
        assertEquals("as_of", e.field());
        assertEquals("give an as_of after 2024-06-07", e.fix());
    }

    /** A request without as_of is not told to give a later one: its history is short of a completed week. */
    @Test
    void aHistoryInsideOneWeekWithoutAsOfAsksForMorePrices() {
        List<LocalDate> wedThu = List.of(LocalDate.of(2024, 6, 5), LocalDate.of(2024, 6, 6));
        SextantException e = assertThrows(SextantException.class, () -> ForecastStart.resolve("X", wedThu, null));
        assertEquals("symbol", e.field());
        assertEquals("X has no close on or before 2024-05-31 (its history starts 2024-06-05)", e.getMessage());
        assertEquals("a forecast starts from the last close of a completed week (on a Friday): import X's prices up to 2024-06-07 or later", e.fix());
        assertFalse(e.fix().contains("as_of"), e.fix());
    }

    @Test
    void monthlyOriginsFollowTheLastCloseOfEachMonth() {
        List<LocalDate> d = weekdays();
        int[] o = OriginRule.MONTHLY.origins(d, 0);
        assertEquals(1, o.length);
        assertEquals(LocalDate.of(2024, 6, 28), d.get(o[0] - 1), "the forecast is made on the month's last close");
        int[] weekly = OriginRule.parse("weekly").origins(d, 0);
        assertEquals(5, weekly.length);
        assertEquals(LocalDate.of(2024, 7, 4), d.get(weekly[4] - 1), "the Friday holiday week ends on Thursday");
        assertEquals(2, OriginRule.parse("10").origins(d, 0).length, "29 closes: origins 10 and 20 (0 has no history)");
        assertEquals("origins", assertThrows(SextantException.class, () -> OriginRule.parse("daily")).field());
    }
}
