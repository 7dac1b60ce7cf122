package org.sextant.charts;

import io.fair_acc.chartfx.axes.spi.AxisRange;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.dataset.events.ChartBits;
import io.fair_acc.dataset.spi.fastutil.DoubleArrayList;

/**
 * A horizontal axis of dates held as epoch seconds at UTC midnight, with ticks on calendar
 * boundaries. chartfx's own time axis steps in fixed second counts (and some of its
 * "one year" units are several years long), so ticks and labels are computed here.
 *
 * <p>With a {@link #setTimeline timeline} the values are bar indices instead (non-trading time
 * takes no room) and the ticks and labels come from the bars' open times ({@link SessionTicks}).
 */
public final class DateAxis extends DefaultNumericAxis {
    private CalendarTicks step = CalendarTicks.YEAR;
    private TimedBars timeline;
    private final java.util.Map<Double, String> timelineLabels = new java.util.HashMap<>();

    public DateAxis(String name) {
        super(name);
        setAutoRanging(true);
        setAutoRangeRounding(false);
        setForceZeroInRange(false);
        setTimeAxis(false);
        setMinorTickCount(0);
        setTickLabelFormatter(TickLabels.of(value -> timeline != null ? timelineLabels.getOrDefault(value, "") : step.label(value)));
    }

    /** The calendar step of the ticks now on the axis. */
    public CalendarTicks step() {
        return step;
    }

    /** Bar-index positions labelled from these bars' times (null: epoch seconds of dates again). */
    public void setTimeline(TimedBars bars) {
        timeline = bars;
        timelineLabels.clear();
        forceRedraw();
    }

    /** The bars whose indices the axis shows, null when it shows dates. */
    public TimedBars timeline() {
        return timeline;
    }

    /** The labels of the ticks now on a timeline axis, left to right. */
    public java.util.List<String> timelineLabels() {
        return timelineLabels.entrySet().stream().sorted(java.util.Map.Entry.comparingByKey()).map(java.util.Map.Entry::getValue).toList();
    }

    @Override
    protected void calculateMajorTickValues(AxisRange range, DoubleArrayList tickValues) {
        double length = Double.isFinite(range.getAxisLength()) ? range.getAxisLength() : 0;
        if (timeline != null) {
            timelineTicks(range, length, tickValues);
            return;
        }
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

    private void timelineTicks(AxisRange range, double length, DoubleArrayList tickValues) {
        timelineLabels.clear();
        double lower = range.getLowerBound();
        double span = range.getUpperBound() - lower;
        double margin = 25; // half a label: one centred on the very edge would be cut off
        for (SessionTicks.Tick t : SessionTicks.ticks(timeline, lower, range.getUpperBound(), length, getMaxMajorTickLabelCount())) {
            double pixel = span > 0 ? (t.bar() - lower) / span * length : 0;
            if (length <= 0 || (pixel >= margin && pixel <= length - margin)) {
                tickValues.add(t.bar());
                timelineLabels.put((double) t.bar(), t.label());
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
