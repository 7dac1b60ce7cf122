package org.sextant.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.utils.Tuple;
import java.util.function.DoubleFunction;
import java.util.function.Supplier;

/**
 * chartfx's crosshair reading out a series, not the pointer: the bar nearest the pointer's date
 * and the series' value there ("2001-03-05  equity 1.234"), so a weekend or a gap between bars
 * reads as the trading day beside it. Hidden when the pointer leaves the chart.
 */
public final class SeriesCrosshair extends HidingCrosshair {
    private final Supplier<DataSet> series;
    private final String name;
    private final DoubleFunction<String> value;

    /** Reads {@code series} (asked at each move: the chart may swap it) as "name value". */
    public SeriesCrosshair(Supplier<DataSet> series, String name, DoubleFunction<String> value) {
        this.series = series;
        this.name = name;
        this.value = value;
    }

    @Override
    protected String formatData(Chart chart, Tuple<Number, Number> pointer) {
        DataSet s = series.get();
        if (s == null || s.getDataCount() == 0) return "";
        return readOut(s, pointer.getXValue().doubleValue());
    }

    /** "date  name value" of the bar of {@code s} nearest {@code x} (epoch seconds). */
    String readOut(DataSet s, double x) {
        int bar = s.getIndex(DataSet.DIM_X, x);
        return CalendarTicks.DAY.label(s.get(DataSet.DIM_X, bar)) + "  " + name + " " + value.apply(s.get(DataSet.DIM_Y, bar));
    }
}
