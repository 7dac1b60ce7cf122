package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.AbstractAxisParameter;
import io.fair_acc.chartfx.axes.spi.TickMark;
import io.fair_acc.chartfx.ui.geometry.Side;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.DataSetError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.paint.Color;

/**
 * Charts as SVG drawn from their data and axes, as they are on screen (the same dates, prices
 * and pixel geometry): lines, candles or OHLC bars, volume, forecast fans, histogram bars and
 * scatter dots as vector shapes, axes with their ticks and labels, and the title, on white. Not a
 * picture in an SVG wrapper: every close is a point of a path. A pixel column holding many points
 * keeps its first, lowest, highest and last (what the screen shows), so a million bars stay a file
 * a browser opens. Call on the JavaFX thread, on a chart that has been laid out.
 */
public final class ChartSvg {
    static final Color TEXT = Color.web("#212121");
    private static final Color GRID = Color.web("#e6e6e6");
    private static final Color FRAME = Color.web("#9e9e9e");
    private static final double FONT = 11;
    private static final Pattern LINE_COLOR = Pattern.compile("-fx-line-color:\\s*([^;]+)");
    private static final Pattern LINE_WIDTH = Pattern.compile("-fx-line-width:\\s*([0-9.]+)");
    private static final Pattern DASHES = Pattern.compile("-fx-line-dash-array:\\s*([0-9. ]+)");

    private ChartSvg() {}

    /** The price chart: closes or bars, the live and backtest fans, the marked day, and the volume pane when it is shown. */
    public static String of(PriceChart chart) {
        VolumeChart volume = chart.volumePane();
        boolean withVolume = volume.isVisible() && volume.getScene() != null && volume.getScene() == chart.getScene();
        double height = chart.getHeight();
        if (withVolume) height = Math.max(height, inPicture(volume, chart).getMaxY());
        SvgWriter svg = new SvgWriter(chart.getWidth(), height);
        Plot prices = framed(svg, chart);
        fan(svg, prices, chart.backtestRenderer());
        fan(svg, prices, chart.fanRenderer());
        PriceBars s = chart.series();
        if (chart.drawsBars()) {
            bars(svg, prices, s, chart.chartTypeProperty().get());
        } else {
            line(svg, prices, chart.closeDataSet(), "close", Color.web(PriceChart.LINE_COLOR), PriceChart.LINE_WIDTH, null);
        }
        if (chart.markedDay() != null) marker(svg, prices, CalendarTicks.toAxis(chart.markedDay()), chart.markedDay().toString());
        svg.end();
        if (withVolume) {
            Plot v = Plot.of(volume, chart);
            axes(svg, v);
            v.clip(svg);
            volume(svg, v, s);
            svg.end();
        }
        return svg.document();
    }

    /** The equity curves (legend on top), the main curve's drawdown as an area below, the out-of-sample marker on both. */
    public static String of(EquityDrawdownChart chart) {
        SvgWriter svg = new SvgWriter(chart.getWidth(), chart.getHeight());
        Plot equity = Plot.of(chart.equityChart(), chart);
        Plot drawdown = Plot.of(chart.drawdownChart(), chart);
        title(svg, chart.equityChart(), chart);
        axes(svg, equity);
        equity.clip(svg);
        List<DataSet> curves = chart.equityDataSets();
        for (int k = curves.size() - 1; k >= 0; k--) { // the main curve on top
            DataSet d = curves.get(k);
            line(svg, equity, d, "equity", styleColor(d, Color.GRAY), styleWidth(d, 1.2), styleDashes(d));
        }
        if (chart.outOfSampleStart() != null) marker(svg, equity, CalendarTicks.toAxis(chart.outOfSampleStart()), "out of sample →");
        svg.end();
        double x = equity.left + 8;
        for (DataSet d : curves) { // the legend names the curves
            svg.line(x, equity.top + 12, x + 16, equity.top + 12, styleColor(d, Color.GRAY), 2, styleDashes(d));
            svg.text(x + 20, equity.top + 16, d.getName(), "start", FONT, TEXT, 0);
            x += 30 + 6.5 * d.getName().length();
        }
        axes(svg, drawdown);
        drawdown.clip(svg);
        DataSet dd = chart.drawdownDataSet();
        Color red = Color.web(EquityDrawdownChart.DRAWDOWN_COLOR);
        area(svg, drawdown, dd, red.deriveColor(0, 1, 1, AreaRenderer.FILL_OPACITY));
        line(svg, drawdown, dd, "drawdown", red, 1, null);
        if (chart.outOfSampleStart() != null) marker(svg, drawdown, CalendarTicks.toAxis(chart.outOfSampleStart()), null);
        svg.end();
        return svg.document();
    }

    // duplicates: each chart's SVG is framed and ended the same way; what is drawn between differs
    /** The bins as bars, the mean's confidence interval as a band, the mean, the base rate and zero as lines with their labels. */
    public static String of(ForwardReturnHistogram chart) {
        SvgWriter svg = new SvgWriter(chart.getWidth(), chart.getHeight());
        Plot p = framed(svg, chart);
        HistogramBins b = chart.bins();
        ForwardReturnHistogram.Marks m = chart.marks();
        double y0 = p.y(0);
        double top = p.top;
        if (Double.isFinite(m.ciLow()) && Double.isFinite(m.ciHigh())) {
            double a = p.x(100 * m.ciLow());
            double c = p.x(100 * m.ciHigh());
            svg.rect(Math.min(a, c), top, Math.max(1, Math.abs(c - a)), y0 - top, Color.web("rgba(" + ForwardReturnHistogram.CI_RGB + ",0.18)"), null);
        }
        svg.begin("bins");
        for (int i = 0; i < b.size(); i++) {
            if (b.counts()[i] == 0) continue;
            double left = p.x(b.edges()[i]);
            double h = p.y(b.counts()[i]);
            svg.rect(left, h, p.x(b.edges()[i + 1]) - left, y0 - h, Color.web(ForwardReturnHistogram.BAR_COLOR, 0.75), Color.WHITE);
        }
        svg.end();
        vertical(svg, p, 0, Color.web("#9E9E9E"), 1, null, null, top);
        vertical(svg, p, m.baseRate(), Color.web(ForwardReturnHistogram.BASE_COLOR), 1.5, new double[] {2, 3},
                "base rate " + ForwardReturnHistogram.pct(m.baseRate()), top + 16);
        vertical(svg, p, m.mean(), Color.web(ForwardReturnHistogram.MEAN_COLOR), 2.5, null, "mean " + ForwardReturnHistogram.pct(m.mean()), top);
        ForwardReturnHistogram.PlacedLabel ci = chart.ciLabel(m, p.width, 0);
        if (ci != null) svg.text(p.left + ci.left(), top + ci.top() + 11, ci.text(), "start", FONT, Color.web(ForwardReturnHistogram.MEAN_COLOR), 0);
        svg.end();
        return svg.document();
    }

    /** Every configuration as a dot, the selected and the chosen one larger, and the diagonal where out of sample equals in sample. */
    public static String of(SweepScatterChart chart) {
        SvgWriter svg = new SvgWriter(chart.getWidth(), chart.getHeight());
        Plot p = framed(svg, chart);
        DataSet diagonal = chart.diagonalDataSet();
        line(svg, p, diagonal, "diagonal", Color.web(SweepScatterChart.DIAGONAL_COLOR), 1, new double[] {6, 4});
        dots(svg, p, chart.pointsDataSet(), Color.web("rgba(" + SweepScatterChart.POINT_RGB + "," + SweepScatterChart.POINT_ALPHA + ")"),
                SweepScatterChart.POINT_RADIUS);
        dots(svg, p, chart.selectedDataSet(), Color.web(SweepScatterChart.SELECTED_COLOR), SweepScatterChart.CHOSEN_RADIUS - 1);
        dots(svg, p, chart.chosenDataSet(), Color.web(SweepScatterChart.CHOSEN_COLOR), SweepScatterChart.CHOSEN_RADIUS);
        svg.end();
        return svg.document();
    }

    /** Writes {@code svg} to {@code file} (UTF-8), creating parent folders. */
    public static Path write(String svg, Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, svg, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file.getFileName() + ": " + e.getMessage(), e);
        }
    }

    /** An XY chart's plot in the picture: its canvas' rectangle in the picture's coordinates, and the axes' mapping into it. */
    private record Plot(XYChart chart, Node picture, double left, double top, double width, double height) {
        static Plot of(XYChart chart, Node picture) {
            Bounds b = inPicture(chart.getCanvas(), picture);
            return new Plot(chart, picture, b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight());
        }

        double x(double value) { return left + chart.getXAxis().getDisplayPosition(value); }
        double y(double value) { return top + chart.getYAxis().getDisplayPosition(value); }
        double bottom() { return top + height; }
        double right() { return left + width; }

        void clip(SvgWriter svg) { svg.beginClip(left, top, width, height); }
    }

    /** A chart that is the picture: its title and axes drawn, its plot's clip opened (close it with {@link SvgWriter#end}). */
    private static Plot framed(SvgWriter svg, XYChart chart) {
        Plot p = Plot.of(chart, chart);
        title(svg, chart, chart);
        axes(svg, p);
        p.clip(svg);
        return p;
    }

    private static Bounds inPicture(Node node, Node picture) {
        return picture.sceneToLocal(node.localToScene(node.getLayoutBounds()));
    }

    private static void title(SvgWriter svg, XYChart chart, Node picture) {
        String t = chart.getTitle();
        if (t == null || t.isBlank()) return;
        Bounds at = inPicture(chart.getTitleLabel(), picture);
        double y = at.getHeight() > 0 ? at.getMinY() + at.getHeight() * 0.7 : 16;
        svg.text(inPicture(chart, picture).getCenterX(), y, t, "middle", 14, TEXT, 0);
    }

    /** Grid, frame, ticks and tick labels (where the axis shows them) and the axis names. */
    private static void axes(SvgWriter svg, Plot p) {
        AbstractAxisParameter xAxis = (AbstractAxisParameter) p.chart.getXAxis();
        AbstractAxisParameter yAxis = (AbstractAxisParameter) p.chart.getYAxis();
        svg.begin("axes");
        for (TickMark t : xAxis.getTickMarks()) {
            double x = p.x(t.getValue());
            if (x < p.left - 0.5 || x > p.right() + 0.5) continue;
            svg.line(x, p.top, x, p.bottom(), GRID, 1, null);
            svg.line(x, p.bottom(), x, p.bottom() + 5, FRAME, 1, null);
            if (xAxis.getTickLabelStyle().isVisible() && t.isVisible()) svg.text(x, p.bottom() + 18, t.getText(), "middle", FONT, TEXT, 0);
        }
        boolean right = yAxis.getSide() == Side.RIGHT;
        double edge = right ? p.right() : p.left;
        double out = right ? 5 : -5;
        for (TickMark t : yAxis.getTickMarks()) {
            double y = p.y(t.getValue());
            if (y < p.top - 0.5 || y > p.bottom() + 0.5) continue;
            svg.line(p.left, y, p.right(), y, GRID, 1, null);
            svg.line(edge, y, edge + out, y, FRAME, 1, null);
            if (yAxis.getTickLabelStyle().isVisible() && t.isVisible()) svg.text(edge + 1.6 * out, y + 4, t.getText(), right ? "start" : "end", FONT, TEXT, 0);
        }
        svg.rect(p.left, p.top, p.width, p.height, null, FRAME);
        String xName = xAxis.getAxisLabel().getText();
        if (xName != null && !xName.isBlank() && xAxis.getTickLabelStyle().isVisible()) {
            svg.text(p.left + p.width / 2, p.bottom() + 34, xName, "middle", 12, TEXT, 0);
        }
        String yName = yAxis.getAxisLabel().getText();
        if (yName != null && !yName.isBlank()) {
            // at the axis' outer edge, where chartfx puts it
            Bounds axisAt = inPicture(yAxis, p.picture);
            svg.text(right ? axisAt.getMaxX() - 4 : axisAt.getMinX() + 12, p.top + p.height / 2, yName, "middle", 12, TEXT, -90);
        }
        svg.end();
    }

    /** A data set as one path (NaN breaks it), each pixel column reduced to its first, lowest, highest and last point. */
    private static void line(SvgWriter svg, Plot p, DataSet d, String cssClass, Color color, double width, double[] dashes) {
        SvgWriter.PathData path = new SvgWriter.PathData();
        int n = d.getDataCount();
        double min = p.chart.getXAxis().getMin();
        double max = p.chart.getXAxis().getMax();
        ColumnPoints column = new ColumnPoints(path);
        for (int i = 0; i < n; i++) {
            double x = d.get(DataSet.DIM_X, i);
            // the points on screen and one beyond each edge, so the line runs to the frame
            boolean before = i + 1 < n && d.get(DataSet.DIM_X, i + 1) < min;
            boolean after = i > 0 && d.get(DataSet.DIM_X, i - 1) > max;
            if (before || after) continue;
            double y = d.get(DataSet.DIM_Y, i);
            column.add(p.x(x), Double.isFinite(y) ? p.y(y) : Double.NaN);
        }
        column.flush();
        svg.path(cssClass, path.toString(), null, color, width, dashes);
    }

    /** Points of one pixel column: first, lowest, highest and last, in their order. */
    private static final class ColumnPoints {
        private final SvgWriter.PathData path;
        private final List<double[]> points = new ArrayList<>();
        private long column = Long.MIN_VALUE;

        ColumnPoints(SvgWriter.PathData path) {
            this.path = path;
        }

        void add(double x, double y) {
            if (Double.isNaN(y)) {
                flush();
                path.to(Double.NaN, Double.NaN);
                return;
            }
            long c = (long) Math.floor(x);
            if (c != column) flush();
            column = c;
            points.add(new double[] {x, y});
        }

        void flush() {
            if (points.size() <= 4) {
                for (double[] q : points) path.to(q[0], q[1]);
            } else {
                int lo = 0;
                int hi = 0;
                for (int k = 1; k < points.size(); k++) {
                    if (points.get(k)[1] > points.get(lo)[1]) lo = k; // screen y grows downwards: the lowest price
                    if (points.get(k)[1] < points.get(hi)[1]) hi = k;
                }
                int last = points.size() - 1;
                int prev = -1;
                for (int k : new int[] {0, Math.min(lo, hi), Math.max(lo, hi), last}) {
                    if (k != prev) path.to(points.get(k)[0], points.get(k)[1]);
                    prev = k;
                }
            }
            points.clear();
            column = Long.MIN_VALUE;
        }
    }

    /** The area between a data set and zero. */
    private static void area(SvgWriter svg, Plot p, DataSet d, Color fill) {
        int n = d.getDataCount();
        if (n == 0) return;
        SvgWriter.PathData path = new SvgWriter.PathData();
        double zero = p.y(0);
        path.to(p.x(d.get(DataSet.DIM_X, 0)), zero);
        for (int i = 0; i < n; i++) {
            double y = d.get(DataSet.DIM_Y, i);
            if (Double.isFinite(y)) path.to(p.x(d.get(DataSet.DIM_X, i)), p.y(y));
        }
        path.to(p.x(d.get(DataSet.DIM_X, n - 1)), zero).close();
        svg.path("area", path.toString(), fill, null, 0, null);
    }

    /** A fan renderer's data sets as drawn: bands as filled polygons from their anchor, medians dashed; the first listed on top. */
    private static void fan(SvgWriter svg, Plot p, ForecastFanRenderer renderer) {
        List<DataSet> sets = new ArrayList<>(renderer.getDatasets());
        for (int k = sets.size() - 1; k >= 0; k--) {
            DataSet d = sets.get(k);
            int n = d.getDataCount();
            if (n == 0) continue;
            double[] anchor = renderer.anchorOf(d);
            SvgWriter.PathData path = new SvgWriter.PathData();
            if (anchor != null) path.to(p.x(anchor[0]), p.y(anchor[1]));
            Color color = styleColor(d, Color.GRAY);
            if (d instanceof DataSetError band) {
                for (int i = 0; i < n; i++) {
                    path.to(p.x(d.get(DataSet.DIM_X, i)), p.y(d.get(DataSet.DIM_Y, i) - band.getErrorNegative(DataSet.DIM_Y, i)));
                }
                for (int i = n - 1; i >= 0; i--) {
                    path.to(p.x(d.get(DataSet.DIM_X, i)), p.y(d.get(DataSet.DIM_Y, i) + band.getErrorPositive(DataSet.DIM_Y, i)));
                }
                svg.path("band", path.close().toString(), color, null, 0, null);
            } else {
                for (int i = 0; i < n; i++) path.to(p.x(d.get(DataSet.DIM_X, i)), p.y(d.get(DataSet.DIM_Y, i)));
                svg.path("median", path.toString(), null, color, styleWidth(d, 1.5), ForecastFanRenderer.MEDIAN_DASHES);
            }
        }
    }

    /** Candlesticks or OHLC bars, one per pixel column as the screen shows them ({@link BarColumns}). */
    private static void bars(SvgWriter svg, Plot p, PriceBars s, ChartType type) {
        BarColumns columns = new BarColumns().reduce(p.chart.getXAxis(), axisX(s), s);
        double body = Math.max(1, 2 * Math.floor(columns.spacing() * 0.35) + 1);
        double half = Math.floor(body / 2);
        for (boolean up : new boolean[] {true, false}) {
            Color color = Color.web(up ? CandleRenderer.UP_COLOR : CandleRenderer.DOWN_COLOR);
            SvgWriter.PathData lines = new SvgWriter.PathData();
            List<double[]> bodies = new ArrayList<>();
            for (int k = 0; k < columns.count(); k++) {
                if (!columns.hasBar(k) || (columns.close(k) >= columns.open(k)) != up) continue;
                double x = p.left + Math.floor(columns.x(k)) + 0.5;
                double yHigh = p.y(columns.high(k));
                double yLow = p.y(columns.low(k));
                double yOpen = p.y(columns.open(k));
                double yClose = p.y(columns.close(k));
                lines.to(x, Math.min(yHigh, yLow - 1)).to(x, yLow).to(Double.NaN, Double.NaN);
                if (body < 3) continue;
                if (type == ChartType.OHLC) {
                    lines.to(x - half, yOpen).to(x, yOpen).to(Double.NaN, Double.NaN);
                    lines.to(x, yClose).to(x + half, yClose).to(Double.NaN, Double.NaN);
                } else {
                    bodies.add(new double[] {x - 0.5 - half, Math.min(yOpen, yClose), Math.max(1, Math.abs(yOpen - yClose))});
                }
            }
            svg.begin(up ? "bars up" : "bars down");
            svg.path("wicks", lines.toString(), null, color, 1, null);
            for (double[] r : bodies) svg.rect(r[0], r[1], body, r[2], color, null);
            svg.end();
        }
    }

    private static void volume(SvgWriter svg, Plot p, PriceBars s) {
        BarColumns columns = new BarColumns().reduce(p.chart.getXAxis(), axisX(s), s);
        double width = Math.max(1, 2 * Math.floor(columns.spacing() * 0.35) + 1);
        double zero = p.y(Math.max(0, p.chart.getYAxis().getMin()));
        svg.begin("volume");
        for (int k = 0; k < columns.count(); k++) {
            double v = columns.volume(k);
            if (Double.isNaN(v)) continue;
            boolean up = !columns.hasBar(k) || columns.close(k) >= columns.open(k);
            double top = p.y(v);
            svg.rect(p.left + Math.floor(columns.x(k)) - Math.floor(width / 2), top, width, Math.max(1, zero - top),
                    Color.web(up ? CandleRenderer.UP_COLOR : CandleRenderer.DOWN_COLOR, 0.6), null);
        }
        svg.end();
    }

    private static double[] axisX(PriceBars s) {
        double[] x = new double[s.size()];
        for (int i = 0; i < x.length; i++) x[i] = CalendarTicks.toAxis(s.dates().get(i));
        return x;
    }

    private static void dots(SvgWriter svg, Plot p, DataSet d, Color fill, double radius) {
        for (int i = 0; i < d.getDataCount(); i++) svg.circle(p.x(d.get(DataSet.DIM_X, i)), p.y(d.get(DataSet.DIM_Y, i)), radius, fill);
    }

    /** A dashed vertical line at {@code x} (axis units) with its label near the top. */
    private static void marker(SvgWriter svg, Plot p, double x, String label) {
        double at = p.x(x);
        svg.line(at, p.top, at, p.bottom(), FRAME, 1.5, new double[] {5, 4});
        if (label != null) svg.text(at + 4, p.top + 0.04 * p.height + 12, label, "start", FONT, TEXT, 0);
    }

    private static void vertical(SvgWriter svg, Plot p, double fraction, Color color, double width, double[] dashes, String label, double labelTop) {
        if (!Double.isFinite(fraction)) return;
        double x = p.x(100 * fraction);
        svg.line(x, p.top, x, p.y(0), color, width, dashes);
        if (label != null) svg.text(x + 3, labelTop + 11, label, "start", FONT, color, 0);
    }

    /** A data set's {@code -fx-line-color} (with its alpha), as the renderers read it. */
    static Color styleColor(DataSet d, Color fallback) {
        String style = d.getStyle();
        Matcher m = style == null ? null : LINE_COLOR.matcher(style);
        if (m == null || !m.find()) return fallback;
        try {
            return Color.web(m.group(1).trim());
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    /** A data set's {@code -fx-line-dash-array} (a benchmark's curve), or null for a solid line. */
    private static double[] styleDashes(DataSet d) {
        String style = d.getStyle();
        Matcher m = style == null ? null : DASHES.matcher(style);
        if (m == null || !m.find()) return null;
        return java.util.Arrays.stream(m.group(1).trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
    }

    private static double styleWidth(DataSet d, double fallback) {
        String style = d.getStyle();
        Matcher m = style == null ? null : LINE_WIDTH.matcher(style);
        return m != null && m.find() ? Double.parseDouble(m.group(1)) : fallback;
    }
}
