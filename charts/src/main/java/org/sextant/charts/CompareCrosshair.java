package org.sextant.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.utils.Tuple;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/**
 * The comparison's crosshair: the day nearest the pointer and each symbol's rebased value at its
 * own bar nearest that day ("2001-03-05  IBM 104.2  KO 97.8"), so symbols trading on different
 * days read side by side. A double click hands the nearest day to {@link #setOnPick}.
 */
public final class CompareCrosshair extends HidingCrosshair {
    /** A symbol whose nearest bar is further than this from the pointer (not listed yet, or delisted) is left out. */
    private static final double NEAR_SECONDS = 7 * CalendarTicks.SECONDS_PER_DAY;
    private final Supplier<List<DataSet>> lines;
    private Consumer<LocalDate> onPick = day -> { };

    CompareCrosshair(Supplier<List<DataSet>> lines) {
        this.lines = lines;
        registerInputEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() != MouseButton.PRIMARY || e.getClickCount() != 2 || getChart() == null) return;
            Tuple<Number, Number> at = toDataPoint(((io.fair_acc.chartfx.XYChart) getChart()).getYAxis(), getLocationInPlotArea(e));
            LocalDate day = nearestDay(at.getXValue().doubleValue());
            if (day != null) onPick.accept(day);
        });
    }

    void setOnPick(Consumer<LocalDate> listener) {
        onPick = listener == null ? day -> { } : listener;
    }

    @Override
    protected String formatData(Chart chart, Tuple<Number, Number> pointer) {
        return readOut(pointer.getXValue().doubleValue());
    }

    /** "2001-03-05  IBM 104.2  KO 97.8" at {@code x} (epoch seconds); empty when nothing is drawn. */
    public String readOut(double x) {
        List<DataSet> shown = lines.get();
        if (shown.isEmpty() || shown.get(0).getDataCount() == 0) return "";
        LocalDate day = nearestDay(x);
        StringBuilder out = new StringBuilder(day == null ? "" : day.toString());
        for (DataSet d : shown) {
            if (d.getDataCount() == 0) continue;
            int bar = d.getIndex(DataSet.DIM_X, x);
            double y = d.get(DataSet.DIM_Y, bar);
            if (Math.abs(d.get(DataSet.DIM_X, bar) - x) > NEAR_SECONDS || Double.isNaN(y)) continue;
            out.append("  ").append(d.getName()).append(' ').append(String.format(Locale.ROOT, "%.1f", y));
        }
        return out.toString();
    }

    /** The trading day of any drawn symbol nearest {@code x}, null when nothing is drawn. */
    private LocalDate nearestDay(double x) {
        double best = Double.NaN;
        for (DataSet d : lines.get()) {
            if (d.getDataCount() == 0) continue;
            double at = d.get(DataSet.DIM_X, d.getIndex(DataSet.DIM_X, x));
            if (Double.isNaN(best) || Math.abs(at - x) < Math.abs(best - x)) best = at;
        }
        return Double.isNaN(best) ? null : CalendarTicks.fromAxis(best);
    }
}
