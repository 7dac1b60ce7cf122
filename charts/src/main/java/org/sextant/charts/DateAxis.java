package org.sextant.charts;

import io.fair_acc.chartfx.axes.spi.AxisRange;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.dataset.events.ChartBits;
import io.fair_acc.dataset.spi.fastutil.DoubleArrayList;

/**
 * A horizontal axis of dates held as epoch seconds at UTC midnight, with ticks on calendar
 * boundaries. chartfx's own time axis steps in fixed second counts (and some of its
 * "one year" units are several years long), so ticks and labels are computed here.
 */
public final class DateAxis extends DefaultNumericAxis {
    private CalendarTicks step = CalendarTicks.YEAR;

    public DateAxis(String name) {
        super(name);
        setAutoRanging(true);
        setAutoRangeRounding(false);
        setForceZeroInRange(false);
        setTimeAxis(false);
        setMinorTickCount(0);
        setTickLabelFormatter(TickLabels.of(value -> step.label(value)));
    }

    /** The calendar step of the ticks now on the axis. */
    public CalendarTicks step() {
        return step;
    }

    @Override
    protected void calculateMajorTickValues(AxisRange range, DoubleArrayList tickValues) {
        double length = Double.isFinite(range.getAxisLength()) ? range.getAxisLength() : 0;
        step = CalendarTicks.choose(range.getLowerBound(), range.getUpperBound(), length, getMaxMajorTickLabelCount());
        double lower = range.getLowerBound();
        double span = range.getUpperBound() - lower;
        // a label centred on a tick at the very end would be cut off by the chart's edge
        double margin = step.labelPixels() / 2;
        for (double tick : step.ticks(lower, range.getUpperBound())) {
            double pixel = span > 0 ? (tick - lower) / span * length : 0;
            if (length <= 0 || (pixel >= margin && pixel <= length - margin)) {
                tickValues.add(tick);
            }
        }
    }

    @Override
    protected void updateAxisLabel() {
        // chartfx appends " []" to a label without unit
        getAxisLabel().setText(getName());
        getBitState().clear(ChartBits.AxisLabelText);
    }

    @Override
    protected void calculateMinorTickValues(DoubleArrayList tickValues) {
        // calendar steps have uneven lengths; evenly spaced minor ticks would mislead
    }
}
