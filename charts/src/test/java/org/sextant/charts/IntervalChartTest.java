package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.concurrent.Callable;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Intraday bars on a bar-index axis: no room for closed hours, the interval following the zoom. */
@ExtendWith(ApplicationExtension.class)
class IntervalChartTest {
    private PriceChart chart;

    @Start
    void start(Stage stage) {
        chart = new PriceChart();
        stage.setScene(new Scene(chart, 1000, 600));
        stage.show();
    }

    @Test
    void aWeekendTakesNoRoomAndTheAxisTellsTimes() throws Exception {
        TimedBars bars = IntradayBars.fx(500, 30, LocalDateTime.of(2001, 3, 28, 9, 0), 5);
        fx(() -> { chart.showBars(bars); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ChartInterval.M30, chart.drawnIntervalProperty().get(), "500 bars fit a 1000 px chart");
        DataSet closes = chart.closeDataSet();
        int friday = lastBefore(bars, LocalDateTime.of(2001, 3, 30, 17, 0));
        assertEquals(LocalDate.of(2001, 4, 2), bars.tradingDay(friday + 1), "the next bar opens Sunday 17:00, Monday's trading day");
        assertEquals(1.0, closes.get(DataSet.DIM_X, friday + 1) - closes.get(DataSet.DIM_X, friday), "across the weekend: one bar further right");
        assertEquals(bars.close(friday + 1), closes.get(DataSet.DIM_Y, friday + 1));

        fx(() -> { chart.showDates(friday - 12, friday + 12); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        // the axis computes its ticks at the next layout pulse
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS,
                () -> String.join(" ", fx(() -> chart.dateAxis().timelineLabels())).matches(".*\\b\\d\\d:\\d\\d\\b.*"));
        assertTrue(chart.getTitle().startsWith("WALK 30m close, 2001-03-30 "), chart.getTitle());
        assertTrue(chart.getTitle().endsWith(" New York"), chart.getTitle());
        assertEquals("2001-03-30 16:30", chart.barLabel(friday));
    }

    @Test
    void zoomingOutDrawsACoarserIntervalAndZoomingInComesBack() throws Exception {
        TimedBars minutes = IntradayBars.fx(60_000, 1, LocalDateTime.of(2001, 1, 8, 3, 0), 9);
        fx(() -> { chart.showBars(minutes); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        ChartInterval whole = chart.drawnIntervalProperty().get();
        assertTrue(whole.ordinal() > ChartInterval.M1.ordinal(), "60,000 minutes are not drawn a minute a bar: " + whole);
        assertTrue(chart.drawnBars().size() <= 3 * 1000, chart.drawnBars().size() + " bars at " + whole);

        // zoom in on two hours: back to one-minute bars, the same two hours on screen
        long from = minutes.seconds(30_000);
        long to = minutes.seconds(30_120);
        fx(() -> { chart.showDates(chart.axisPositionOf(from), chart.axisPositionOf(to)); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ChartInterval.M1, chart.drawnIntervalProperty().get());
        assertEquals(30_000, chart.dateAxis().getMin(), 1.0, "the first minute shown is the one zoomed to");
        assertEquals(30_120, chart.dateAxis().getMax(), 1.0);
        assertNotEquals(whole, chart.drawnIntervalProperty().get());

        // zoom out with the keyboard's step until the minutes no longer fit: a coarser interval again
        for (int press = 0; press < 40 && chart.drawnIntervalProperty().get() == ChartInterval.M1; press++) {
            fx(() -> {
                double min = chart.dateAxis().getMin(), max = chart.dateAxis().getMax(), mid = (min + max) / 2, half = (max - min) / ChartKeys.ZOOM_STEP / 2;
                chart.navigate(mid - half, mid + half);
                return null;
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertTrue(chart.drawnIntervalProperty().get().ordinal() > ChartInterval.M1.ordinal(), "zoomed out: " + chart.drawnIntervalProperty().get());
        assertTrue((chart.dateAxis().getMax() - chart.dateAxis().getMin()) <= 3 * 1000, "a few bars a pixel at most");

        // a picked interval is the finest drawn
        fx(() -> { chart.finestIntervalProperty().set(ChartInterval.H4); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(chart.drawnIntervalProperty().get().ordinal() >= ChartInterval.H4.ordinal(), chart.drawnIntervalProperty().get().label);
    }

    @Test
    void barBacktestsGrowFromTheirOriginBarsAtEveryIntervalDrawn() throws Exception {
        TimedBars bars = IntradayBars.fx(500, 30, LocalDateTime.of(2001, 3, 28, 9, 0), 5);
        fx(() -> { chart.showBars(bars); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        int[] origins = {100, 300};
        java.util.List<BarFan> fans = new java.util.ArrayList<>();
        for (int o : origins) {
            double c = bars.close(o);
            long[] targets = {bars.seconds(o + 1), bars.seconds(o + 2)};
            ForecastFan fan = new ForecastFan("WALK", bars.tradingDay(o), c, java.util.List.of(bars.tradingDay(o + 1), bars.tradingDay(o + 2)),
                    new double[] {c, c}, java.util.List.of(new ForecastFan.Band(0.80, new double[] {c - 1, c - 1}, new double[] {c + 1, c + 1})));
            fans.add(new BarFan(fan, ChartInterval.M30, bars.seconds(o), targets));
        }
        fx(() -> { chart.showBarBacktests(fans); return null; });
        java.util.List<DataSet> medians = fx(chart::drawnBacktestMedians);
        assertEquals(2, medians.size(), "one overlay per origin");
        for (int i = 0; i < 2; i++) {
            assertEquals(origins[i] + 1, medians.get(i).get(DataSet.DIM_X, 0), "the first target is the bar after the origin");
            assertEquals(origins[i] + 2, medians.get(i).get(DataSet.DIM_X, 1));
            assertEquals(java.util.List.of((double) origins[i], bars.close(origins[i])),
                    java.util.Arrays.stream(chart.backtestRenderer().anchorOf(medians.get(i))).boxed().toList(), "grows from the origin bar's close");
        }
        assertEquals(2, fx(chart::drawnBacktestBands).size());

        // zoomed out to hours: the same origins, inside the hours that hold their bars
        fx(() -> { chart.finestIntervalProperty().set(ChartInterval.H1); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ChartInterval.H1, fx(() -> chart.drawnIntervalProperty().get()));
        java.util.List<DataSet> hourly = fx(chart::drawnBacktestMedians);
        assertEquals(2, hourly.size());
        for (int i = 0; i < 2; i++) {
            int o = origins[i];
            assertEquals(fx(() -> chart.axisPositionOf(bars.seconds(o + 1))), hourly.get(i).get(DataSet.DIM_X, 0), 1e-9);
            assertEquals(fx(() -> chart.axisPositionOf(bars.seconds(o))), chart.backtestRenderer().anchorOf(hourly.get(i))[0], 1e-9);
        }
        assertTrue(hourly.get(0).get(DataSet.DIM_X, 0) < origins[0] / 2.0 + 1, "an hour holds two 30-minute bars");

        fx(() -> { chart.backtestsVisibleProperty().set(false); return null; });
        assertEquals(java.util.List.of(), fx(chart::drawnBacktestMedians), "the toggle hides them");
        fx(() -> { chart.backtestsVisibleProperty().set(true); chart.showBars(bars); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(java.util.List.of(), fx(chart::drawnBacktestMedians), "new bars: the old backtests go");
    }

    @Test
    void aBarForecastGrowsFromTheLastBarWhileItsIntervalIsDrawnAndOverlaysCountInTheFit() throws Exception {
        TimedBars bars = IntradayBars.fx(500, 30, LocalDateTime.of(2001, 3, 28, 9, 0), 5);
        fx(() -> { chart.showBars(bars); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        int n = bars.size();
        double last = bars.close(n - 1);
        long[] targets = {bars.seconds(n - 1) + 1800, bars.seconds(n - 1) + 3600, bars.seconds(n - 1) + 5400};
        double[] median = {last + 0.01, last + 0.02, last + 0.03};
        ForecastFan fan = new ForecastFan("WALK", bars.tradingDay(n - 1), last, java.util.Collections.nCopies(3, bars.tradingDay(n - 1)), median,
                java.util.List.of(new ForecastFan.Band(0.80, new double[] {last - 1, last - 2, last - 3}, new double[] {last + 1, last + 2, last + 3})));
        fx(() -> { chart.showBarForecast(new BarFan(fan, ChartInterval.M30, bars.seconds(n - 1), targets)); return null; });
        DataSet drawn = chart.drawnForecastMedian();
        assertEquals(3, drawn.getDataCount());
        for (int k = 0; k < 3; k++) assertEquals(n + k, drawn.get(DataSet.DIM_X, k), "target " + (k + 1) + " one bar after the one before");
        assertEquals(java.util.List.of((double) n - 1, last), java.util.Arrays.stream(chart.fanRenderer().anchorOf(drawn)).boxed().toList());
        String expected = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                .format(java.time.Instant.ofEpochSecond(targets[1]).atZone(SessionClock.FX.zone()));
        assertEquals(expected, chart.fanStepLabel(1), "the target bar's time in New York");

        // a coarser interval drawn hides the fan, the forecast's own brings it back
        fx(() -> { chart.finestIntervalProperty().set(ChartInterval.H1); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ChartInterval.H1, chart.drawnIntervalProperty().get());
        assertEquals(null, chart.drawnForecastMedian());
        fx(() -> { chart.finestIntervalProperty().set(ChartInterval.M30); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(n, chart.drawnForecastMedian().get(DataSet.DIM_X, 0));

        // an overlay line above the prices, with a warm-up of NaN, is inside every fit
        io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer overlay = LineRenderers.lines();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i < 20 ? Double.NaN : bars.close(i) + (i == 250 ? 5 : 0);
        }
        fx(() -> {
            chart.addOverlays(overlay);
            chart.showDates(200, 300);
            return null;
        });
        assertTrue(chart.priceAxis().getMax() < bars.close(250) + 5, "no overlay yet");
        fx(() -> { overlay.getDatasets().setAll(new io.fair_acc.dataset.spi.DoubleDataSet("line").set(x, y)); return null; });
        assertTrue(chart.priceAxis().getMax() >= bars.close(250) + 5, "a new overlay fits the prices on screen again: " + chart.priceAxis().getMax());
        fx(() -> { chart.showDates(0, 100); chart.showDates(200, 300); return null; });
        assertTrue(chart.priceAxis().getMax() >= bars.close(250) + 5, "and every fit after it");
        assertTrue(Double.isFinite(chart.priceAxis().getMin()));
    }

    @Test
    void theCsvOfIntradayBarsGivesEachBarsOpenTimeInUtcAndOnTheExchangeClock(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        TimedBars bars = IntradayBars.fx(500, 30, LocalDateTime.of(2001, 3, 28, 9, 0), 5);
        fx(() -> { chart.showBars(bars); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        int friday = lastBefore(bars, LocalDateTime.of(2001, 3, 30, 17, 0));
        fx(() -> { chart.showDates(friday - 3, friday + 2); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        int[] shown = fx(chart::shownBars);
        assertEquals(ChartInterval.M30, chart.drawnIntervalProperty().get());

        String name = fx(() -> ChartMenu.fileName(chart, "csv"));
        assertEquals("WALK 30m " + bars.label(shown[0]).replace(":", "") + " to " + bars.label(shown[1]).replace(":", "") + ".csv", name);
        assertTrue(!name.contains(":"), "a file name Windows accepts: " + name);

        java.nio.file.Path file = dir.resolve(name);
        fx(() -> { ChartMenu.writeCsv(chart, file); return null; });
        String[] lines = java.nio.file.Files.readString(file).split("\r\n", -1);
        assertEquals("time,time_local,open,high,low,close,volume", lines[0]);
        assertEquals(shown[1] - shown[0] + 1, lines.length - 2, "a row per bar on screen");
        // Friday's last bar opens 16:30 New York (EST, UTC-5), the next Sunday 17:00 (EDT since 1 April 2001, UTC-4)
        String[] fri = lines[1 + friday - shown[0]].split(",");
        assertEquals("2001-03-30T21:30:00Z", fri[0]);
        assertEquals("2001-03-30T16:30:00-05:00", fri[1]);
        assertEquals(bars.close(friday), Double.parseDouble(fri[5]));
        String[] sun = lines[2 + friday - shown[0]].split(",");
        assertEquals("2001-04-01T21:00:00Z", sun[0]);
        assertEquals("2001-04-01T17:00:00-04:00", sun[1]);
        assertEquals(bars.open(friday + 1), Double.parseDouble(sun[2]));
        assertEquals(bars.volume(friday + 1), Double.parseDouble(sun[6]));
    }

    private static int lastBefore(TimedBars bars, LocalDateTime newYork) {
        return bars.firstAtOrAfter(newYork.atZone(SessionClock.FX.zone()).toEpochSecond()) - 1;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
