package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.CrosshairIndicator;
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
    private int chosenIndex = -1;
    private final DoubleDataSet chosen = new DoubleDataSet("chosen");
    private final DoubleDataSet diagonal = new DoubleDataSet("out of sample = in sample");

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
            a.setTickLabelFormatter(new javafx.util.StringConverter<>() {
                @Override
                public String toString(Number v) {
                    return v == null ? "" : String.format(Locale.ROOT, "%.2f", v.doubleValue());
                }

                @Override
                public Number fromString(String s) {
                    return null;
                }
            });
        }
        diagonalRenderer.setErrorStyle(ErrorStyle.NONE);
        diagonalRenderer.setPolyLineStyle(LineStyle.NORMAL);
        diagonalRenderer.setDrawMarker(false);
        diagonal.setStyle("-fx-line-color: " + DIAGONAL_COLOR + "; -fx-line-width: 1; -fx-stroke-dash-array: 6 4;");
        diagonalRenderer.getDatasets().add(diagonal);
        points.setStyle("-fx-line-color: rgba(" + POINT_RGB + "," + POINT_ALPHA + "); -fx-line-width: " + POINT_RADIUS + ";");
        chosen.setStyle("-fx-line-color: " + CHOSEN_COLOR + "; -fx-line-width: " + CHOSEN_RADIUS + ";");
        // first in the list is drawn last: the chosen dot on top of the cloud
        scatter.getDatasets().setAll(chosen, points);
        getRenderers().setAll(scatter, diagonalRenderer);
        setLegendVisible(false);
        setTitle("no sweep selected");
        Zoomer zoomer = new Zoomer();
        zoomer.setSliderVisible(false);
        zoomer.setPannerEnabled(true);
        getPlugins().addAll(zoomer, new CrosshairIndicator());
    }

    /**
     * Shows one dot per configuration ({@code inSample[i]}, {@code outOfSample[i]}; non-finite
     * pairs are left out) and highlights {@code chosenIndex} (-1 for none). Empty arrays clear it.
     * Call on the FX thread.
     */
    public void show(double[] inSample, double[] outOfSample, int chosenIndex) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("SweepScatterChart.show must run on the JavaFX thread");
        }
        if (inSample.length != outOfSample.length) {
            throw new IllegalArgumentException(inSample.length + " in-sample but " + outOfSample.length + " out-of-sample values");
        }
        if (chosenIndex >= inSample.length) {
            throw new IllegalArgumentException("chosen configuration " + chosenIndex + " of " + inSample.length);
        }
        inSampleAxisRef.setAutoRanging(true);
        outOfSampleAxisRef.setAutoRanging(true);
        this.chosenIndex = chosenIndex;
        int n = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double[] x = new double[inSample.length];
        double[] y = new double[inSample.length];
        for (int i = 0; i < inSample.length; i++) {
            if (!Double.isFinite(inSample[i]) || !Double.isFinite(outOfSample[i])) continue;
            x[n] = inSample[i];
            y[n] = outOfSample[i];
            lo = Math.min(lo, Math.min(x[n], y[n]));
            hi = Math.max(hi, Math.max(x[n], y[n]));
            n++;
        }
        points.set(java.util.Arrays.copyOf(x, n), java.util.Arrays.copyOf(y, n), false);
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
            // short enough for a narrow pane; the crosshair reads out any dot
            setTitle(String.format(Locale.ROOT, "IS/OOS Sharpe of %,d configurations", n));
        }
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    /** Index of the highlighted configuration in the last {@link #show} arrays, -1 for none. */
    public int chosenIndex() { return chosenIndex; }

    /** Every configuration drawn (x = in-sample Sharpe, y = out-of-sample Sharpe). */
    public DataSet pointsDataSet() { return points; }

    /** The highlighted configuration: one point, or none. */
    public DataSet chosenDataSet() { return chosen; }

    /** The y = x line across the drawn range. */
    public DataSet diagonalDataSet() { return diagonal; }

    public PriceAxis inSampleAxis() { return inSampleAxisRef; }
    public PriceAxis outOfSampleAxis() { return outOfSampleAxisRef; }
}
