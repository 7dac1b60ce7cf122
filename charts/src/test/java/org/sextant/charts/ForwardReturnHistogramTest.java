package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** IBM's real 5-day returns (fBasics::DowJones30) as a histogram: the bars hold the sample, the marks sit at their values. */
@ExtendWith(ApplicationExtension.class)
class ForwardReturnHistogramTest {
    private ForwardReturnHistogram chart;

    @Start
    void start(Stage stage) {
        chart = new ForwardReturnHistogram();
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(chart), 800, 500));
        stage.show();
    }

    @Test
    void barsHoldEverySampleAndTheMeanAndIntervalAreDrawnWhereTheAxisPutsThem() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        // Non-overlapping 5-day returns, like thinned analogues.
        int n = (ibm.size() - 1) / 5;
        double[] r = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            r[i] = ibm.close()[5 * i + 5] / ibm.close()[5 * i] - 1;
            mean += r[i] / n;
        }
        double m = mean;
        ForwardReturnHistogram.Marks marks = new ForwardReturnHistogram.Marks(m, m - 0.004, m + 0.004, 0.0);
        fx(() -> {
            chart.show(r, marks, "IBM 5-day returns");
            return null;
        });
        WritableImage image = ChartSnapshot.capture(chart);
        ChartSnapshot.writePng(image, Path.of("target", "forward-return-histogram.png"));

        double[] pct = new double[n];
        for (int i = 0; i < n; i++) pct[i] = 100 * r[i];
        HistogramBins expected = HistogramBins.of(pct, HistogramBins.binsFor(n));
        assertArrayEquals(expected.counts(), chart.bins().counts());
        assertEquals(n, chart.bins().total());
        assertEquals(23, chart.bins().size(), "about the square root of " + n + " bins");

        // The tallest bar is blue just under its top; the mean line is orange at its x.
        int tallest = 0;
        for (int i = 1; i < expected.size(); i++) if (expected.counts()[i] > expected.counts()[tallest]) tallest = i;
        int t = tallest;
        Point2D barTop = fx(() -> pixelOf(expected.centre(t), expected.counts()[t]));
        int argb = image.getPixelReader().getArgb((int) barTop.getX(), (int) barTop.getY() + 4);
        assertTrue(blue(argb), "bar colour under the tallest bar's top: " + Integer.toHexString(argb));
        Point2D meanAt = fx(() -> pixelOf(100 * m, expected.counts()[t] / 2.0));
        assertTrue(orangeNear(image.getPixelReader(), meanAt, 2), "the mean line at " + meanAt);
        // The CI band is shaded left of the mean line and nowhere far outside it.
        Point2D inBand = fx(() -> pixelOf(100 * (m - 0.002), 0.2));
        Point2D outside = fx(() -> pixelOf(expected.edges()[expected.size()] - 0.1, expected.counts()[t] * 0.95));
        assertTrue(shaded(image.getPixelReader().getArgb((int) inBand.getX(), (int) inBand.getY() - 30)) || blue(image.getPixelReader()
                .getArgb((int) inBand.getX(), (int) inBand.getY() - 30)), "inside the CI");
        int bg = image.getPixelReader().getArgb((int) outside.getX(), (int) outside.getY());
        assertTrue(grey(bg), "plain background far right, above the bars: " + Integer.toHexString(bg));
    }

    @Test
    void aCiAtTheLeftEdgeIsLabelledWholeInsideThePlotWithItsMinusSign() throws Exception {
        double[] r = new double[100];
        for (int i = 0; i < r.length; i++) r[i] = -0.03 + 0.06 * i / r.length;
        // the band starts at the plot's left edge, where a right-aligned label would be cut
        ForwardReturnHistogram.Marks marks = new ForwardReturnHistogram.Marks(-0.0082, -0.0269, 0.0108, 0.0015);
        fx(() -> {
            chart.show(r, marks, "a wide interval");
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        ChartSnapshot.writePng(ChartSnapshot.capture(chart), Path.of("target", "forward-return-histogram-left-ci.png"));
        ForwardReturnHistogram.PlacedLabel ci = fx(chart::ciLabel);
        double plotWidth = fx(() -> chart.getCanvas().getWidth());
        assertEquals("95% CI of mean -2.69% to +1.08%", ci.text());
        assertTrue(ci.left() >= 0 && ci.left() + ci.width() <= plotWidth,
                "label from " + ci.left() + " to " + (ci.left() + ci.width()) + " inside a plot " + plotWidth + " wide");
        assertTrue(ci.top() >= 30, "below the mean's and base rate's labels: " + ci.top());
    }

    /** The Analogues view's case at 1000x700: the band's left edge over the tallest bar; the label goes where no bar is under it. */
    @Test
    void theCiLabelIsOverNoBar() throws Exception {
        // 100 returns shaped like NYSE's 5-day analogues of 2002-12-31: the tallest bin just right of the band's left edge
        int[] counts = {2, 4, 15, 21, 17, 28, 10, 1, 1, 1};
        double[] r = new double[100];
        int k = 0;
        for (int bin = 0; bin < counts.length; bin++) {
            for (int i = 0; i < counts[bin]; i++) r[k++] = (-8.0 + 2.0 * bin + 1.9 * i / Math.max(1, counts[bin])) / 100;
        }
        ForwardReturnHistogram.Marks marks = new ForwardReturnHistogram.Marks(-0.0082, -0.0269, 0.0108, 0.0015);
        fx(() -> {
            chart.setMaxSize(460, 330); // the view's size at 1000x700, in the stage's pane (the stage keeps its size for other classes)
            chart.show(r, marks, "NYSE 5-day forward returns\nof 100 analogues");
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertOverNoBar();
    }

    private void assertOverNoBar() throws Exception {
        ChartSnapshot.writePng(ChartSnapshot.capture(chart), Path.of("target", "forward-return-histogram-ci-over-no-bar.png"));
        ForwardReturnHistogram.PlacedLabel ci = fx(chart::ciLabel);
        double plotWidth = fx(() -> chart.getCanvas().getWidth());
        assertTrue(plotWidth < 420, "a plot as narrow as the view's at 1000x700: " + plotWidth);
        assertTrue(ci.left() >= 0 && ci.left() + ci.width() <= plotWidth, "inside the plot: " + ci);
        assertTrue(ci.top() >= 30, "below the mean's and base rate's labels: " + ci.top());
        HistogramBins bins = fx(chart::bins);
        for (int i = 0; i < bins.size(); i++) {
            if (bins.counts()[i] == 0) continue;
            int b = i;
            double left = fx(() -> chart.returnAxis().getDisplayPosition(bins.edges()[b]));
            double right = fx(() -> chart.returnAxis().getDisplayPosition(bins.edges()[b + 1]));
            double barTop = fx(() -> chart.getYAxis().getDisplayPosition(bins.counts()[b]));
            boolean under = right > ci.left() && left < ci.left() + ci.width();
            assertTrue(!under || barTop > ci.top() + ci.height(), "the label " + ci + " runs over bar " + i + " (" + bins.counts()[i]
                    + " from x " + left + " to " + right + ", top at y " + barTop + ")");
        }
    }

    private Point2D pixelOf(double xPct, double count) {
        double x = chart.returnAxis().getDisplayPosition(xPct);
        double y = ((io.fair_acc.chartfx.axes.spi.DefaultNumericAxis) chart.getYAxis()).getDisplayPosition(count);
        Point2D local = chart.sceneToLocal(chart.getCanvas().localToScene(x, y));
        return new Point2D(local.getX() - chart.getBoundsInLocal().getMinX(), local.getY() - chart.getBoundsInLocal().getMinY());
    }

    private static boolean blue(int argb) {
        int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
        return b > 150 && b - r > 60 && b - g > 30;
    }

    private static boolean grey(int argb) {
        int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
        return Math.abs(r - b) < 10 && Math.abs(g - b) < 10;
    }

    private static boolean shaded(int argb) {
        int r = (argb >> 16) & 0xff, b = argb & 0xff;
        return r - b > 15;
    }

    private static boolean orangeNear(PixelReader px, Point2D at, int radius) {
        for (int dx = -radius; dx <= radius; dx++) {
            int argb = px.getArgb((int) at.getX() + dx, (int) at.getY());
            int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
            if (r > 180 && r - b > 120 && g < 140) return true;
        }
        return false;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
