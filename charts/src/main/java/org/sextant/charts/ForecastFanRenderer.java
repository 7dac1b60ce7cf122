package org.sextant.charts;

import io.fair_acc.chartfx.renderer.spi.AbstractRendererXY;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.DataSetError;
import javafx.scene.canvas.GraphicsContext;

/**
 * Draws a forecast fan: each {@link DataSetError} (y = median, negative/positive y errors =
 * distance to the band's lower/upper edge) as a solid translucent polygon between its edges,
 * and a plain data set (the median) as a dashed line. Both start at an anchor point, the last
 * close, so the fan visibly grows out of the price line.
 *
 * <p>chartfx's own error surface fills with a hatch pattern, which muddles when several bands
 * overlap; stacked translucent fills keep the inner bands darker and the outer ones readable.
 * The data sets' {@code -fx-line-color} (with alpha) is the fill or line colour.
 */
public final class ForecastFanRenderer extends AbstractRendererXY<ForecastFanRenderer> {
    /** Dash pattern of the median line, in pixels. */
    static final double[] MEDIAN_DASHES = {7, 5};

    private double anchorX = Double.NaN;
    private double anchorY = Double.NaN;
    /** Per data set anchors, for several fans in one renderer (backtest origins); they win over the shared one. */
    private final java.util.Map<DataSet, double[]> anchors = new java.util.IdentityHashMap<>();

    public ForecastFanRenderer() {
        setShowInLegend(false);
    }

    /** The point every band and the median start from (x = epoch seconds); NaN for none. */
    public void setAnchor(double x, double y) {
        anchorX = x;
        anchorY = y;
    }

    /** The point this data set's fan starts from (its origin and close); used instead of the shared anchor. */
    public void setAnchor(DataSet dataSet, double x, double y) {
        anchors.put(dataSet, new double[] {x, y});
    }

    /** The point {@code dataSet}'s fan starts from ({x, y}), or null when it has none. */
    public double[] anchorOf(DataSet dataSet) {
        double[] own = anchors.get(dataSet);
        if (own != null) return own.clone();
        return Double.isFinite(anchorX) && Double.isFinite(anchorY) ? new double[] {anchorX, anchorY} : null;
    }

    /** Forgets every per data set anchor. */
    public void clearAnchors() {
        anchors.clear();
    }

    @Override
    protected void render(GraphicsContext gc, DataSet dataSet, DataSetNode style) {
        dataSet.lock().readLockGuard(() -> {
            int n = dataSet.getDataCount();
            if (n == 0) return;
            double[] own = anchors.get(dataSet);
            double anchorX = own != null ? own[0] : this.anchorX;
            double anchorY = own != null ? own[1] : this.anchorY;
            boolean anchored = Double.isFinite(anchorX) && Double.isFinite(anchorY);
            int offset = anchored ? 1 : 0;
            gc.save();
            if (dataSet instanceof DataSetError band) {
                double[] px = new double[2 * (n + offset)];
                double[] py = new double[px.length];
                int last = px.length - 1;
                if (anchored) {
                    px[0] = xAxis.getDisplayPosition(anchorX);
                    py[0] = yAxis.getDisplayPosition(anchorY);
                    px[last] = px[0];
                    py[last] = py[0];
                }
                for (int i = 0; i < n; i++) {
                    double x = xAxis.getDisplayPosition(dataSet.get(DataSet.DIM_X, i));
                    double y = dataSet.get(DataSet.DIM_Y, i);
                    px[offset + i] = x;
                    py[offset + i] = yAxis.getDisplayPosition(y - band.getErrorNegative(DataSet.DIM_Y, i));
                    px[last - offset - i] = x;
                    py[last - offset - i] = yAxis.getDisplayPosition(y + band.getErrorPositive(DataSet.DIM_Y, i));
                }
                gc.setFill(style.getLineColor());
                gc.fillPolygon(px, py, px.length);
            } else {
                double[] px = new double[n + offset];
                double[] py = new double[px.length];
                if (anchored) {
                    px[0] = xAxis.getDisplayPosition(anchorX);
                    py[0] = yAxis.getDisplayPosition(anchorY);
                }
                for (int i = 0; i < n; i++) {
                    px[offset + i] = xAxis.getDisplayPosition(dataSet.get(DataSet.DIM_X, i));
                    py[offset + i] = yAxis.getDisplayPosition(dataSet.get(DataSet.DIM_Y, i));
                }
                gc.setStroke(style.getLineColor());
                gc.setLineWidth(style.getLineWidth());
                gc.setLineDashes(MEDIAN_DASHES);
                gc.strokePolyline(px, py, px.length);
            }
            gc.restore();
        });
    }

    @Override
    protected ForecastFanRenderer getThis() {
        return this;
    }
}
