package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Forecast targets along the session calendar: weekends and nights are not bars. */
class SessionCalendarTest {
    private static LocalDateTime utc(String iso) { return LocalDateTime.parse(iso); }

    @Test
    void anFxForecastMadeFridayAfternoonContinuesAtTheSundayOpen() {
        // Friday 2001-03-30 16:30 New York (EST) is 21:30 UTC: the week's last 30-minute bar
        List<LocalDateTime> next = SessionCalendar.barsAfter(TradingSession.FX, BarInterval.M30, utc("2001-03-30T21:30"), 2);
        assertEquals(List.of(utc("2001-04-01T21:00"), utc("2001-04-01T21:30")), next, "Sunday 17:00 EDT (DST began that day) is 21:00 UTC");
    }

    @Test
    void anEquityHourlyForecastSkipsNightsAndWeekends() {
        // Friday 2020-01-03 15:30 New York (EST) is 20:30 UTC: the day's last hourly bar
        List<LocalDateTime> next = SessionCalendar.barsAfter(TradingSession.US_EQUITY, BarInterval.H1, utc("2020-01-03T20:30"), 8);
        assertEquals(utc("2020-01-06T14:30"), next.get(0), "Monday 09:30");
        assertEquals(utc("2020-01-06T20:30"), next.get(6), "Monday 15:30, the seventh bar of the day");
        assertEquals(utc("2020-01-07T14:30"), next.get(7), "then Tuesday 09:30");
    }

    @Test
    void daysSkipWeekendsAndContinuousSessionsDoNot() {
        // an equity day's bar opens at its midnight New York, as resample_bars dates it
        assertEquals(List.of(utc("2020-01-06T05:00")), SessionCalendar.barsAfter(TradingSession.US_EQUITY, BarInterval.D1, utc("2020-01-03T05:00"), 1),
                "Friday's bar is followed by Monday's");
        assertEquals(List.of(utc("2020-01-04T00:00")), SessionCalendar.barsAfter(TradingSession.CONTINUOUS, BarInterval.D1, utc("2020-01-03T00:00"), 1));
    }

    @Test
    void anEquityForecastSkipsNyseHolidaysAndStopsAtAnEarlyClose() {
        // Wednesday 2026-11-25 15:30 New York (EST) is 20:30 UTC; Thursday is Thanksgiving, Friday closes at 13:00
        List<LocalDateTime> next = SessionCalendar.barsAfter(TradingSession.US_EQUITY, BarInterval.H1, utc("2026-11-25T20:30"), 5);
        assertEquals(List.of(utc("2026-11-27T14:30"), utc("2026-11-27T15:30"), utc("2026-11-27T16:30"), utc("2026-11-27T17:30"),
                utc("2026-11-30T14:30")), next, "Friday 09:30 to the 12:30 bar, then Monday 09:30");
        assertEquals(List.of(utc("2026-11-27T05:00")), SessionCalendar.barsAfter(TradingSession.US_EQUITY, BarInterval.D1, utc("2026-11-25T05:00"), 1),
                "Wednesday's day is followed by Friday's");
        // fx knows no exchange holidays: Thanksgiving is a trading day
        assertEquals(utc("2026-11-25T22:00"), SessionCalendar.barsAfter(TradingSession.FX, BarInterval.H1, utc("2026-11-25T21:00"), 1).get(0));
    }
}
