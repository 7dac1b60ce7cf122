package org.sextant.charts;

import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * Switches a {@link PriceChart}'s bar interval as the view changes: zooming out draws a coarser
 * interval once a pixel column would hold more than a few bars, zooming in goes back to a finer
 * one, never finer than {@link #finestProperty()} (the interval picked, at first the stored one).
 * The dates on screen stay on screen across a switch (the last bar too, when it was). The check runs once per burst of axis
 * changes, after them (a zoom sets the axis' ends one after the other).
 */
final class AutoInterval {
    private final PriceChart chart;
    private final ObjectProperty<ChartInterval> finest = new SimpleObjectProperty<>(this, "finestInterval");
    private final ReadOnlyObjectWrapper<ChartInterval> drawn = new ReadOnlyObjectWrapper<>(this, "drawnInterval");
    private IntervalLadder ladder;
    private boolean checkQueued;
    private boolean switching;

    AutoInterval(PriceChart chart) {
        this.chart = chart;
        finest.addListener((obs, old, now) -> {
            if (!switching && ladder != null && now != null) check();
        });
        chart.dateAxis().minProperty().addListener((obs, old, now) -> queueCheck());
        chart.dateAxis().maxProperty().addListener((obs, old, now) -> queueCheck());
        chart.dateAxis().autoRangingProperty().addListener((obs, old, now) -> queueCheck());
    }

    /** Shows {@code source} whole, at the finest interval that fits the plot. */
    void show(TimedBars source) {
        ladder = new IntervalLadder(source);
        switching = true;
        try {
            finest.set(source.interval());
        } finally {
            switching = false;
        }
        ChartInterval pick = ladder.choose(source.size() == 0 ? 0 : source.seconds(0), source.size() == 0 ? 0 : source.seconds(source.size() - 1),
                plotPixels(), source.interval());
        draw(ladder.at(pick), null);
    }

    /** The chart went back to dates (a daily series): nothing to switch. */
    void clear() {
        ladder = null;
        drawn.set(null);
    }

    ObjectProperty<ChartInterval> finestProperty() {
        return finest;
    }

    ReadOnlyObjectProperty<ChartInterval> drawnProperty() {
        return drawn.getReadOnlyProperty();
    }

    /** The bars at every interval of the series on screen (null for a daily series). */
    IntervalLadder ladder() {
        return ladder;
    }

    private void queueCheck() {
        if (ladder == null || switching || checkQueued) return;
        checkQueued = true;
        Platform.runLater(() -> {
            checkQueued = false;
            check();
        });
    }

    /** Draws the interval that fits the dates on screen, if it is not the one drawn. */
    void check() {
        TimedBars now = chart.drawnBars();
        if (ladder == null || now == null || switching) return;
        boolean whole = chart.dateAxis().isAutoRanging();
        double xMin = whole ? 0 : chart.dateAxis().getMin();
        double xMax = whole ? now.size() - 1 : chart.dateAxis().getMax();
        long from = timeAt(now, xMin);
        long to = timeAt(now, xMax);
        ChartInterval pick = ladder.choose(from, to, plotPixels(), finest.get() == null ? ladder.source().interval() : finest.get());
        if (pick == now.interval()) return;
        TimedBars next = ladder.at(pick);
        double[] range = whole ? null : new double[] {indexAt(next, from), indexAt(next, to)};
        // a view holding the last bar holds it at the new interval too: a coarse bar opens well before the last fine one
        if (range != null && xMax >= now.size() - 1) range[1] = Math.max(range[1], next.size() - 1);
        draw(next, range);
    }

    private void draw(TimedBars bars, double[] range) {
        switching = true;
        try {
            chart.drawTimed(bars, range);
            drawn.set(bars.interval());
        } finally {
            switching = false;
        }
    }

    private double plotPixels() {
        double w = chart.dateAxis().getWidth();
        if (w > 0) return w;
        return chart.getWidth() > 100 ? chart.getWidth() - 80 : 1000;
    }

    /** The time at axis position {@code x} (a bar index, fractions between bars' opens, extrapolated past the ends). */
    static long timeAt(TimedBars bars, double x) {
        int n = bars.size();
        if (n == 0) return 0;
        long step = bars.interval().minutes * 60L;
        if (x <= 0) return bars.seconds(0) + Math.round(x * step);
        if (x >= n - 1) return bars.seconds(n - 1) + Math.round((x - (n - 1)) * step);
        int i = (int) Math.floor(x);
        return bars.seconds(i) + Math.round((x - i) * (bars.seconds(i + 1) - bars.seconds(i)));
    }

    /** The axis position of time {@code t}: the index of the bar open then, with the fraction of its span. */
    static double indexAt(TimedBars bars, long t) {
        int n = bars.size();
        if (n == 0) return 0;
        double step = bars.interval().minutes * 60.0;
        int i = bars.firstAtOrAfter(t + 1) - 1; // the last bar opening at or before t
        if (i < 0) return (t - bars.seconds(0)) / step;
        if (i >= n - 1) return (n - 1) + (t - bars.seconds(n - 1)) / step;
        return i + Math.min(1, (double) (t - bars.seconds(i)) / (bars.seconds(i + 1) - bars.seconds(i)));
    }
}
