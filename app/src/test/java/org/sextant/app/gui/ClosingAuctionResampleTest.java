package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
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
        check("XETRA", BERLIN, null, SessionClock.EU_EQUITY, LocalTime.of(8, 50), LocalTime.of(17, 40), LocalTime.of(17, 30));
    }

    /** SIX's auction from 17:20 Zurich and London's from 16:30, the sessions set by hand after the import guessed eu_equity. */
    @Test
    void sixAndLondonBarsAreTheSameInTheChartAndTheEngine() throws Exception {
        check("NESN", ZoneId.of("Europe/Zurich"), "six", SessionClock.SIX, LocalTime.of(8, 50), LocalTime.of(17, 40), LocalTime.of(17, 20));
        check("VOD", ZoneId.of("Europe/London"), "lse", SessionClock.LSE, LocalTime.of(7, 50), LocalTime.of(16, 40), LocalTime.of(16, 30));
    }

    /** Euronext's auction from 17:30 Paris, the session set by hand (a Paris file's March and April days do not tell it from Xetra). */
    @Test
    void euronextBarsAreTheSameInTheChartAndTheEngine() throws Exception {
        check("AIR.PA", ZoneId.of("Europe/Paris"), "euronext", SessionClock.EURONEXT, LocalTime.of(8, 50), LocalTime.of(17, 40), LocalTime.of(17, 30));
    }

    /** 5-minute bars {@code first}-{@code last} wall time, those from {@code auction} to 5 minutes later the auction's. */
    private void check(String symbol, ZoneId zone, String session, SessionClock clock, LocalTime first, LocalTime last, LocalTime auction) throws Exception {
        List<LocalDateTime> wall = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 3, 25); d.isBefore(LocalDate.of(2024, 4, 6)); d = d.plusDays(1)) { // Europe moved its clocks on 31 March
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            for (LocalDateTime t = d.atTime(first); !t.isAfter(d.atTime(last)); t = t.plusMinutes(5)) wall.add(t);
        }
        int n = wall.size();
        long[] seconds = new long[n];
        double[] open = new double[n], high = new double[n], low = new double[n], close = new double[n], volume = new double[n];
        StringBuilder csv = new StringBuilder("timestamp,open,high,low,close,volume\n");
        for (int i = 0; i < n; i++) {
            LocalDateTime t = wall.get(i);
            boolean inAuction = !t.toLocalTime().isBefore(auction) && t.toLocalTime().isBefore(auction.plusMinutes(session == null || !session.equals("six") ? 5 : 10));
            close[i] = inAuction ? 150 + t.getDayOfMonth() : 100 + Math.sin(i / 7.0);
            open[i] = close[i] - 0.25;
            high[i] = close[i] + 0.5;
            low[i] = close[i] - 0.5;
            volume[i] = inAuction ? 5000 : 100 + i % 13;
            seconds[i] = t.atZone(zone).toEpochSecond();
            csv.append(t.toString().replace('T', ' ')).append(":00,").append(open[i]).append(',').append(high[i]).append(',').append(low[i]).append(',')
                    .append(close[i]).append(',').append(volume[i]).append('\n');
        }
        Path file = home.resolve(symbol + ".csv");
        Files.writeString(file, csv);
        TimedBars fromFile = new TimedBars(symbol, ChartInterval.M5, clock, seconds, open, high, low, close, volume);
        try (Sextant engine = TestStore.open(home.resolve("home"))) {
            String guessed = engine.importPrices(List.of(file), zone.getId()).files().get(0).bars().get(0).session();
            if (session == null) assertEquals("eu_equity", guessed);
            else engine.setTradingSession(symbol, session);
            IntervalLadder ladder = new IntervalLadder(ChartInputs.timed(engine.getBars(symbol, "5m", null, null)));
            for (String label : List.of("5m", "15m", "30m", "1h", "4h", "1d", "1w")) {
                BarSeries theirs = engine.getBars(symbol, label, null, null);
                ChartInterval at = ChartInterval.of(label);
                same(theirs, at == ChartInterval.M5 ? ladder.at(at) : BarResampler.resample(fromFile, at, true), symbol + " " + label + " from the file's bars");
                same(theirs, ladder.at(at), symbol + " " + label + " from the engine's 5m bars");
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
