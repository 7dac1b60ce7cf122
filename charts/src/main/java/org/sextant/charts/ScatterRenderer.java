package org.sextant.charts;

import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws each point of its data sets as a filled circle in the data set's {@code -fx-line-color}
 * (alpha included, so thousands of overlapping configurations show their density) with
 * {@code -fx-line-width} as the radius in pixels. Points outside the visible range are skipped.
 */
public final class ScatterRenderer extends PointsRenderer<ScatterRenderer> {
    @Override
    void paint(GraphicsContext gc, DataSet dataSet, int n, DataSetNode style) {
        double r = Math.max(1, style.getLineWidth());
        gc.save();
        gc.setFill(style.getLineColor() instanceof Color c ? c : Color.GRAY);
        for (int i = 0; i < n; i++) {
            double x = dataSet.get(DataSet.DIM_X, i);
            double y = dataSet.get(DataSet.DIM_Y, i);
            if (!Double.isFinite(x) || !Double.isFinite(y)) continue;
            gc.fillOval(xAxis.getDisplayPosition(x) - r, yAxis.getDisplayPosition(y) - r, 2 * r, 2 * r);
        }
        gc.restore();
    }

    @Override
    protected ScatterRenderer getThis() {
        return this;
    }
}
