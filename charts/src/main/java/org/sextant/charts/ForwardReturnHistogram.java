package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.spi.AbstractRendererXY;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.util.Locale;
import javafx.application.Platform;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * A histogram of forward returns (given as fractions, drawn in percent) with the statistics
 * that matter for reading it marked on top: the weighted mean as a solid line, its 95%
 * confidence interval as a shaded band, the unconditional base rate as a dotted line and zero
 * as a thin grey line. Takes plain arrays, so it draws any sample (analogues, backtest trades).
 */
public class ForwardReturnHistogram extends XYChart {
    public static final String BAR_COLOR = "#1565C0";
    public static final String MEAN_COLOR = "#E65100";
    public static final String CI_RGB = "230,81,0";
    public static final String BASE_COLOR = "#424242";

    /** What is marked over the bars (fractions; NaN = not shown). */
    public record Marks(double mean, double ciLow, double ciHigh, double baseRate) {
        public static final Marks NONE = new Marks(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    private final DefaultNumericAxis xAxis;
    private final DefaultNumericAxis yAxis;
    private final DoubleDataSet bars = new DoubleDataSet("analogues");
    private final Bars renderer = new Bars();
    private HistogramBins bins = new HistogramBins(new double[0], new int[0]);
    private Marks marks = Marks.NONE;

    public ForwardReturnHistogram() {
        this(new DefaultNumericAxis("forward return", "%"), new DefaultNumericAxis("analogues", null));
    }

    private ForwardReturnHistogram(DefaultNumericAxis x, DefaultNumericAxis y) {
        super(x, y);
        this.xAxis = x;
        this.yAxis = y;
        setId("forward-return-histogram");
        y.setForceZeroInRange(true);
        getCanvas().heightProperty().addListener((obs, old, now) -> fitCountAxis()); // headroom for the three rows of labels
        renderer.getDatasets().add(bars);
        getRenderers().setAll(renderer);
        setLegendVisible(false);
        setTitle("no analogues yet");
        ChartExportMenu.install(this, "forward returns", () -> ChartSvg.of(this), java.util.List.of(this));
    }

    /**
     * Shows {@code returns} (fractions; NaN skipped) as about √n equal-width bins with
     * {@code marks} on top; an empty array clears the chart. Call on the FX thread.
     */
    public void show(double[] returns, Marks marks, String title) {
        if (!Platform.isFxApplicationThread()) throw new IllegalStateException("ForwardReturnHistogram.show must run on the JavaFX thread");
        double[] pct = new double[returns.length];
        for (int i = 0; i < pct.length; i++) pct[i] = 100 * returns[i];
        this.bins = HistogramBins.of(pct, HistogramBins.binsFor(pct.length));
        this.marks = marks == null ? Marks.NONE : marks;
        int n = bins.size();
        double[] x = new double[n], y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = bins.centre(i);
            y[i] = bins.counts()[i];
        }
        bars.set(x, y, false);
        if (n > 0) {
            double lo = bins.edges()[0], hi = bins.edges()[n];
            for (double m : new double[]{this.marks.mean(), this.marks.ciLow(), this.marks.ciHigh(), this.marks.baseRate(), 0}) {
                if (Double.isFinite(m)) {
                    lo = Math.min(lo, 100 * m);
                    hi = Math.max(hi, 100 * m);
                }
            }
            double pad = 0.04 * (hi - lo);
            xAxis.setAutoRanging(false);
            xAxis.set(lo - pad, hi + pad);
        } else {
            xAxis.setAutoRanging(true);
        }
        fitCountAxis();
        setTitle(title);
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    /** The bins on screen, in percent. */
    public HistogramBins bins() { return bins; }

    /** The marks on screen (fractions). */
    public Marks marks() { return marks; }

    public DefaultNumericAxis returnAxis() { return xAxis; }

    /** A label drawn on the plot: its text, and where its box lies in the plot's coordinates. */
    public record PlacedLabel(String text, double left, double top, double width, double height) {}

    private PlacedLabel ciLabel;

    /** Where the CI's label was last drawn (null when no CI is shown): tests read it to check it shows whole, over no bar. */
    public PlacedLabel ciLabel() { return ciLabel; }

    /**
     * The CI's label on one line below the mean's and the base rate's labels (so none overlaps),
     * starting at the band's left edge but moved inside the plot when that would cut it: a cut
     * first character would turn a negative bound positive. The count axis leaves the three rows
     * free above the bars ({@link #fitCountAxis}), so no bar is under it.
     */
    PlacedLabel ciLabel(Marks m, double plotWidth, double top) {
        if (!Double.isFinite(m.ciLow()) || !Double.isFinite(m.ciHigh())) return null;
        String text = "95% CI of mean " + pct(m.ciLow()) + " to " + pct(m.ciHigh());
        javafx.scene.text.Text measure = new javafx.scene.text.Text(text);
        measure.setFont(Font.font(LABEL_FONT));
        double width = measure.getLayoutBounds().getWidth();
        double band = xAxis.getDisplayPosition(100 * Math.min(m.ciLow(), m.ciHigh()));
        double left = Math.max(LABEL_MARGIN, Math.min(band, plotWidth - width - LABEL_MARGIN));
        return new PlacedLabel(text, left, top + CI_ROW, width, measure.getLayoutBounds().getHeight());
    }

    /**
     * The count axis from 0 to at least a fifth above the tallest bar and high enough that the
     * labels' three rows stay clear of every bar at the plot's height: a fixed share of the height
     * left a small plot (the Analogues view at 1000x700) with its CI label over the tallest bar.
     */
    private void fitCountAxis() {
        int most = 0;
        for (int c : bins.counts()) most = Math.max(most, c);
        if (most == 0) {
            yAxis.setAutoRanging(true);
            return;
        }
        double height = getCanvas().getHeight();
        double labels = Math.min(0.5, height > 0 ? LABEL_ROWS / height : 0.2);
        yAxis.setAutoRanging(false);
        yAxis.set(0, Math.max(1.2 * most, most / (1 - labels)));
    }

    /** Where the CI's row starts below the plot's top, and the height of the three rows with a margin under them. */
    private static final double CI_ROW = 32;
    private static final double LABEL_ROWS = CI_ROW + 18;
    static final double LABEL_FONT = 11;
    private static final double LABEL_MARGIN = 2;

    /** Bars between the bin edges, then the CI band, the base rate, zero and the mean with their labels. */
    private final class Bars extends AbstractRendererXY<Bars> {
        Bars() {
            setShowInLegend(false);
        }

        @Override
        protected void render(GraphicsContext gc, DataSet dataSet, DataSetNode style) {
            HistogramBins b = bins;
            if (b.size() == 0) return;
            gc.save();
            double y0 = yAxis.getDisplayPosition(0);
            double top = yAxis.getDisplayPosition(yAxis.getMax());
            Marks m = marks;
            if (Double.isFinite(m.ciLow()) && Double.isFinite(m.ciHigh())) {
                double a = xAxis.getDisplayPosition(100 * m.ciLow()), c = xAxis.getDisplayPosition(100 * m.ciHigh());
                gc.setFill(Color.web("rgba(" + CI_RGB + ",0.18)"));
                gc.fillRect(Math.min(a, c), top, Math.max(1, Math.abs(c - a)), y0 - top);
            }
            gc.setFill(Color.web(BAR_COLOR, 0.75));
            gc.setStroke(Color.WHITE);
            gc.setLineWidth(1);
            for (int i = 0; i < b.size(); i++) {
                if (b.counts()[i] == 0) continue;
                double left = xAxis.getDisplayPosition(b.edges()[i]), right = xAxis.getDisplayPosition(b.edges()[i + 1]);
                double h = yAxis.getDisplayPosition(b.counts()[i]);
                gc.fillRect(left, h, right - left, y0 - h);
                gc.strokeRect(left, h, right - left, y0 - h);
            }
            gc.setFont(Font.font(LABEL_FONT));
            gc.setTextBaseline(VPos.TOP);
            vertical(gc, 0, Color.web("#9E9E9E"), 1, null, null, top, y0);
            vertical(gc, m.baseRate(), baseRateColour(), 1.5, new double[]{2, 3}, "base rate " + pct(m.baseRate()), top + 16, y0);
            vertical(gc, m.mean(), Color.web(MEAN_COLOR), 2.5, null, "mean " + pct(m.mean()), top, y0);
            ciLabel = ciLabel(m, gc.getCanvas().getWidth(), top);
            if (ciLabel != null) {
                gc.setFill(Color.web(MEAN_COLOR));
                gc.setTextAlign(TextAlignment.LEFT);
                gc.fillText(ciLabel.text(), ciLabel.left(), ciLabel.top());
            }
            gc.restore();
        }

        private void vertical(GraphicsContext gc, double value, Color color, double width, double[] dashes, String label, double labelY, double y0) {
            if (!Double.isFinite(value)) return;
            double x = xAxis.getDisplayPosition(100 * value);
            gc.setStroke(color);
            gc.setLineWidth(width);
            gc.setLineDashes(dashes);
            gc.strokeLine(x, yAxis.getDisplayPosition(yAxis.getMax()), x, y0);
            gc.setLineDashes((double[]) null);
            if (label != null) {
                gc.setFill(color);
                gc.setTextAlign(TextAlignment.LEFT);
                gc.fillText(label, x + 3, labelY);
            }
        }

        @Override
        protected Bars getThis() {
            return this;
        }
    }

    /**
     * The base rate's line and label take the axis labels' colour, so the theme's stylesheet
     * decides it (dark grey on the light canvas, light grey on the dark one).
     */
    public Color baseRateColour() {
        return xAxis.getTickLabelStyle().getFill() instanceof Color c ? c : Color.web(BASE_COLOR);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%+.2f%%", 100 * v);
    }
}
