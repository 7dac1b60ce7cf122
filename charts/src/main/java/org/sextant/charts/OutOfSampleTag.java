package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.control.Label;

/**
 * The dashed line where the out-of-sample period starts, tagged "out of sample →" at the height
 * where no equity curve passes under the tag: the biggest free band beside the line, at the
 * plot's bottom or top edge when that band touches it (a fixed height drew the tag over a curve
 * that ran there).
 */
final class OutOfSampleTag extends XValueIndicator {
    static final String TEXT = "out of sample →";
    /** Pixels kept clear between the tag and a curve or the plot's edge. */
    private static final double MARGIN = 3;

    private final List<? extends DataSet> curves;

    OutOfSampleTag(Axis dates, double start, List<? extends DataSet> curves) {
        super(dates, start, TEXT);
        this.curves = curves;
        setLabelVerticalAnchor(VPos.CENTER);
    }

    Label tag() {
        return label;
    }

    @Override
    public void runPostLayout() {
        if (getChart() instanceof XYChart chart) {
            double height = chart.getCanvas().getHeight();
            double tagHeight = label.prefHeight(-1);
            if (height > tagHeight + 2 * MARGIN) setLabelPosition(1 - centreY(chart, height, tagHeight) / height);
        }
        super.runPostLayout();
    }

    /** The tag's centre, in pixels from the plot's top, in the biggest band the curves leave free under it. */
    private double centreY(XYChart chart, double height, double tagHeight) {
        Axis dates = getAxis();
        Axis values = chart.getYAxis();
        double at = dates.getDisplayPosition(getValue());
        double half = label.prefWidth(-1) / 2 + MARGIN;
        double from = Math.min(dates.getValueForDisplay(at - half), dates.getValueForDisplay(at + half));
        double to = Math.max(dates.getValueForDisplay(at - half), dates.getValueForDisplay(at + half));
        List<double[]> taken = new ArrayList<>();
        for (DataSet c : curves) {
            double top = Double.POSITIVE_INFINITY;
            double bottom = Double.NEGATIVE_INFINITY;
            int n = c.getDataCount();
            for (int i = 0; i < n; i++) {
                double x = c.get(DataSet.DIM_X, i);
                // the points under the tag and one either side of it: the line runs on to them
                boolean near = x >= from && x <= to || i + 1 < n && x < from && c.get(DataSet.DIM_X, i + 1) >= from
                        || i > 0 && x > to && c.get(DataSet.DIM_X, i - 1) <= to;
                double y = c.get(DataSet.DIM_Y, i);
                if (!near || !Double.isFinite(y)) continue;
                double py = values.getDisplayPosition(y);
                top = Math.min(top, py);
                bottom = Math.max(bottom, py);
            }
            if (top <= bottom) taken.add(new double[] {top - MARGIN, bottom + MARGIN});
        }
        taken.sort(Comparator.comparingDouble(b -> b[0]));
        double bestFrom = 0;
        double bestTo = 0;
        double free = 0; // the top of the band not yet passed
        for (double[] band : taken) {
            if (band[0] - free > bestTo - bestFrom) {
                bestFrom = free;
                bestTo = band[0];
            }
            free = Math.max(free, band[1]);
        }
        if (height - free > bestTo - bestFrom) {
            bestFrom = free;
            bestTo = height;
        }
        // against the edge the band touches, else in its middle
        double edge = tagHeight / 2 + MARGIN;
        if (bestTo >= height) return height - edge;
        if (bestFrom <= 0) return Math.min(edge, height - edge);
        return (bestFrom + bestTo) / 2;
    }
}
