package org.sextant.app.gui;

import io.fair_acc.chartfx.axes.spi.AbstractAxis;
import javafx.scene.text.Text;

/** What {@link ReadableLayoutTest} reads off a chart: an axis label longer than its axis, whose ends the axis cuts. */
final class ChartLabels {
    private ChartLabels() {}

    /** "axis label 'equity (growth of 1)' 121 px long on an axis of 104 px", or null when it fits (or the axis is not shown). */
    static String cutAxisLabel(AbstractAxis axis) {
        Text label = axis.getAxisLabel();
        String text = label.getText();
        if (text == null || text.isBlank() || !label.isVisible() || axis.getWidth() <= 0 || axis.getHeight() <= 0) return null;
        // chartfx draws the label along the axis on the axis' own canvas: what is longer than the axis is cut at both ends
        double length = axis.getSide().isVertical() ? axis.getHeight() : axis.getWidth();
        Text measure = new Text(text);
        measure.setFont(label.getFont());
        double needed = measure.getLayoutBounds().getWidth();
        String name = axis.getName() == null || axis.getName().isBlank() ? text : axis.getName(); // the drawn text may add a unit
        return needed > length + 1 ? String.format(java.util.Locale.ROOT, "axis label '%s' %.0f px long on an axis of %.0f px", name, needed, length) : null;
    }
}
