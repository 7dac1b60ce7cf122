package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A chart of Berlin 30-minute bars (08:00-21:30, pre-market and late trading included) from 4 March to 5 April 2024
 * on the eu_equity clock: New York changed its clocks on 10 March, Berlin on 31 March, and the chart's days and
 * 4-hour bars keep Berlin's 09:00-17:35 (the closing auction included) on both sides of both changes, as the store's resample_bars does.
 */
class EuSessionClockTest {
    private static final SessionClock EU = SessionClock.of("eu_equity");

    private static List<LocalDateTime> wall() {
        List<LocalDateTime> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 3, 4); !d.isAfter(LocalDate.of(2024, 4, 5)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY) out.addAll(IntradayBars.every(30, d.atTime(8, 0), d.atTime(22, 0)));
        }
        return out;
    }

    private static long berlin(LocalDateTime t) {
        return t.atZone(EU.zone()).toEpochSecond();
    }

    @Test
    void daysAndFourHourBarsFollowBerlinHoursAcrossBothClockChanges() {
        List<LocalDateTime> wall = wall();
        double[] close = new double[wall.size()];
        for (int i = 0; i < close.length; i++) close[i] = 100 + 3 * Math.sin(i / 5.0) + i * 0.01;
        TimedBars bars = IntradayBars.closes(ChartInterval.M30, EU, wall, close);
        assertEquals("eu_equity", EU.name());
        assertEquals("Berlin", EU.zoneName());

        TimedBars days = BarResampler.resample(bars, ChartInterval.D1, true);
        assertEquals(25, days.size(), "five weeks of weekdays");
        for (int k = 0; k < days.size(); k++) {
            LocalDate day = days.tradingDay(k);
            double high = Double.NEGATIVE_INFINITY, low = Double.POSITIVE_INFINITY, first = Double.NaN, last = Double.NaN;
            for (int i = 0; i < wall.size(); i++) {
                LocalTime t = wall.get(i).toLocalTime();
                if (!wall.get(i).toLocalDate().equals(day) || t.isBefore(LocalTime.of(9, 0)) || !t.isBefore(LocalTime.of(17, 35))) continue; // the 17:30 bar is the closing auction's
                if (Double.isNaN(first)) first = close[i];
                last = close[i];
                high = Math.max(high, close[i]);
                low = Math.min(low, close[i]);
            }
            assertEquals(List.of(first, high, low, last), List.of(days.open(k), days.high(k), days.low(k), days.close(k)), day.toString());
            assertEquals(berlin(day.atStartOfDay()), days.seconds(k), day + " is dated at midnight Berlin, as the store dates it");
        }

        TimedBars fourHours = BarResampler.resample(bars, ChartInterval.H4, true);
        for (LocalDate day : List.of(LocalDate.of(2024, 3, 8), LocalDate.of(2024, 3, 11), LocalDate.of(2024, 4, 2))) {
            int at = fourHours.firstOfDay(day);
            assertEquals(List.of(berlin(day.atTime(9, 0)), berlin(day.atTime(13, 0)), berlin(day.atTime(17, 0))),
                    List.of(fourHours.seconds(at), fourHours.seconds(at + 1), fourHours.seconds(at + 2)), day.toString());
            assertEquals(day + " 13:00", fourHours.label(at + 1), "labelled in Berlin's wall time");
            assertEquals(day.plusDays(day.getDayOfWeek() == DayOfWeek.FRIDAY ? 3 : 1), fourHours.tradingDay(at + 3), "after the 17:30 auction (in the 17:00 bar) no bar");
        }
    }
}
