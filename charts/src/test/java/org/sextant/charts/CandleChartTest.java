package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.layout.VBox;
import javafx.scene.layout.Priority;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Candlesticks, OHLC bars and the volume pane on Microsoft's real daily OHLCV (the sample universe's MSFT). */
@ExtendWith(ApplicationExtension.class)
class CandleChartTest {
    private PriceChart chart;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        chart = new PriceChart();
        VBox.setVgrow(chart, Priority.ALWAYS);
        stage.setScene(new Scene(new VBox(chart, chart.volumePane()), 1000, 650));
        stage.show();
    }

    /** MSFT 2000-09-27..2001-09-25 (250 days) as the sample universe ships it (resources README). */
    static PriceBars msft() throws IOException {
        List<LocalDate> dates = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                CandleChartTest.class.getResourceAsStream("msft_ohlcv_daily.csv")), StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] c = line.replace("\"", "").split(",");
                dates.add(LocalDate.parse(c[0]));
                rows.add(new double[] {Double.parseDouble(c[1]), Double.parseDouble(c[2]), Double.parseDouble(c[3]),
                        Double.parseDouble(c[4]), Double.parseDouble(c[5])});
            }
        }
        double[][] cols = new double[5][rows.size()];
        for (int i = 0; i < rows.size(); i++) for (int k = 0; k < 5; k++) cols[k][i] = rows.get(i)[k];
        return new PriceBars("MSFT", dates, cols[0], cols[1], cols[2], cols[3], cols[4]);
    }

    @Test
    void candlesAndVolumeForOhlcvDataALineForClosesOnly() throws Exception {
        PriceBars msft = msft();
        fx(() -> { chart.chartTypeProperty().set(ChartType.CANDLES); chart.show(msft); return null; });
        ChartSnapshot.writePng(ChartSnapshot.capture(stage.getScene().getRoot()), Path.of("target", "candles-msft.png"));
        assertTrue(chart.drawsBars());
        assertEquals(msft.size(), chart.barDataSet().getDataCount());
        assertTrue(chart.lineRenderer().getDatasets().isEmpty(), "no close line under the candles");
        assertTrue(chart.getTitle().startsWith("MSFT daily bars, 2000-09-27"), chart.getTitle());
        // the price axis holds every high and low, not only the closes
        double maxHigh = java.util.Arrays.stream(msft.high()).max().getAsDouble();
        double minLow = java.util.Arrays.stream(msft.low()).min().getAsDouble();
        assertTrue(chart.priceAxis().getMax() >= maxHigh && chart.priceAxis().getMin() <= minLow,
                "axis " + chart.priceAxis().getMin() + ".." + chart.priceAxis().getMax() + " holds " + minLow + ".." + maxHigh);
        // one candle per day at this width, each the day's own open, high, low and close
        BarColumns drawn = chart.candleRenderer().columns();
        assertEquals(msft.size(), drawn.count(), "250 days on ~900 px: nothing reduced");
        for (int k = 0; k < drawn.count(); k++) {
            int i = drawn.firstBar(k);
            assertEquals(msft.open()[i], drawn.open(k));
            assertEquals(msft.high()[i], drawn.high(k));
            assertEquals(msft.low()[i], drawn.low(k));
            assertEquals(msft.close()[i], drawn.close(k));
        }
        // the volume pane: shown, on the same dates, a bar per day
        assertTrue(chart.volumePane().isVisible());
        assertEquals(msft.volume()[0], chart.volumePane().volumeDataSet().get(DataSet.DIM_Y, 0));
        assertEquals(chart.dateAxis().getMin(), chart.volumePane().dateAxis().getMin());
        assertEquals(chart.dateAxis().getMax(), chart.volumePane().dateAxis().getMax());
        assertEquals(msft.size(), chart.volumePane().columns().count());
        assertTrue(chart.volumePane().volumeAxis().getMax() >= java.util.Arrays.stream(msft.volume()).max().getAsDouble());

        fx(() -> { chart.chartTypeProperty().set(ChartType.OHLC); return null; });
        ChartSnapshot.writePng(ChartSnapshot.capture(stage.getScene().getRoot()), Path.of("target", "ohlc-msft.png"));
        assertTrue(chart.drawsBars());

        // closes only: a line whatever the type, no volume pane
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        fx(() -> { chart.show(ibm); return null; });
        ChartSnapshot.capture(chart);
        assertFalse(chart.drawsBars());
        assertEquals(List.of(chart.closeDataSet()), List.copyOf(chart.lineRenderer().getDatasets()));
        assertEquals(0, chart.barDataSet().getDataCount());
        assertFalse(chart.volumePane().isVisible());
        assertTrue(chart.getTitle().startsWith("IBM daily close"), chart.getTitle());
    }

    @Test
    void everyDailyHighAndLowStaysOnScreenWhenBarsShareAPixelColumn() throws Exception {
        PriceBars msft = msft();
        // the stage is shared by the test classes of a run (a width set on it would stay): narrow the charts instead
        fx(() -> { chart.chartTypeProperty().set(ChartType.CANDLES); chart.show(msft); narrow(260); return null; });
        ChartSnapshot.capture(chart);
        BarColumns drawn = chart.candleRenderer().columns();
        assertTrue(drawn.count() < msft.size() * 0.8, "reduced: " + drawn.count() + " columns for " + msft.size() + " days");
        assertKeepsEveryHighAndLow(msft, drawn);
        assertKeepsEveryHighAndLow(msft, chart.volumePane().columns());

        PriceBars walk = org.sextant.charts.bench.CandleBenchmark.randomOhlcv(200_000, 3);
        fx(() -> { narrow(Double.MAX_VALUE); chart.show(walk); return null; });
        ChartSnapshot.capture(chart);
        drawn = chart.candleRenderer().columns();
        assertEquals(walk.size(), drawn.barsOnScreen());
        assertTrue(drawn.count() < 1000, drawn.count() + " columns");
        assertKeepsEveryHighAndLow(walk, drawn);
    }

    private void narrow(double width) {
        chart.setMaxWidth(width);
        chart.volumePane().setMaxWidth(width);
    }

    /** Every bar on screen lies inside its column's drawn bar, and the drawn bar reaches its most extreme day. */
    private static void assertKeepsEveryHighAndLow(PriceBars bars, BarColumns drawn) {
        for (int k = 0; k < drawn.count(); k++) {
            int end = k + 1 < drawn.count() ? drawn.firstBar(k + 1) : drawn.firstBar(0) + drawn.barsOnScreen();
            double hi = Double.NEGATIVE_INFINITY;
            double lo = Double.POSITIVE_INFINITY;
            double vol = Double.NEGATIVE_INFINITY;
            for (int i = drawn.firstBar(k); i < end; i++) {
                hi = Math.max(hi, bars.high()[i]);
                lo = Math.min(lo, bars.low()[i]);
                vol = Math.max(vol, bars.volume()[i]);
            }
            assertEquals(hi, drawn.high(k), "column " + k + " reaches its highest high");
            assertEquals(lo, drawn.low(k), "column " + k + " reaches its lowest low");
            assertEquals(vol, drawn.volume(k), "column " + k + " shows its largest volume");
            assertEquals(bars.open()[drawn.firstBar(k)], drawn.open(k), "column " + k + " opens with its first day");
            assertEquals(bars.close()[end - 1], drawn.close(k), "column " + k + " closes with its last day");
        }
    }

    @Test
    void crosshairLabelsThePriceOnThePriceAxisAndTheDayOnTheDateAxis() throws Exception {
        PriceBars msft = msft();
        fx(() -> { chart.chartTypeProperty().set(ChartType.CANDLES); chart.show(msft); return null; });
        ChartSnapshot.capture(chart);
        LocalDate day = msft.dates().get(120);
        double price = msft.close()[120];
        Point2D at = fx(() -> chart.getCanvas().localToScreen(chart.dateAxis().getDisplayPosition(CalendarTicks.toAxis(day)),
                chart.priceAxis().getDisplayPosition(price)));
        new FxRobot().moveTo(at);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> chart.crosshair().valueLabel().isVisible());
        ChartSnapshot.writePng(ChartSnapshot.capture(stage.getScene().getRoot()), Path.of("target", "candles-crosshair.png"));
        assertEquals(day.toString(), chart.crosshair().dateLabel().getText(), "the nearest trading day");
        double shown = Double.parseDouble(chart.crosshair().valueLabel().getText());
        double perPixel = (chart.priceAxis().getMax() - chart.priceAxis().getMin()) / chart.getCanvas().getHeight();
        assertEquals(price, shown, 2 * perPixel + 0.005, "the pointer's price");
        // beside the axes: the price at the plot's left edge at the pointer's height, the day at its bottom edge
        javafx.geometry.Bounds value = fx(() -> chart.crosshair().valueLabel().localToScreen(chart.crosshair().valueLabel().getLayoutBounds()));
        javafx.geometry.Bounds date = fx(() -> chart.crosshair().dateLabel().localToScreen(chart.crosshair().dateLabel().getLayoutBounds()));
        javafx.geometry.Bounds plot = fx(() -> chart.getCanvas().localToScreen(chart.getCanvas().getLayoutBounds()));
        assertEquals(plot.getMinX(), value.getMinX(), 1.0);
        assertTrue(value.getMinY() < at.getY() && value.getMaxY() > at.getY(), value + " at " + at);
        assertEquals(plot.getMaxY(), date.getMaxY(), 1.0);
        assertTrue(date.getMinX() < at.getX() && date.getMaxX() > at.getX(), date + " at " + at);
        String readOut = chart.crosshair().text();
        assertTrue(readOut.startsWith(day + String.format(java.util.Locale.ROOT, "  O %.3f  H %.3f  L %.3f  C %.3f",
                msft.open()[120], msft.high()[120], msft.low()[120], msft.close()[120])), readOut);
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
