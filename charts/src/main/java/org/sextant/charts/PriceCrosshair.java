package org.sextant.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.utils.Tuple;
import java.util.Locale;
import java.util.function.DoubleFunction;
import javafx.util.StringConverter;

/**
 * chartfx's crosshair, reading out the trading day nearest the pointer and its close
 * ("1998-06-01  close 103.25"), or over the forecast fan the nearest target day's median and
 * band edges ("2001-01-15  median 85.10  80% 80.20–90.10"), and removed when the pointer leaves the chart
 * or another series is shown (the stock one can stay behind with the previous series' values).
 */
public final class PriceCrosshair extends HidingCrosshair {

    public PriceCrosshair() {
        setXValueFormatter(converter(CalendarTicks.DAY::label));
        setYValueFormatter(converter(v -> String.format(Locale.ROOT, "%.2f", v)));
    }

    @Override
    protected String formatData(Chart chart, Tuple<Number, Number> pointer) {
        if (chart instanceof PriceChart priceChart && priceChart.closeDataSet().getDataCount() > 0) {
            DataSet closes = priceChart.closeDataSet();
            DataSet median = priceChart.drawnForecastMedian();
            double x = pointer.getXValue().doubleValue();
            if (median != null && x > closes.get(DataSet.DIM_X, closes.getDataCount() - 1)) {
                return forecastReadOut(priceChart, median, median.getIndex(DataSet.DIM_X, x));
            }
            int day = closes.getIndex(DataSet.DIM_X, pointer.getXValue().doubleValue());
            return CalendarTicks.DAY.label(closes.get(DataSet.DIM_X, day))
                    + String.format(Locale.ROOT, "  close %.2f", closes.get(DataSet.DIM_Y, day));
        }
        return super.formatData(chart, pointer);
    }

    /** "2001-01-15  median 85.10", then a line per band "80% 80.20–90.10": the forecast of the target day nearest the pointer. */
    private static String forecastReadOut(PriceChart chart, DataSet median, int step) {
        StringBuilder out = new StringBuilder(CalendarTicks.DAY.label(median.get(DataSet.DIM_X, step)))
                .append(String.format(Locale.ROOT, "  median %.2f", median.get(DataSet.DIM_Y, step)));
        for (io.fair_acc.dataset.DataSetError band : chart.drawnForecastBands()) {
            double mid = band.get(DataSet.DIM_Y, step);
            // one band per line: the readout stays narrow enough to fit beside the fan at the right edge
            out.append(String.format(Locale.ROOT, "\n%s %.2f–%.2f", band.getName().replace(" band", ""),
                    mid - band.getErrorNegative(DataSet.DIM_Y, step), mid + band.getErrorPositive(DataSet.DIM_Y, step)));
        }
        return out.toString();
    }

    /** Whether the crosshair is on the chart now. */
    public boolean isShowing() {
        return getChartChildren().contains(crosshairPath) && crosshairPath.isVisible();
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
