package org.sextant.charts;

import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Fills the area between each data set's line and y = 0 with the data set's
 * {@code -fx-line-color} at a fixed opacity, and strokes the line itself opaque: a drawdown
 * reads as a solid "underwater" area hanging from the zero line. chartfx's own area style
 * fills towards the axis' lower edge, which is not zero for a drawdown axis.
 */
public final class AreaRenderer extends PointsRenderer<AreaRenderer> {
    /** Opacity of the fill; the line is opaque. */
    public static final double FILL_OPACITY = 0.35;

    @Override
    void paint(GraphicsContext gc, DataSet dataSet, int n, DataSetNode style) {
        double zero = yAxis.getDisplayPosition(0);
        double[] px = new double[n + 2];
        double[] py = new double[n + 2];
        for (int i = 0; i < n; i++) {
            px[i + 1] = xAxis.getDisplayPosition(dataSet.get(DataSet.DIM_X, i));
            py[i + 1] = yAxis.getDisplayPosition(dataSet.get(DataSet.DIM_Y, i));
        }
        px[0] = px[1];
        py[0] = zero;
        px[n + 1] = px[n];
        py[n + 1] = zero;
        Color line = style.getLineColor() instanceof Color c ? c : Color.GRAY;
        gc.save();
        gc.setFill(line.deriveColor(0, 1, 1, FILL_OPACITY));
        gc.fillPolygon(px, py, px.length);
        gc.setStroke(line);
        gc.setLineWidth(style.getLineWidth());
        gc.strokePolyline(java.util.Arrays.copyOfRange(px, 1, n + 1), java.util.Arrays.copyOfRange(py, 1, n + 1), n);
        gc.restore();
    }

    @Override
    protected AreaRenderer getThis() {
        return this;
    }
}
