package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Attack 21 (M5) on the chart: Xetra's close is fixed in the 17:30-17:35 Berlin closing auction. 5-minute bars of
 * 09:00-17:35 Berlin (and one at 17:35, after it) whose 17:30 bar is the auction: resampled here, as the store's
 * resample_bars does (V050), the auction falls in the day's last bar at every interval and closes the day.
 */
class ClosingAuctionClockTest {
    private static final SessionClock EU = SessionClock.of("eu_equity");
    private static final LocalDate DAY = LocalDate.of(2024, 3, 12);

    private static long berlin(LocalDateTime t) {
        return t.atZone(EU.zone()).toEpochSecond();
    }

    @Test
    void theAuctionClosesTheDaysLastBarAtEveryInterval() {
        List<LocalDateTime> wall = new ArrayList<>(IntradayBars.every(5, DAY.atTime(9, 0), DAY.atTime(17, 40)));
        int n = wall.size();
        long[] t = new long[n];
        double[] price = new double[n], volume = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = berlin(wall.get(i));
            boolean auction = wall.get(i).toLocalTime().getHour() == 17 && wall.get(i).getMinute() == 30;
            price[i] = auction ? 250 : 100 + i * 0.01;
            volume[i] = auction ? 5000 : 100;
        }
        TimedBars bars = new TimedBars("XETRA", ChartInterval.M5, EU, t, price, price, price, price, volume);

        TimedBars days = BarResampler.resample(bars, ChartInterval.D1, true);
        assertEquals(1, days.size());
        assertEquals(250, days.close(0), "the day closes in the auction");
        assertEquals(102 * 100 + 5000, days.volume(0), "the auction's volume counts; the 17:35 bar is after it, in no bar");
        for (Object[] c : new Object[][] {{ChartInterval.M15, 17, 15, 300}, {ChartInterval.M30, 17, 0, 600}, {ChartInterval.H1, 17, 0, 600},
                {ChartInterval.H4, 17, 0, 600}}) {
            TimedBars at = BarResampler.resample(bars, (ChartInterval) c[0], true);
            int last = at.size() - 1;
            assertEquals(berlin(DAY.atTime((int) c[1], (int) c[2])), at.seconds(last), c[0] + ": the auction is in the last bar, not one of its own");
            assertEquals(250, at.close(last), c[0] + " close");
            assertEquals((int) c[3] + 5000, at.volume(last), c[0] + " volume");
        }
    }
}
