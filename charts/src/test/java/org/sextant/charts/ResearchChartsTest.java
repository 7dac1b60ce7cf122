package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.dataset.DataSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The research charts on screen: IBM's real buy-and-hold equity (fBasics::DowJones30, see the
 * resources README) with its drawdown, and a sweep's in-sample/out-of-sample scatter; the
 * snapshots must carry the series where the axes put them.
 */
@ExtendWith(ApplicationExtension.class)
class ResearchChartsTest {
    private EquityDrawdownChart equity;
    private SweepScatterChart scatter;
    private HBox root;

    @Start
    void start(Stage stage) {
        equity = new EquityDrawdownChart();
        scatter = new SweepScatterChart();
        HBox.setHgrow(equity, Priority.ALWAYS);
        scatter.setPrefWidth(480);
        root = new HBox(equity, scatter);
        stage.setScene(new Scene(root, 1400, 620));
        stage.show();
    }

    /** The drawdown the engine hands over (EquityCurve.of in the engine): equity over its running peak minus 1. */
    private static double[] drawdown(double[] equity) {
        double[] dd = new double[equity.length];
        double peak = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < equity.length; i++) {
            peak = Math.max(peak, equity[i]);
            dd[i] = equity[i] / peak - 1;
        }
        return dd;
    }

    @Test
    void equityOnTopDrawdownBelowOverOneDateRange() throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        double[] growth = Arrays.stream(ibm.close()).map(c -> c / ibm.close()[0]).toArray();
        double[] flat = new double[growth.length];
        Arrays.fill(flat, 1.0);
        LocalDate oos = LocalDate.of(1998, 1, 2);
        fx(() -> {
            equity.show(List.of(new EquityCurve("IBM buy and hold", ibm.dates(), growth, drawdown(growth)),
                    new EquityCurve("cash", ibm.dates(), flat, new double[flat.length])), oos);
            return null;
        });
        WritableImage image = ChartSnapshot.capture(equity);
        Path png = ChartSnapshot.writePng(image, Path.of("target", "equity-drawdown-ibm.png"));
        assertTrue(Files.size(png) > 10_000, "a real picture");
        PriceChartTest.assertNotBlank(image);

        List<DataSet> lines = equity.equityDataSets();
        assertEquals(2, lines.size());
        assertEquals("IBM buy and hold", lines.get(0).getName());
        assertEquals(2529, lines.get(0).getDataCount());
        assertEquals(84.5 / 27.86, lines.get(0).get(DataSet.DIM_Y, 2528), 1e-12);
        assertEquals(oos, equity.outOfSampleStart());

        // IBM's worst fall in 1991-2000 was from its 1991 high to the 1993 low: the drawdown's minimum
        DataSet dd = equity.drawdownDataSet();
        int worst = 0;
        for (int i = 1; i < dd.getDataCount(); i++) if (dd.get(DataSet.DIM_Y, i) < dd.get(DataSet.DIM_Y, worst)) worst = i;
        double peak = 0;
        for (int i = 0; i <= worst; i++) peak = Math.max(peak, ibm.close()[i]);
        assertEquals(ibm.close()[worst] / peak - 1, dd.get(DataSet.DIM_Y, worst), 1e-12);
        assertEquals(1993, ibm.dates().get(worst).getYear(), "IBM's low after its early-90s slide");
        assertTrue(dd.get(DataSet.DIM_Y, worst) < -0.6, "a fall of more than 60%: " + dd.get(DataSet.DIM_Y, worst));

        // one date range for both plots, also after a zoom on either
        assertEquals(equity.equityChart().getXAxis().getMin(), equity.drawdownChart().getXAxis().getMin());
        assertEquals(equity.equityChart().getXAxis().getMax(), equity.drawdownChart().getXAxis().getMax());
        fx(() -> {
            equity.dateAxis().setAutoRanging(false);
            equity.dateAxis().set(CalendarTicks.toAxis(LocalDate.of(1995, 1, 2)), CalendarTicks.toAxis(LocalDate.of(1997, 1, 2)));
            return null;
        });
        assertEquals(CalendarTicks.toAxis(LocalDate.of(1995, 1, 2)), equity.equityChart().getXAxis().getMin());
        fx(() -> { equity.dateAxis().setAutoRanging(true); return null; });
        image = ChartSnapshot.capture(equity);

        // the main line in (nearly) every column of the top plot, the red area under the zero line at the worst day
        XYChart top = equity.equityChart();
        Bounds plot = fx(() -> plotArea(top, equity));
        Point2D first = fx(() -> pixelOf(top, equity, CalendarTicks.toAxis(ibm.dates().get(0)), growth[0]));
        Point2D last = fx(() -> pixelOf(top, equity, CalendarTicks.toAxis(ibm.dates().get(2528)), growth[2528]));
        int columns = 0;
        int withLine = 0;
        for (int x = (int) first.getX() + 2; x < (int) last.getX() - 1; x++) {
            columns++;
            if (PriceChartTest.columnHasLine(image.getPixelReader(), x, (int) plot.getMinY(), (int) plot.getMaxY())) withLine++;
        }
        assertTrue(columns > 500, columns + " columns");
        assertTrue(withLine >= columns * 0.98, withLine + " of " + columns + " columns show the equity line");

        XYChart bottom = equity.drawdownChart();
        double worstX = CalendarTicks.toAxis(ibm.dates().get(worst));
        double worstY = dd.get(DataSet.DIM_Y, worst);
        Point2D halfWay = fx(() -> pixelOf(bottom, equity, worstX, worstY / 2));
        assertTrue(isRed(image.getPixelReader().getArgb((int) halfWay.getX(), (int) halfWay.getY())),
                "the drawdown area is filled between zero and the worst fall");
        Point2D belowWorst = fx(() -> pixelOf(bottom, equity, worstX, worstY - 0.08));
        Point2D zero = fx(() -> pixelOf(bottom, equity, worstX, 0));
        assertTrue(belowWorst.getY() > halfWay.getY() && zero.getY() < halfWay.getY());
        assertTrue(!isRed(image.getPixelReader().getArgb((int) belowWorst.getX(), (int) belowWorst.getY())), "nothing below the worst fall");
        int redAbove = 0;
        for (int y = (int) fx(() -> plotArea(bottom, equity)).getMinY(); y < zero.getY() - 3; y++) {
            if (isRed(image.getPixelReader().getArgb((int) zero.getX(), y))) redAbove++;
        }
        assertEquals(0, redAbove, "no drawdown drawn above zero");

        fx(() -> { equity.show(List.of(), null); return null; });
        assertEquals(0, equity.drawdownDataSet().getDataCount());
        assertTrue(equity.equityDataSets().isEmpty());
        assertEquals(null, equity.outOfSampleStart());
    }

    /** Holding's curve is drawn dashed on screen, as in the SVG: along its path, columns with the line alternate with gaps. */
    @Test
    void theBenchmarkCurveIsDashedOnScreen() throws Exception {
        List<LocalDate> days = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(1995, 1, 2); days.size() < 1000; d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() < 6) days.add(d);
        }
        double[] rising = new double[days.size()];
        for (int i = 0; i < rising.length; i++) rising[i] = 1 + 2.0 * i / rising.length;
        fx(() -> { equity.show(List.of(new EquityCurve("holding", days, rising, drawdown(rising), true)), null); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage image = ChartSnapshot.capture(equity);
        ChartSnapshot.writePng(image, Path.of("target", "equity-benchmark-dashed.png"));
        XYChart top = equity.equityChart();
        int drawn = 0;
        int gaps = 0;
        Point2D first = fx(() -> pixelOf(top, equity, CalendarTicks.toAxis(days.get(0)), rising[0]));
        Point2D last = fx(() -> pixelOf(top, equity, CalendarTicks.toAxis(days.get(days.size() - 1)), rising[rising.length - 1]));
        for (int x = (int) first.getX() + 2; x < (int) last.getX() - 2; x++) {
            double y = first.getY() + (last.getY() - first.getY()) * (x - first.getX()) / (last.getX() - first.getX());
            if (greyNear(image, new Point2D(x, y), 1)) drawn++;
            else gaps++;
        }
        // a 6 4 dash: two columns in ten or so are clear of its smoothed ends; a solid line has (nearly) none
        assertTrue(gaps > (drawn + gaps) / 10 && drawn > (drawn + gaps) / 2, drawn + " columns with the line, " + gaps + " gaps: not dashed");
    }

    /** The tag beside the out-of-sample line stands where no curve passes under it: low curves push it up, high ones down. */
    @Test
    void theOutOfSampleTagIsNotDrawnOverACurve() throws Exception {
        List<LocalDate> days = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(1995, 1, 2); days.size() < 1500; d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() < 6) days.add(d);
        }
        int split = 1000;
        LocalDate oos = days.get(split);
        // flat at 1 (the axis' bottom) around the start of the out-of-sample period, rising to 3 after it
        double[] low = new double[days.size()];
        for (int i = 0; i < low.length; i++) low[i] = i < split + 60 ? 1 : 1 + 2.0 * (i - split - 60) / (low.length - split - 60);
        // the mirror: at the axis' top around the start
        double[] high = Arrays.stream(low).map(v -> 4 - v).toArray();
        for (double[] curve : List.of(low, high)) {
            fx(() -> { equity.show(List.of(new EquityCurve("strategy", days, curve, drawdown(curve))), oos); return null; });
            WaitForAsyncUtils.waitForFxEvents();
            javafx.scene.control.Label tag = equity.outOfSampleTag();
            Bounds at = fx(() -> tag.localToScene(tag.getLayoutBounds()));
            assertTrue(at.getHeight() > 5 && fx(tag::isVisible), "the tag is shown: " + at);
            XYChart top = equity.equityChart();
            Bounds plot = fx(() -> top.getCanvas().localToScene(top.getCanvas().getLayoutBounds()));
            assertTrue(at.getMinY() >= plot.getMinY() - 1 && at.getMaxY() <= plot.getMaxY() + 1, "inside the plot: " + at + " in " + plot);
            for (int i = 0; i < days.size(); i++) {
                int k = i;
                Point2D point = fx(() -> top.getCanvas().localToScene(top.getXAxis().getDisplayPosition(CalendarTicks.toAxis(days.get(k))),
                        top.getYAxis().getDisplayPosition(curve[k])));
                if (point.getX() < at.getMinX() || point.getX() > at.getMaxX()) continue;
                assertTrue(point.getY() < at.getMinY() || point.getY() > at.getMaxY(),
                        "the curve at " + days.get(i) + " (" + curve[i] + ", y " + point.getY() + ") passes under the tag " + at);
            }
        }
    }

    @Test
    void scatterShowsEveryConfigurationTheChosenOneAndTheDiagonal() throws Exception {
        // a sweep whose out-of-sample Sharpe keeps a third of the in-sample one, plus noise
        Random random = new Random(42);
        int n = 240;
        double[] is = new double[n];
        double[] oos = new double[n];
        int best = 0;
        for (int i = 0; i < n; i++) {
            is[i] = 0.3 + random.nextGaussian() * 0.4;
            oos[i] = is[i] / 3 + random.nextGaussian() * 0.2;
            if (is[i] > is[best]) best = i;
        }
        int chosen = best;
        fx(() -> { scatter.show(is, oos, chosen); return null; });
        WritableImage image = ChartSnapshot.capture(scatter);
        ChartSnapshot.writePng(image, Path.of("target", "sweep-scatter.png"));
        PriceChartTest.assertNotBlank(image);

        assertEquals(n, scatter.pointsDataSet().getDataCount());
        assertEquals(1, scatter.chosenDataSet().getDataCount());
        assertEquals(is[chosen], scatter.chosenDataSet().get(DataSet.DIM_X, 0));
        assertEquals(oos[chosen], scatter.chosenDataSet().get(DataSet.DIM_Y, 0));
        assertEquals("240 configurations", scatter.getTitle());
        assertEquals(chosen, scatter.chosenIndex());
        assertTrue(scatter.inSampleAxis().getMax() >= is[chosen] && scatter.outOfSampleAxis().getMin() <= Arrays.stream(oos).min().getAsDouble(),
                "every point is in view");

        PixelReader pixels = image.getPixelReader();
        Point2D chosenAt = fx(() -> pixelOf(scatter, scatter, is[chosen], oos[chosen]));
        assertTrue(isOrange(pixels.getArgb((int) Math.round(chosenAt.getX()), (int) Math.round(chosenAt.getY()))), "the chosen dot at " + chosenAt);
        int bluePoints = 0;
        for (int i = 0; i < n; i++) {
            int k = i;
            Point2D at = fx(() -> pixelOf(scatter, scatter, is[k], oos[k]));
            if (i != chosen && isBlue(pixels.getArgb((int) Math.round(at.getX()), (int) Math.round(at.getY())))) bluePoints++;
        }
        assertTrue(bluePoints >= (n - 1) * 0.95, bluePoints + " of " + (n - 1) + " configurations drawn where the axes put them");
        // the diagonal passes through (0, 0) and (0.5, 0.5)
        for (double v : new double[] {0, 0.5}) {
            Point2D at = fx(() -> pixelOf(scatter, scatter, v, v));
            assertTrue(greyNear(image, at, 2), "the diagonal at " + v);
        }

        // clicking a dot picks its configuration, which can then be marked as selected
        int other = chosen == 0 ? 1 : 0;
        java.util.List<Integer> clicked = new java.util.concurrent.CopyOnWriteArrayList<>();
        fx(() -> { scatter.setOnPointClicked(clicked::add); return null; });
        Point2D otherOnScreen = fx(() -> scatter.getCanvas().localToScreen(scatter.getXAxis().getDisplayPosition(is[other]),
                scatter.getYAxis().getDisplayPosition(oos[other])));
        new org.testfx.api.FxRobot().moveTo(otherOnScreen).clickOn(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, clicked.size(), "one click, one pick");
        int picked = clicked.get(0);
        assertTrue(Math.hypot(is[picked] - is[other], oos[picked] - oos[other]) < 0.05, "the dot under the pointer (or one on top of it)");
        fx(() -> { scatter.show(is, oos, chosen, picked); return null; });
        assertEquals(is[picked], scatter.selectedDataSet().get(DataSet.DIM_X, 0));
        assertEquals(picked, scatter.selectedIndex());
        fx(() -> { scatter.show(is, oos, chosen, chosen); return null; });
        assertEquals(0, scatter.selectedDataSet().getDataCount(), "the chosen dot is not marked twice");

        fx(() -> { scatter.show(new double[0], new double[0], -1); return null; });
        assertEquals(0, scatter.pointsDataSet().getDataCount());
        assertEquals(0, scatter.chosenDataSet().getDataCount());
        assertEquals("no sweep selected", scatter.getTitle());
    }

    // ---- pixels -----------------------------------------------------------------------------

    private static Point2D pixelOf(XYChart chart, Node snapshotRoot, double xValue, double yValue) {
        Axis x = chart.getXAxis();
        Axis y = chart.getYAxis();
        Point2D scene = chart.getCanvas().localToScene(x.getDisplayPosition(xValue), y.getDisplayPosition(yValue));
        Point2D local = snapshotRoot.sceneToLocal(scene);
        return new Point2D(local.getX() - snapshotRoot.getBoundsInLocal().getMinX(), local.getY() - snapshotRoot.getBoundsInLocal().getMinY());
    }

    private static Bounds plotArea(XYChart c, Node snapshotRoot) {
        Bounds b = snapshotRoot.sceneToLocal(c.getCanvas().localToScene(c.getCanvas().getLayoutBounds()));
        return new javafx.geometry.BoundingBox(b.getMinX() - snapshotRoot.getBoundsInLocal().getMinX(),
                b.getMinY() - snapshotRoot.getBoundsInLocal().getMinY(), b.getWidth(), b.getHeight());
    }

    static boolean isRed(int argb) {
        int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
        return r - g > 40 && r - b > 40;
    }

    static boolean isOrange(int argb) {
        int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
        return r > 180 && r - b > 120 && g > 50 && g < 140;
    }

    static boolean isBlue(int argb) {
        int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
        return b - r > 40 && b > 150;
    }

    private static boolean greyNear(WritableImage image, Point2D at, int radius) {
        for (int dx = -radius; dx <= radius; dx++) {
            for (int dy = -radius; dy <= radius; dy++) {
                int argb = image.getPixelReader().getArgb((int) Math.round(at.getX()) + dx, (int) Math.round(at.getY()) + dy);
                int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
                if (Math.abs(r - g) < 12 && Math.abs(g - b) < 12 && r < 190) return true;
            }
        }
        return false;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
