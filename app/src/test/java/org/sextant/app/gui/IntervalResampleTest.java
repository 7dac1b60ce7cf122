package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.charts.ChartInterval;
import org.sextant.charts.IntervalLadder;
import org.sextant.charts.TimedBars;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.PriceSeries;

/** The chart's on-the-fly resampling of the USD/CHF sample gives the bars the engine's resample_bars macro gives. */
class IntervalResampleTest {
    @TempDir
    Path home;

    @Test
    void theChartResamplesUsdChfAsTheEngineDoes() {
        try (Sextant engine = TestStore.open(home)) {
            TimedBars stored = ChartInputs.timed(engine.getBars("USDCHF", "30m", null, null));
            assertEquals(61_990, stored.size(), "the 62,496 stored bars less the 506 outside the fx session (the engine reads them through its session too)");
            assertEquals("fx", stored.clock().name());
            IntervalLadder ladder = new IntervalLadder(stored);
            for (String label : List.of("1h", "4h", "1d", "1w", "1mo")) {
                BarSeries theirs = engine.getBars("USDCHF", label, null, null);
                TimedBars ours = ladder.at(ChartInterval.of(label));
                assertEquals(theirs.size(), ours.size(), label + " bars");
                for (int k = 0; k < ours.size(); k++) {
                    IntervalBar t = theirs.bars().get(k);
                    String at = label + " bar " + k + " (" + t.ts() + ")";
                    assertEquals(t.ts().toEpochSecond(ZoneOffset.UTC), ours.seconds(k), at);
                    assertEquals(t.date(), ours.tradingDay(k), at);
                    assertEquals(t.open(), ours.open(k), 1e-12, at);
                    assertEquals(t.high(), ours.high(k), 1e-12, at);
                    assertEquals(t.low(), ours.low(k), 1e-12, at);
                    assertEquals(t.close(), ours.close(k), 1e-12, at);
                    assertTrue(t.volume() == null && Double.isNaN(ours.volume(k)), at + ": the sample has no volume");
                }
            }
            PriceSeries daily = ChartInputs.dailyCloses(stored);
            BarSeries engineDays = engine.getBars("USDCHF", "1d", null, null);
            assertEquals(engineDays.size(), daily.size());
            assertEquals(engineDays.bars().get(100).date(), daily.dates().get(100));
            assertEquals(engineDays.bars().get(100).close(), daily.close()[100], 1e-12);
        }
    }
}
