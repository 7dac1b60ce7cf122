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

    private static int lastBefore(TimedBars bars, LocalDateTime newYork) {
        return bars.firstAtOrAfter(newYork.atZone(SessionClock.FX.zone()).toEpochSecond()) - 1;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
