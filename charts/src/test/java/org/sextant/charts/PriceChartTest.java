package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Draws IBM's real daily closes (fBasics::DowJones30, see resources README) and inspects the pixels. */
@ExtendWith(ApplicationExtension.class)
class PriceChartTest {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;
    private PriceChart chart;

    @Start
    void start(Stage stage) {
        chart = new PriceChart();
        stage.setScene(new Scene(chart, WIDTH, HEIGHT));
        stage.show();
    }

    @Test
    void drawsEveryCloseAsALineWithItsHighAndLowWhereTheAxesPutThem() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        fx(() -> { chart.show(ibm); return null; });

        WritableImage image = ChartSnapshot.capture(chart);
        Path png = ChartSnapshot.writePng(image, Path.of("target", "price-chart-ibm.png"));
        assertTrue(Files.size(png) > 10_000, "a real picture, not an empty PNG");

        DataSet data = chart.closeDataSet();
        assertEquals("IBM", data.getName());
        assertEquals(2529, data.getDataCount());
        assertEquals(CalendarTicks.toAxis(LocalDate.of(1990, 12, 31)), data.get(DataSet.DIM_X, 0));
        assertEquals(27.86, data.get(DataSet.DIM_Y, 0));
        assertEquals(CalendarTicks.toAxis(LocalDate.of(2001, 1, 2)), data.get(DataSet.DIM_X, 2528));
        assertEquals(84.5, data.get(DataSet.DIM_Y, 2528));
        assertEquals(CalendarTicks.YEAR, chart.dateAxis().step(), "a ten-year history ticks yearly on a 1000 px chart");

        assertNotBlank(image);
        // the line runs across the plot: a line-coloured pixel in (nearly) every column between the first and last day
        Point2D first = fx(() -> pixelOf(ibm.dates().get(0), ibm.close()[0]));
        Point2D last = fx(() -> pixelOf(ibm.dates().get(ibm.size() - 1), ibm.close()[ibm.size() - 1]));
        Bounds plot = fx(() -> plotArea(chart));
        int columns = 0;
        int withLine = 0;
        for (int x = (int) Math.ceil(first.getX()) + 1; x < (int) last.getX() - 1; x++) {
            columns++;
            if (columnHasLine(image.getPixelReader(), x, (int) plot.getMinY(), (int) plot.getMaxY())) withLine++;
        }
        assertTrue(columns > 700, "the plot spans most of the chart, got " + columns + " columns");
        assertTrue(withLine >= columns * 0.99, withLine + " of " + columns + " columns show the line");

        // the all-time high (137.04) and low (10.19) are drawn at their own pixels, not averaged away
        int high = argExtreme(ibm.close(), true);
        int low = argExtreme(ibm.close(), false);
        Point2D highAt = fx(() -> pixelOf(ibm.dates().get(high), ibm.close()[high]));
        Point2D lowAt = fx(() -> pixelOf(ibm.dates().get(low), ibm.close()[low]));
        assertTrue(lineNear(image, highAt, 2), "line at the high " + ibm.close()[high] + " on " + ibm.dates().get(high) + " near " + highAt);
        assertTrue(lineNear(image, lowAt, 2), "line at the low " + ibm.close()[low] + " on " + ibm.dates().get(low) + " near " + lowAt);
        // and nothing in the plot area is drawn clearly above the high or below the low
        Point2D plotTop = fx(() -> pixelOf(ibm.dates().get(0), chart.priceAxis().getMax()));
        Point2D plotBottom = fx(() -> pixelOf(ibm.dates().get(0), chart.priceAxis().getMin()));
        assertTrue(noLineBetween(image, plotTop.getY(), highAt.getY() - 3, first.getX(), last.getX()), "no line above the high");
        assertTrue(noLineBetween(image, lowAt.getY() + 3, plotBottom.getY(), first.getX(), last.getX()), "no line below the low");
    }

    @Test
    void missingClosesLeaveAGapInsteadOfADropToTheAxis() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        double[] close = ibm.close().clone();
        java.util.Arrays.fill(close, 1200, 1300, Double.NaN); // about 40 pixel columns without a close
        PriceBars holed = PriceBars.closes("IBM", ibm.dates(), close);
        fx(() -> { chart.show(holed); return null; });
        WritableImage image = ChartSnapshot.capture(chart);
        ChartSnapshot.writePng(image, Path.of("target", "price-chart-ibm-gap.png"));

        Bounds plot = fx(() -> plotArea(chart));
        double gapFrom = fx(() -> pixelOf(ibm.dates().get(1200), 0)).getX();
        double gapTo = fx(() -> pixelOf(ibm.dates().get(1299), 0)).getX();
        assertTrue(gapTo - gapFrom > 30, "the gap spans " + (gapTo - gapFrom) + " px");
        for (int x = (int) gapFrom + 3; x < (int) gapTo - 3; x++) {
            assertTrue(!columnHasLine(image.getPixelReader(), x, (int) plot.getMinY(), (int) plot.getMaxY()), "no line in the gap at column " + x);
        }
        int before = (int) gapFrom - 6;
        int after = (int) gapTo + 6;
        assertTrue(columnHasLine(image.getPixelReader(), before, (int) plot.getMinY(), (int) plot.getMaxY()), "the line runs up to the gap");
        assertTrue(columnHasLine(image.getPixelReader(), after, (int) plot.getMinY(), (int) plot.getMaxY()), "and on after it");
    }

    @Test
    void rendersAChartThatIsOnNoScreen() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        PriceChart offscreen = fx(() -> {
            PriceChart c = new PriceChart();
            c.show(ibm);
            return c;
        });
        WritableImage image = ChartSnapshot.render(offscreen, 800, 450);
        ChartSnapshot.writePng(image, Path.of("target", "price-chart-ibm-offscreen.png"));
        assertEquals(800, (int) image.getWidth());
        assertEquals(450, (int) image.getHeight());
        assertNotBlank(image);
        Bounds plot = fx(() -> plotArea(offscreen));
        int withLine = 0;
        for (int x = (int) plot.getMinX(); x < (int) plot.getMaxX(); x++) {
            if (columnHasLine(image.getPixelReader(), x, (int) plot.getMinY(), (int) plot.getMaxY())) withLine++;
        }
        assertTrue(withLine > 500, "the line is drawn off screen too: " + withLine + " columns");
    }

    @Test
    void showingAnotherSymbolReplacesTheLineAndAnEmptySeriesClearsIt() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        fx(() -> { chart.show(ibm); return null; });
        PriceBars lastYear = PriceBars.closes("IBM", ibm.dates().subList(2276, 2529), java.util.Arrays.copyOfRange(ibm.close(), 2276, 2529));
        fx(() -> { chart.show(lastYear); return null; });
        ChartSnapshot.capture(chart);
        assertEquals(253, chart.closeDataSet().getDataCount());
        assertEquals(LocalDate.of(2000, 1, 3), lastYear.dates().get(0));
        assertEquals(CalendarTicks.MONTH, chart.dateAxis().step(), "one year on 1000 px ticks monthly");
        assertEquals("Jan 2000", chart.dateAxis().getTickMarkLabel(CalendarTicks.toAxis(LocalDate.of(2000, 1, 1))));
        assertEquals("IBM daily close, 2000-01-03 to 2001-01-02", chart.getTitle());
        // a date sent to the chart is marked, and the title names the days now on screen
        LocalDate day = lastYear.dates().get(100);
        fx(() -> { chart.focusOn(day, 10); return null; });
        assertEquals(day, chart.markedDay());
        assertEquals("IBM daily close, " + lastYear.dates().get(90) + " to " + lastYear.dates().get(110), chart.getTitle());
        assertTrue(chart.getPlugins().stream().anyMatch(p -> p instanceof io.fair_acc.chartfx.plugins.XValueIndicator x
                && x.getValue() == CalendarTicks.toAxis(day) && day.toString().equals(x.getText())), "a line labelled with the day");

        PriceBars none = PriceBars.closes("XYZ", java.util.List.of(), new double[0]);
        fx(() -> { chart.show(none); return null; });
        assertEquals(null, chart.markedDay(), "a new series drops the mark");
        WritableImage empty = ChartSnapshot.capture(chart);
        ChartSnapshot.writePng(empty, Path.of("target", "price-chart-empty.png"));
        assertEquals(0, chart.closeDataSet().getDataCount());
        assertEquals("XYZ: no prices in the store", chart.getTitle());
        Bounds plot = fx(() -> plotArea(chart));
        int withLine = 0;
        for (int x = (int) plot.getMinX(); x < (int) plot.getMaxX(); x++) {
            if (columnHasLine(empty.getPixelReader(), x, (int) plot.getMinY(), (int) plot.getMaxY())) withLine++;
        }
        assertEquals(0, withLine, "no line left over from the previous symbol");
    }

    @Test
    void draggingARectangleZoomsIntoThoseDates() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        fx(() -> { chart.show(ibm); return null; });
        ChartSnapshot.capture(chart);
        Point2D from = fx(() -> screenOf(LocalDate.of(1995, 1, 3), 60));
        Point2D to = fx(() -> screenOf(LocalDate.of(1997, 1, 2), 20));
        new FxRobot().drag(from, javafx.scene.input.MouseButton.PRIMARY).dropTo(to);
        WaitForAsyncUtils.waitForFxEvents();
        ChartSnapshot.capture(chart);
        LocalDate min = CalendarTicks.fromAxis(chart.dateAxis().getMin());
        LocalDate max = CalendarTicks.fromAxis(chart.dateAxis().getMax());
        assertTrue(Math.abs(min.toEpochDay() - LocalDate.of(1995, 1, 3).toEpochDay()) <= 10, "zoomed from " + min);
        assertTrue(Math.abs(max.toEpochDay() - LocalDate.of(1997, 1, 2).toEpochDay()) <= 10, "zoomed to " + max);
        assertTrue(chart.priceAxis().getMax() < 70, "the price axis follows the zoom box, max " + chart.priceAxis().getMax());

        // a new symbol starts un-zoomed
        fx(() -> { chart.show(ibm); return null; });
        ChartSnapshot.capture(chart);
        assertTrue(CalendarTicks.fromAxis(chart.dateAxis().getMin()).isBefore(LocalDate.of(1991, 1, 2)));
    }

    @Test
    void theCrosshairReadsOutTheNearestDayAndItsClose() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        fx(() -> { chart.show(ibm); return null; });
        ChartSnapshot.capture(chart);
        int day = ibm.dates().indexOf(LocalDate.of(1998, 6, 1));
        FxRobot robot = new FxRobot();
        robot.moveTo(fx(() -> screenOf(ibm.dates().get(day), ibm.close()[day] + 20)));
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(chart.crosshair().isShowing());
        String text = chart.crosshair().text();
        LocalDate read = LocalDate.parse(text.substring(0, 10));
        int index = ibm.dates().indexOf(read);
        assertTrue(index >= 0, "a trading day of the series: " + text);
        assertTrue(Math.abs(index - day) <= 3, "the day under the pointer (one pixel is ~3 trading days): " + text);
        assertEquals(read + String.format(java.util.Locale.ROOT, "  close %.3f", ibm.close()[index]), text,
                "the close of that day, not the price at the pointer's height");

        fx(() -> { chart.show(ibm); return null; });
        assertTrue(!chart.crosshair().isShowing(), "a new series removes the old read-out");
    }

    @Test
    void aPastFanIsShownFromAQuarterBeforeItsStartToItsLastStepAndTheOpeningViewComesBack() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        int start = 1000;
        double last = ibm.close()[start];
        double[] median = new double[20], lower = new double[20], upper = new double[20];
        for (int k = 0; k < 20; k++) {
            median[k] = last;
            lower[k] = last * (1 - 0.01 * (k + 1));
            upper[k] = last * (1 + 0.01 * (k + 1));
        }
        ForecastFan past = new ForecastFan("IBM", ibm.dates().get(start), last, ibm.dates().subList(start + 1, start + 21), median,
                java.util.List.of(new ForecastFan.Band(0.95, lower, upper)));
        fx(() -> { chart.setOpeningDays(500); chart.show(ibm); chart.showForecast(past); chart.focusOnForecast(63); return null; });
        assertEquals(ibm.dates().get(start - 63), CalendarTicks.fromAxis(chart.dateAxis().getMin()), "a quarter of closes before the start");
        LocalDate max = CalendarTicks.fromAxis(chart.dateAxis().getMax());
        assertTrue(!max.isBefore(ibm.dates().get(start + 20)) && max.isBefore(ibm.dates().get(start + 23)), "to the last step: " + max);
        assertEquals(ibm.dates().get(start), chart.markedDay(), "the start marked");
        assertTrue(chart.priceAxis().getMax() >= upper[19] && chart.priceAxis().getMin() <= lower[19], "the whole fan in view");

        fx(() -> { chart.showOpening(); return null; });
        LocalDate min = CalendarTicks.fromAxis(chart.dateAxis().getMin());
        LocalDate openingDay = ibm.dates().get(ibm.size() - 500);
        assertTrue(Math.abs(min.toEpochDay() - openingDay.toEpochDay()) <= 20, "opens near " + openingDay + " again, at " + min);
        assertEquals(null, chart.markedDay());
    }

    @Test
    void opensOnTheRecentDaysWithTheForecastFanAndZoomsOutToTheWholeHistory() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        ForecastFan forecast = RealSeries.fan(ibm, 20, 0.80, 0.95, 0.99);
        fx(() -> { chart.setOpeningDays(500); chart.show(ibm); chart.showForecast(forecast); return null; });
        WritableImage image = ChartSnapshot.capture(chart);
        ChartSnapshot.writePng(image, Path.of("target", "price-chart-ibm-fan.png"));

        LocalDate min = CalendarTicks.fromAxis(chart.dateAxis().getMin());
        LocalDate openingDay = ibm.dates().get(ibm.size() - 500);
        assertTrue(Math.abs(min.toEpochDay() - openingDay.toEpochDay()) <= 20, "opens near " + openingDay + ", at " + min);
        assertTrue(chart.dateAxis().getMax() >= CalendarTicks.toAxis(forecast.targetDates().get(19)), "the whole fan is in view");
        ForecastFan.Band widest = RealSeries.band(forecast, 0.99);
        double[] lower = widest.lower();
        double[] upper = widest.upper();
        assertTrue(chart.priceAxis().getMin() <= java.util.Arrays.stream(lower).min().getAsDouble(), "the 99% band's bottom is in view");
        assertTrue(chart.priceAxis().getMax() >= java.util.Arrays.stream(upper).max().getAsDouble(), "the 99% band's top is in view");

        // the fan's orange fills the space between the last close and the last target date
        Bounds plot = fx(() -> plotArea(chart));
        Point2D lastClose = fx(() -> pixelOf(ibm.dates().get(ibm.size() - 1), ibm.close()[ibm.size() - 1]));
        Point2D end = fx(() -> pixelOf(forecast.targetDates().get(19), forecast.median()[19]));
        int orange = 0;
        for (int x = (int) lastClose.getX() + 2; x < (int) end.getX(); x++) {
            for (int y = (int) plot.getMinY(); y < (int) plot.getMaxY(); y++) {
                int argb = image.getPixelReader().getArgb(x, y);
                if (((argb >> 16) & 0xff) - (argb & 0xff) > 30) orange++;
            }
        }
        assertTrue(orange > 300, "fan pixels after the last close: " + orange);

        // over the fan the crosshair reads out the forecast of the nearest target day
        new FxRobot().moveTo(fx(() -> screenOf(forecast.targetDates().get(10), forecast.median()[10])));
        WaitForAsyncUtils.waitForFxEvents();
        ForecastFan.Band b80 = RealSeries.band(forecast, 0.80);
        String readOut = chart.crosshair().text();
        int step = forecast.targetDates().indexOf(LocalDate.parse(readOut.substring(0, 10)));
        assertTrue(Math.abs(step - 10) <= 1, readOut);
        assertEquals(String.format(java.util.Locale.ROOT, "%s  median %.3f\n80%% %.3f–%.3f", forecast.targetDates().get(step),
                forecast.median()[step], b80.lower()[step], b80.upper()[step]), readOut.substring(0, readOut.indexOf("\n95%")));
        // the readout lies inside the chart, not cut at its left or right edge
        javafx.geometry.Bounds label = fx(() -> chart.lookup(".chart-crosshair-label").localToScene(chart.lookup(".chart-crosshair-label").getBoundsInLocal()));
        javafx.geometry.Bounds whole = fx(() -> chart.localToScene(chart.getBoundsInLocal()));
        assertTrue(label.getMinX() >= whole.getMinX() && label.getMaxX() <= whole.getMaxX(), label + " inside " + whole);

        fx(() -> { chart.forecastVisibleProperty().set(false); return null; });
        assertEquals(null, chart.drawnForecastMedian());
        assertTrue(chart.drawnForecastBands().isEmpty());
        fx(() -> { chart.forecastVisibleProperty().set(true); return null; });

        // Reset zoom in the right-click menu zooms out to everything: back to 1990 and still the whole fan
        new FxRobot().moveTo(fx(() -> screenOf(ibm.dates().get(ibm.size() - 200), ibm.close()[ibm.size() - 200])))
                .clickOn(javafx.scene.input.MouseButton.SECONDARY);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> chart.contextMenu().isShowing());
        new FxRobot().clickOn("Reset zoom");
        WaitForAsyncUtils.waitForFxEvents();
        ChartSnapshot.capture(chart);
        assertTrue(CalendarTicks.fromAxis(chart.dateAxis().getMin()).isBefore(LocalDate.of(1991, 1, 2)),
                "the whole history after zooming out, from " + CalendarTicks.fromAxis(chart.dateAxis().getMin()));
        assertTrue(chart.dateAxis().getMax() >= CalendarTicks.toAxis(forecast.targetDates().get(19)));
    }

    // ---- pixels -----------------------------------------------------------------------------

    /** Where a (date, close) point lands in the chart's snapshot. */
    private Point2D pixelOf(LocalDate date, double close) {
        double x = chart.dateAxis().getDisplayPosition(CalendarTicks.toAxis(date));
        double y = chart.priceAxis().getDisplayPosition(close);
        Point2D local = chart.sceneToLocal(chart.getCanvas().localToScene(x, y));
        return new Point2D(local.getX() - chart.getBoundsInLocal().getMinX(), local.getY() - chart.getBoundsInLocal().getMinY());
    }

    /** The plot canvas in the chart snapshot's pixels (the title's text fringes are outside it). */
    private static Bounds plotArea(PriceChart c) {
        Bounds inChart = c.sceneToLocal(c.getCanvas().localToScene(c.getCanvas().getLayoutBounds()));
        return new javafx.geometry.BoundingBox(inChart.getMinX() - c.getBoundsInLocal().getMinX(),
                inChart.getMinY() - c.getBoundsInLocal().getMinY(), inChart.getWidth(), inChart.getHeight());
    }

    private Point2D screenOf(LocalDate date, double close) {
        double x = chart.dateAxis().getDisplayPosition(CalendarTicks.toAxis(date));
        double y = chart.priceAxis().getDisplayPosition(close);
        return chart.getCanvas().localToScreen(x, y);
    }

    /** A pixel of the close line (#1565C0, possibly blended with the white background at its edges). */
    static boolean isLine(int argb) {
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        return b > 150 && b - r > 90 && b - g > 40;
    }

    static boolean columnHasLine(PixelReader pixels, int x, int fromY, int toY) {
        for (int y = fromY; y < toY; y++) {
            if (isLine(pixels.getArgb(x, y))) return true;
        }
        return false;
    }

    private static boolean lineNear(WritableImage image, Point2D at, int radius) {
        PixelReader pixels = image.getPixelReader();
        for (int dx = -radius; dx <= radius; dx++) {
            for (int dy = -radius; dy <= radius; dy++) {
                int x = (int) Math.round(at.getX()) + dx;
                int y = (int) Math.round(at.getY()) + dy;
                if (x >= 0 && y >= 0 && x < image.getWidth() && y < image.getHeight() && isLine(pixels.getArgb(x, y))) return true;
            }
        }
        return false;
    }

    private static boolean noLineBetween(WritableImage image, double top, double bottom, double left, double right) {
        PixelReader pixels = image.getPixelReader();
        for (int x = (int) left; x <= (int) right; x++) {
            for (int y = (int) Math.ceil(top); y <= (int) bottom; y++) {
                if (isLine(pixels.getArgb(x, y))) return false;
            }
        }
        return true;
    }

    static void assertNotBlank(WritableImage image) {
        PixelReader pixels = image.getPixelReader();
        Set<Integer> colours = new HashSet<>();
        int first = pixels.getArgb(0, 0);
        int different = 0;
        for (int x = 0; x < image.getWidth(); x += 2) {
            for (int y = 0; y < image.getHeight(); y += 2) {
                int argb = pixels.getArgb(x, y);
                colours.add(argb);
                if (argb != first) different++;
            }
        }
        assertTrue(colours.size() > 20, "many colours (text, grid, line), got " + colours.size());
        assertTrue(different > 500, "not a flat picture, " + different + " sampled pixels differ from the corner");
    }

    private static int argExtreme(double[] values, boolean max) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (max ? values[i] > values[best] : values[i] < values[best]) best = i;
        }
        return best;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
