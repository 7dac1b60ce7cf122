package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chart's resampling against OHLC worked out by hand, and its shortcuts (resampling a resample) against the direct way. */
class BarResamplerTest {
    private static final LocalDateTime THU_1600 = LocalDateTime.of(2001, 3, 29, 16, 0);

    /** 30m fx closes from Thursday 16:00 New York to Monday 01:00; the market is shut from Friday 17:00 to Sunday 17:00. */
    private static TimedBars fxWeekend() {
        List<LocalDateTime> wall = new ArrayList<>(IntradayBars.every(30, THU_1600, LocalDateTime.of(2001, 3, 30, 17, 0)));
        wall.addAll(IntradayBars.every(30, LocalDateTime.of(2001, 4, 1, 17, 0), LocalDateTime.of(2001, 4, 2, 1, 0)));
        double[] close = new double[wall.size()];
        for (int i = 0; i < close.length; i++) close[i] = 1.70 + 0.001 * i;
        return IntradayBars.closes(ChartInterval.M30, SessionClock.FX, wall, close);
    }

    @Test
    void fxTradingDaysEndAt1700NewYorkAndTheWeekendIsNoBar() {
        TimedBars bars = fxWeekend();
        assertEquals(LocalDate.of(2001, 3, 29), bars.tradingDay(0), "16:00 Thursday is Thursday's");
        assertEquals(LocalDate.of(2001, 3, 30), bars.tradingDay(2), "17:00 Thursday opens Friday's day");
        TimedBars days = BarResampler.resample(bars, ChartInterval.D1, true);
        assertEquals(List.of(LocalDate.of(2001, 3, 29), LocalDate.of(2001, 3, 30), LocalDate.of(2001, 4, 2)),
                List.of(days.tradingDay(0), days.tradingDay(1), days.tradingDay(2)));
        assertEquals(3, days.size(), "no Saturday or Sunday bar");
        // Friday: the 48 closes from Thursday 17:00 (index 2) to Friday 16:30 (index 49)
        assertEquals(bars.close(2), days.open(1), 1e-12);
        assertEquals(bars.close(49), days.close(1), 1e-12);
        assertEquals(bars.close(49), days.high(1), 1e-12);
        assertEquals(bars.close(2), days.low(1), 1e-12);
        // the day's bar opens when its first bar does: 17:00 New York the evening before (EST, UTC-5)
        assertEquals(ZonedDateTime.of(2001, 3, 29, 17, 0, 0, 0, SessionClock.FX.zone()).toEpochSecond(), days.seconds(1));
        assertEquals("2001-04-02", days.label(2));
        assertEquals(bars.close(50), days.open(2), 1e-12, "Monday opens Sunday 17:00");
    }

    @Test
    void intradayBucketsTakeFirstOpenHighestHighLowestLowLastCloseAndSumVolume() {
        long t0 = ZonedDateTime.of(2001, 3, 26, 9, 30, 0, 0, SessionClock.US_EQUITY.zone()).toEpochSecond();
        long[] t = new long[6];
        for (int i = 0; i < 6; i++) t[i] = t0 + i * 1800L - 3600L; // 08:30 .. 11:00: two bars before the open
        double[] o = {1, 2, 10, 11, 12, 13}, h = {5, 5, 15, 19, 14, 16}, l = {0, 0, 9, 8, 11, 12}, c = {2, 3, 11, 12, 13, 14};
        double[] v = {7, 7, 100, Double.NaN, 300, 400};
        TimedBars bars = new TimedBars("X", ChartInterval.M30, SessionClock.US_EQUITY, t, o, h, l, c, v);
        TimedBars hours = BarResampler.resample(bars, ChartInterval.H1, true);
        assertEquals(2, hours.size(), "before 09:30 is outside the session: 09:30-10:30 and 10:30-11:30");
        assertEquals(t0, hours.seconds(0));
        assertArrayEquals(new double[] {10, 19, 8, 12, 100}, row(hours, 0), "a missing volume is skipped, as SQL's sum does");
        assertArrayEquals(new double[] {12, 16, 11, 14, 700}, row(hours, 1));
        assertEquals("2001-03-26 10:30", hours.label(1), "labelled in New York's wall time");
    }

    @Test
    void resamplingAResampleGivesWhatTheSourceGives() {
        TimedBars source = IntradayBars.fx(40_000, 1, LocalDateTime.of(2000, 3, 1, 3, 0), 7);
        IntervalLadder ladder = new IntervalLadder(source);
        for (ChartInterval i : List.of(ChartInterval.M15, ChartInterval.H4, ChartInterval.D1, ChartInterval.W1, ChartInterval.MO1)) {
            TimedBars direct = BarResampler.resample(source, i, true);
            TimedBars viaLadder = ladder.at(i);
            assertEquals(direct.size(), viaLadder.size(), i.label);
            for (int k = 0; k < direct.size(); k++) {
                assertEquals(direct.seconds(k), viaLadder.seconds(k), i + " bar " + k);
                assertEquals(direct.tradingDay(k), viaLadder.tradingDay(k), i + " bar " + k);
                assertArrayEquals(row(direct, k), row(viaLadder, k), 1e-9, i + " bar " + k);
            }
        }
        // the daylight-saving change of 2 April 2000 moves the New York open time by an hour in UTC
        TimedBars days = ladder.at(ChartInterval.D1);
        int before = days.firstOfDay(LocalDate.of(2000, 3, 31));
        int after = days.firstOfDay(LocalDate.of(2000, 4, 4));
        assertEquals(22 * 3600, Math.floorMod(days.seconds(before), 86_400), "17:00 EST is 22:00 UTC");
        assertEquals(21 * 3600, Math.floorMod(days.seconds(after), 86_400), "17:00 EDT is 21:00 UTC");
    }

    @Test
    void aFinerIntervalIsRefusedNamingTheField() {
        TimedBars bars = fxWeekend();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BarResampler.resample(bars, ChartInterval.M5, true));
        assertTrue(e.getMessage().startsWith("interval: 5m is not coarser than 30m"), e.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> ChartInterval.of("2h"));
        assertTrue(unknown.getMessage().contains("use one of 1m, 5m"), unknown.getMessage());
    }

    @Test
    void theLadderPicksTheFinestIntervalWithAFewBarsPerPixel() {
        TimedBars source = IntradayBars.fx(30_000, 1, LocalDateTime.of(2000, 3, 1, 3, 0), 3);
        IntervalLadder ladder = new IntervalLadder(source);
        long first = source.seconds(0);
        long last = source.seconds(source.size() - 1);
        assertEquals(ChartInterval.M15, ladder.choose(first, last, 1000, ChartInterval.M1), "30,000 minutes: 2,000 15m bars fit 3 a pixel");
        assertEquals(ChartInterval.M1, ladder.choose(first, first + 2 * 3600, 1000, ChartInterval.M1), "two hours: every minute");
        assertEquals(ChartInterval.H1, ladder.choose(first, first + 2 * 3600, 1000, ChartInterval.H1), "never finer than the picked interval");
    }

    private static double[] row(TimedBars b, int k) {
        return new double[] {b.open(k), b.high(k), b.low(k), b.close(k), b.volume(k)};
    }
}
