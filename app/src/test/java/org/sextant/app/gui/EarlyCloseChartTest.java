package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.charts.BarResampler;
import org.sextant.charts.ChartInterval;
import org.sextant.charts.TimedBars;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;

/**
 * The chart resamples London's half day (24 December, trading to 12:30 and the closing auction to 12:35) as the store's
 * resample_bars does since V059: the 12:30 auction bar falls in the day's last 30-minute bar (12:00), closing it, and a
 * 12:40 bar after the auction is in none; the regular day before keeps its auction at 16:30 in the 16:00 bar. The NYSE's half
 * days end at 13:00 as in the store since V060.
 */
class EarlyCloseChartTest {
    private static final ZoneId LONDON = ZoneId.of("Europe/London");

    private static void day(List<IntervalBar> out, LocalDate day, LocalTime auction, LocalTime... after) {
        List<LocalTime> times = new ArrayList<>();
        for (LocalTime t = LocalTime.of(8, 0); !t.isAfter(auction); t = t.plusMinutes(5)) times.add(t);
        times.addAll(List.of(after));
        for (LocalTime t : times) {
            double price = t.equals(auction) ? 200 : 100;
            LocalDateTime utc = day.atTime(t).atZone(LONDON).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            out.add(new IntervalBar(utc, day, price, price, price, price, t.equals(auction) ? 5000.0 : 100.0));
        }
    }

    @Test
    void londonsHalfDayAuctionIsInTheChartsLast30MinuteBar() {
        List<IntervalBar> bars = new ArrayList<>();
        day(bars, LocalDate.of(2024, 12, 23), LocalTime.of(16, 30));
        day(bars, LocalDate.of(2024, 12, 24), LocalTime.of(12, 30), LocalTime.of(12, 40));
        TimedBars fiveMinutes = ChartInputs.timed(new BarSeries("VOD", "5m", "lse", null, 252 * 102, bars, null));
        TimedBars halfHours = BarResampler.resample(fiveMinutes, ChartInterval.M30, true);
        assertEquals(17 + 9, halfHours.size(), "17 bars on the 23rd (08:00-16:00), 9 on the half day (08:00-12:00): no bar of the auction's own");
        int last = halfHours.size() - 1;
        assertEquals(LocalDate.of(2024, 12, 24).atTime(12, 0).toEpochSecond(ZoneOffset.UTC), halfHours.seconds(last), "the half day ends with the 12:00 bar");
        assertEquals(200, halfHours.close(last), "closed by the auction");
        assertEquals(5000 + 6 * 100, halfHours.volume(last), "its volume counts; the 12:40 bar is after the close");
        assertEquals(5000 + 6 * 100, halfHours.volume(16), "the 23rd's 16:30 auction is in its 16:00 bar");
    }

    @Test
    void theNysesHalfDayEndsAt1300OnTheChartAsInTheStore() {
        ZoneId newYork = ZoneId.of("America/New_York");
        LocalDate day = LocalDate.of(2025, 11, 28); // the day after Thanksgiving: 13:00 close (V060)
        List<IntervalBar> bars = new ArrayList<>();
        for (LocalTime t = LocalTime.of(9, 30); !t.isAfter(LocalTime.of(13, 55)); t = t.plusMinutes(5)) {
            double price = 100 + t.getHour() + t.getMinute() / 100.0;
            bars.add(new IntervalBar(day.atTime(t).atZone(newYork).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), day, price, price, price, price, 100.0));
        }
        TimedBars halfHours = BarResampler.resample(ChartInputs.timed(new BarSeries("SPY", "5m", "us_equity", null, 252 * 78, bars, null)), ChartInterval.M30, true);
        assertEquals(7, halfHours.size(), "09:30 to 12:30: bars from 13:00 are after the close");
        assertEquals(112.55, halfHours.close(6), 1e-9, "the day's last bar closes with the 12:55 bar");
        assertEquals(6 * 100, halfHours.volume(6), "12:30-12:55 only");
    }
}
