package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.util.Locale;
import javafx.application.Platform;

/**
 * In-sample against out-of-sample Sharpe ratio of every configuration of a sweep, one dot each,
 * the chosen configuration (the in-sample winner) as a larger orange dot, and the diagonal on
 * which out-of-sample performance equals in-sample. A cloud far below the diagonal, or a winner
 * far to the right but not higher than the rest, is what overfitting looks like.
 */
public class SweepScatterChart extends XYChart {
    /** Colour of the configurations' dots (translucent, so dense regions read darker). */
    public static final String POINT_RGB = "21,101,192";
    public static final double POINT_ALPHA = 0.45;
    /** Colour of a configuration the person selected (the second equity curve's colour). */
    public static final String SELECTED_COLOR = EquityDrawdownChart.CURVE_COLORS.get(1);
    /** How near (pixels) a click must fall to a dot to pick it. */
    static final double PICK_PIXELS = 8;
    /** Colour of the chosen configuration's dot. */
    public static final String CHOSEN_COLOR = "#E65100";
    public static final String DIAGONAL_COLOR = "#757575";
    static final double POINT_RADIUS = 3;
    static final double CHOSEN_RADIUS = 7;

    private final PriceAxis inSampleAxisRef;
    private final PriceAxis outOfSampleAxisRef;
    private final ScatterRenderer scatter = new ScatterRenderer();
    private final ErrorDataSetRenderer diagonalRenderer = new ErrorDataSetRenderer();
    private final DoubleDataSet points = new DoubleDataSet("configurations");
    private final DoubleDataSet selected = new DoubleDataSet("selected");
    private int chosenIndex = -1;
    private int selectedIndex = -1;
    /** Index in the shown arrays of each drawn point (non-finite pairs are not drawn). */
    private int[] drawnIndex = new int[0];
    private java.util.function.IntConsumer onPointClicked = i -> { };
    private final DoubleDataSet chosen = new DoubleDataSet("chosen");
    private final DoubleDataSet diagonal = new DoubleDataSet("out of sample = in sample");
    private final HidingCrosshair readout = new HidingCrosshair();

    public SweepScatterChart() {
        this(new PriceAxis("in-sample Sharpe"), new PriceAxis("out-of-sample Sharpe"));
    }

    private SweepScatterChart(PriceAxis x, PriceAxis y) {
        super(x, y);
        setId("sweep-scatter-chart");
        inSampleAxisRef = x;
        outOfSampleAxisRef = y;
        for (PriceAxis a : new PriceAxis[] {x, y}) {
            a.setAutoRangePadding(0.05);
            a.setTickLabelFormatter(TickLabels.of(v -> String.format(Locale.ROOT, "%.2f", v)));
        }
        diagonalRenderer.setErrorStyle(ErrorStyle.NONE);
        diagonalRenderer.setPolyLineStyle(LineStyle.NORMAL);
        diagonalRenderer.setDrawMarker(false);
        diagonal.setStyle("-fx-line-color: " + DIAGONAL_COLOR + "; -fx-line-width: 1; -fx-line-dash-array: 6 4;");
        diagonalRenderer.getDatasets().add(diagonal);
        points.setStyle("-fx-line-color: rgba(" + POINT_RGB + "," + POINT_ALPHA + "); -fx-line-width: " + POINT_RADIUS + ";");
        chosen.setStyle("-fx-line-color: " + CHOSEN_COLOR + "; -fx-line-width: " + CHOSEN_RADIUS + ";");
        // first in the list is drawn last: the chosen dot on top of the cloud
        selected.setStyle("-fx-line-color: " + SELECTED_COLOR + "; -fx-line-width: " + (CHOSEN_RADIUS - 1) + ";");
        scatter.getDatasets().setAll(chosen, selected, points);
        getRenderers().setAll(scatter, diagonalRenderer);
        setLegendVisible(false);
        setTitle("no sweep selected");
        Zoomer zoomer = new Zoomer();
        zoomer.setSliderVisible(false);
        zoomer.setPannerEnabled(true);
        getPlugins().addAll(zoomer, readout); // gone when the pointer leaves the chart, not left on the dots
        // a filter: the zoomer plugin consumes clicks before a handler would see them
        addEventFilter(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.PRIMARY || !e.isStillSincePress()) return;
            javafx.geometry.Point2D p = getCanvas().sceneToLocal(e.getSceneX(), e.getSceneY());
            int k = pointAt(p.getX(), p.getY());
            if (k >= 0) onPointClicked.accept(k);
        });
        ChartExportMenu.install(this, "sweep scatter", () -> ChartSvg.of(this), java.util.List.of(this));
    }

    /** Called with a configuration's index (in the arrays given to {@link #show}) when its dot is clicked. */
    public void setOnPointClicked(java.util.function.IntConsumer action) {
        onPointClicked = action == null ? i -> { } : action;
    }

    /** The configuration whose dot is nearest the canvas point (x, y) within a few pixels, or -1. */
    public int pointAt(double x, double y) {
        int best = -1;
        double bestDistance = PICK_PIXELS * PICK_PIXELS;
        for (int i = 0; i < points.getDataCount(); i++) {
            double dx = getXAxis().getDisplayPosition(points.get(DataSet.DIM_X, i)) - x;
            double dy = getYAxis().getDisplayPosition(points.get(DataSet.DIM_Y, i)) - y;
            if (dx * dx + dy * dy <= bestDistance) {
                bestDistance = dx * dx + dy * dy;
                best = drawnIndex[i];
            }
        }
        return best;
    }

    /**
     * Shows one dot per configuration ({@code inSample[i]}, {@code outOfSample[i]}; non-finite
     * pairs are left out) and highlights {@code chosenIndex} (-1 for none). Empty arrays clear it.
     * Call on the FX thread.
     */
    public void show(double[] inSample, double[] outOfSample, int chosenIndex) {
        show(inSample, outOfSample, chosenIndex, -1);
    }

    /** As {@link #show(double[], double[], int)}, also marking {@code selectedIndex} (-1 for none) in the selected colour. */
    public void show(double[] inSample, double[] outOfSample, int chosenIndex, int selectedIndex) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("SweepScatterChart.show must run on the JavaFX thread");
        }
        if (inSample.length != outOfSample.length) {
            throw new IllegalArgumentException(inSample.length + " in-sample but " + outOfSample.length + " out-of-sample values");
        }
        if (chosenIndex >= inSample.length || selectedIndex >= inSample.length) {
            throw new IllegalArgumentException("chosen/selected configuration " + chosenIndex + "/" + selectedIndex + " of " + inSample.length);
        }
        inSampleAxisRef.setAutoRanging(true);
        outOfSampleAxisRef.setAutoRanging(true);
        this.chosenIndex = chosenIndex;
        this.selectedIndex = selectedIndex;
        int[] index = new int[inSample.length];
        int n = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double[] x = new double[inSample.length];
        double[] y = new double[inSample.length];
        for (int i = 0; i < inSample.length; i++) {
            if (!Double.isFinite(inSample[i]) || !Double.isFinite(outOfSample[i])) continue;
            x[n] = inSample[i];
            y[n] = outOfSample[i];
            index[n] = i;
            lo = Math.min(lo, Math.min(x[n], y[n]));
            hi = Math.max(hi, Math.max(x[n], y[n]));
            n++;
        }
        points.set(java.util.Arrays.copyOf(x, n), java.util.Arrays.copyOf(y, n), false);
        drawnIndex = java.util.Arrays.copyOf(index, n);
        if (n > 0 && selectedIndex >= 0 && selectedIndex != chosenIndex
                && Double.isFinite(inSample[selectedIndex]) && Double.isFinite(outOfSample[selectedIndex])) {
            selected.set(new double[] {inSample[selectedIndex]}, new double[] {outOfSample[selectedIndex]}, true);
        } else {
            selected.clearData();
        }
        if (n == 0) {
            diagonal.clearData();
            chosen.clearData();
            setTitle("no sweep selected");
        } else {
            double pad = Math.max(hi - lo, 0.1) * 0.05;
            diagonal.set(new double[] {lo - pad, hi + pad}, new double[] {lo - pad, hi + pad}, true);
            boolean hasChosen = chosenIndex >= 0 && Double.isFinite(inSample[chosenIndex]) && Double.isFinite(outOfSample[chosenIndex]);
            if (hasChosen) {
                chosen.set(new double[] {inSample[chosenIndex]}, new double[] {outOfSample[chosenIndex]}, true);
            } else {
                chosen.clearData();
            }
            // short enough for the pane's width at 1000x700 (the axes say which Sharpe); the crosshair reads out any dot
            setTitle(String.format(Locale.ROOT, "%,d configurations", n));
        }
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    // duplicates: plain accessors for tests and the app, alike by nature; nothing to share
    /** Index of the highlighted configuration in the last {@link #show} arrays, -1 for none. */
    public int chosenIndex() { return chosenIndex; }

    /** Index of the configuration marked as selected, -1 for none. */
    public int selectedIndex() { return selectedIndex; }

    /** The configuration marked as selected: one point, or none (also none when it is the chosen one). */
    public DataSet selectedDataSet() { return selected; }

    /** Every configuration drawn (x = in-sample Sharpe, y = out-of-sample Sharpe). */
    public DataSet pointsDataSet() { return points; }

    /** The highlighted configuration: one point, or none. */
    public DataSet chosenDataSet() { return chosen; }

    /** The y = x line across the drawn range. */
    public DataSet diagonalDataSet() { return diagonal; }

    public PriceAxis inSampleAxis() { return inSampleAxisRef; }
    public PriceAxis outOfSampleAxis() { return outOfSampleAxisRef; }
}
