package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.charts.BarResampler;
import org.sextant.charts.ChartInterval;
import org.sextant.charts.IntervalLadder;
import org.sextant.charts.SessionClock;
import org.sextant.charts.TimedBars;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;

/**
 * Attack 21 (M5): the same Xetra 5-minute bars (08:50-17:40 Berlin, the 17:30 bar the closing auction) resampled by the
 * chart and read from the engine after an import give the same bars at every interval: the auction in the day's last
 * bar, the bars before the open and after the auction in none.
 */
class ClosingAuctionResampleTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @TempDir Path home;

    @Test
    void theChartAndTheEnginePutTheAuctionInTheSameBars() throws Exception {
        List<LocalDateTime> wall = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 3, 25); d.isBefore(LocalDate.of(2024, 4, 6)); d = d.plusDays(1)) { // Berlin moved its clocks on 31 March
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            for (LocalDateTime t = d.atTime(8, 50); !t.isAfter(d.atTime(17, 40)); t = t.plusMinutes(5)) wall.add(t);
        }
        int n = wall.size();
        long[] seconds = new long[n];
        double[] open = new double[n], high = new double[n], low = new double[n], close = new double[n], volume = new double[n];
        StringBuilder csv = new StringBuilder("timestamp,open,high,low,close,volume\n");
        for (int i = 0; i < n; i++) {
            LocalDateTime t = wall.get(i);
            boolean auction = t.getHour() == 17 && t.getMinute() == 30;
            close[i] = auction ? 150 + t.getDayOfMonth() : 100 + Math.sin(i / 7.0);
            open[i] = close[i] - 0.25;
            high[i] = close[i] + 0.5;
            low[i] = close[i] - 0.5;
            volume[i] = auction ? 5000 : 100 + i % 13;
            seconds[i] = t.atZone(BERLIN).toEpochSecond();
            csv.append(t.toString().replace('T', ' ')).append(":00,").append(open[i]).append(',').append(high[i]).append(',').append(low[i]).append(',')
                    .append(close[i]).append(',').append(volume[i]).append('\n');
        }
        Path file = home.resolve("XETRA.csv");
        Files.writeString(file, csv);
        TimedBars fromFile = new TimedBars("XETRA", ChartInterval.M5, SessionClock.EU_EQUITY, seconds, open, high, low, close, volume);
        try (Sextant engine = TestStore.open(home.resolve("home"))) {
            assertEquals("eu_equity", engine.importPrices(List.of(file), "Europe/Berlin").files().get(0).bars().get(0).session());
            IntervalLadder ladder = new IntervalLadder(ChartInputs.timed(engine.getBars("XETRA", "5m", null, null)));
            for (String label : List.of("5m", "15m", "30m", "1h", "4h", "1d", "1w")) {
                BarSeries theirs = engine.getBars("XETRA", label, null, null);
                ChartInterval at = ChartInterval.of(label);
                same(theirs, at == ChartInterval.M5 ? ladder.at(at) : BarResampler.resample(fromFile, at, true), label + " from the file's bars");
                same(theirs, ladder.at(at), label + " from the engine's 5m bars");
            }
        }
    }

    private static void same(BarSeries theirs, TimedBars ours, String what) {
        assertEquals(theirs.size(), ours.size(), what + ": bars");
        for (int k = 0; k < ours.size(); k++) {
            IntervalBar t = theirs.bars().get(k);
            String at = what + ", bar " + k + " (" + t.ts() + ")";
            assertEquals(t.ts().toEpochSecond(ZoneOffset.UTC), ours.seconds(k), at);
            assertEquals(t.date(), ours.tradingDay(k), at);
            assertEquals(List.of(t.open(), t.high(), t.low(), t.close(), t.volume()), List.of(ours.open(k), ours.high(k), ours.low(k), ours.close(k), ours.volume(k)), at);
        }
    }
}
