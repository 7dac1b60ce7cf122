package org.sextant.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.chartfx.plugins.CrosshairIndicator;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.utils.Tuple;
import java.util.Locale;
import java.util.function.DoubleFunction;
import javafx.scene.input.MouseEvent;
import javafx.util.StringConverter;

/**
 * chartfx's crosshair, reading out the trading day nearest the pointer and its close
 * ("1998-06-01  close 103.25"), and removed when the pointer leaves the chart
 * or another series is shown (the stock one can stay behind with the previous series' values).
 */
public final class PriceCrosshair extends CrosshairIndicator {

    public PriceCrosshair() {
        setXValueFormatter(converter(CalendarTicks.DAY::label));
        setYValueFormatter(converter(v -> String.format(Locale.ROOT, "%.2f", v)));
        registerInputEventHandler(MouseEvent.MOUSE_EXITED, e -> hide());
        registerInputEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            crosshairPath.setVisible(true);
            coordinatesLabel.setVisible(true);
        });
    }

    @Override
    protected String formatData(Chart chart, Tuple<Number, Number> pointer) {
        if (chart instanceof PriceChart priceChart && priceChart.closeDataSet().getDataCount() > 0) {
            DataSet closes = priceChart.closeDataSet();
            int day = closes.getIndex(DataSet.DIM_X, pointer.getXValue().doubleValue());
            return CalendarTicks.DAY.label(closes.get(DataSet.DIM_X, day))
                    + String.format(Locale.ROOT, "  close %.2f", closes.get(DataSet.DIM_Y, day));
        }
        return super.formatData(chart, pointer);
    }

    /** Removes the crosshair until the pointer moves over the plot again. */
    public void hide() {
        // hidden, not removed: removing a node under the pointer fires a synthetic mouse exit,
        // which re-enters chartfx's handler while the plugin's children are being changed
        crosshairPath.setVisible(false);
        coordinatesLabel.setVisible(false);
    }

    /** Whether the crosshair is on the chart now. */
    public boolean isShowing() {
        return getChartChildren().contains(crosshairPath) && crosshairPath.isVisible();
    }

    /** The text now shown next to the crosshair. */
    public String text() {
        return coordinatesLabel.getText();
    }

    private static StringConverter<Number> converter(DoubleFunction<String> format) {
        return new StringConverter<>() {
            @Override
            public String toString(Number value) {
                return value == null ? "" : format.apply(value.doubleValue());
            }

            @Override
            public Number fromString(String text) {
                return text == null || text.isBlank() ? null : Double.valueOf(text);
            }
        };
    }
}
