package org.sextant.charts;

import io.fair_acc.chartfx.renderer.spi.AbstractRendererXY;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import javafx.scene.canvas.GraphicsContext;

/** A renderer that paints each data set's points itself, under the data set's read lock; it keeps out of the legend. */
abstract class PointsRenderer<R extends PointsRenderer<R>> extends AbstractRendererXY<R> {
    PointsRenderer() {
        setShowInLegend(false);
    }

    @Override
    protected final void render(GraphicsContext gc, DataSet dataSet, DataSetNode style) {
        dataSet.lock().readLockGuard(() -> {
            int n = dataSet.getDataCount();
            if (n > 0) paint(gc, dataSet, n, style);
        });
    }

    /** Paints the {@code n} (at least one) points of {@code dataSet} in its {@code style}. */
    abstract void paint(GraphicsContext gc, DataSet dataSet, int n, DataSetNode style);
}
