package org.sextant.charts;

import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.Zoomer;

/**
 * chartfx's zoomer, whose "origin" is always the whole history: the chart opens on a recent
 * window (set without the zoomer), and zooming out past the first zoom, or Ctrl + right click,
 * must then reach everything, not stop at that opening window.
 */
final class PriceZoomer extends Zoomer {
    private Runnable onOrigin = () -> { };

    /** Called when the view goes back to the whole history (the chart forgets its preset window). */
    void setOnOrigin(Runnable action) {
        onOrigin = action;
    }

    @Override
    public boolean zoomOrigin() {
        if (getChart() == null) return false;
        boolean changed = !zoomStackDeque().isEmpty();
        clear();
        for (Axis axis : getChart().getAxes()) {
            changed |= !axis.isAutoRanging();
            axis.setAutoRanging(true);
            axis.forceRedraw();
        }
        onOrigin.run();
        return changed;
    }
}
