package org.sextant.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.utils.Tuple;
import java.util.function.DoubleFunction;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.util.StringConverter;

/**
 * chartfx's crosshair, reading out the trading day nearest the pointer and its close
 * ("1998-06-01  close 103.25"), or over the forecast fan the nearest target day's (or bar's) median and
 * band edges ("2001-01-15  median 85.10  80% 80.20–90.10"), and removed when the pointer leaves the chart
 * or another series is shown (the stock one can stay behind with the previous series' values).
 */
public final class PriceCrosshair extends HidingCrosshair {
    /** The pointer's price, at the left edge of the plot beside the price axis. */
    private final Label valueLabel = axisLabel("crosshair-value");
    /** The nearest trading (or forecast) day, at the bottom edge of the plot above the date axis. */
    private final Label dateLabel = axisLabel("crosshair-date");

    public PriceCrosshair() {
        setXValueFormatter(converter(CalendarTicks.DAY::label));
        setYValueFormatter(converter(v -> PriceDigits.format(v, decimals(getChart()))));
        getChartChildren().addAll(valueLabel, dateLabel);
        registerInputEventHandler(MouseEvent.MOUSE_MOVED, this::placeAxisLabels);
    }

    private static Label axisLabel(String id) {
        Label l = new Label();
        l.setId(id);
        l.setManaged(false);
        l.setMouseTransparent(true);
        l.setVisible(false);
        // white on slate reads on the light and the dark theme alike
        l.setStyle("-fx-background-color: #37474F; -fx-text-fill: white; -fx-padding: 1 4 1 4; -fx-font-size: 11px;");
        return l;
    }

    /** Puts the pointer's price on the price axis' side and the nearest day on the date axis' side of the plot. */
    private void placeAxisLabels(MouseEvent e) {
        if (!(getChart() instanceof PriceChart chart) || chart.closeDataSet().getDataCount() == 0 || valueLabel.getParent() == null) {
            valueLabel.setVisible(false);
            dateLabel.setVisible(false);
            return;
        }
        Tuple<Number, Number> at = toDataPoint(chart.getYAxis(), getLocationInPlotArea(e));
        valueLabel.setText(PriceDigits.format(at.getYValue().doubleValue(), decimals(chart)));
        double x = at.getXValue().doubleValue();
        // over the fan its nearest target; on a bar-index axis the nearest bar's time, else the nearest day's date
        DataSet closes = chart.closeDataSet();
        DataSet median = chart.drawnForecastMedian();
        int bar = closes.getIndex(DataSet.DIM_X, x);
        dateLabel.setText(median != null && x > closes.get(DataSet.DIM_X, closes.getDataCount() - 1)
                ? chart.fanStepLabel(median.getIndex(DataSet.DIM_X, x))
                : chart.drawnBars() != null ? chart.barLabel(bar) : CalendarTicks.DAY.label(closes.get(DataSet.DIM_X, bar)));
        javafx.scene.Parent parent = valueLabel.getParent();
        javafx.scene.canvas.Canvas canvas = chart.getCanvas();
        Bounds plot = parent.sceneToLocal(canvas.localToScene(canvas.getLayoutBounds()));
        Point2D pointer = parent.sceneToLocal(e.getSceneX(), e.getSceneY());
        for (Label l : new Label[] {valueLabel, dateLabel}) {
            l.applyCss();
            l.autosize();
            l.setVisible(true);
        }
        valueLabel.relocate(plot.getMinX(), pointer.getY() - valueLabel.getHeight() / 2);
        dateLabel.relocate(Math.max(plot.getMinX(), Math.min(plot.getMaxX() - dateLabel.getWidth(), pointer.getX() - dateLabel.getWidth() / 2)),
                plot.getMaxY() - dateLabel.getHeight());
    }

    @Override
    public void hide() {
        super.hide();
        if (valueLabel != null) valueLabel.setVisible(false);
        if (dateLabel != null) dateLabel.setVisible(false);
    }

    /** The price shown beside the price axis (empty when hidden). */
    public Label valueLabel() {
        return valueLabel;
    }

    /** The day shown above the date axis. */
    public Label dateLabel() {
        return dateLabel;
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
            PriceBars bars = priceChart.series();
            int d = decimals(priceChart);
            if (priceChart.drawsBars() && !Double.isNaN(bars.open()[day])) {
                return priceChart.barLabel(day) + "  O " + PriceDigits.format(bars.open()[day], d) + "  H " + PriceDigits.format(bars.high()[day], d)
                        + "  L " + PriceDigits.format(bars.low()[day], d) + "  C " + PriceDigits.format(bars.close()[day], d)
                        + (bars.hasVolume() && !Double.isNaN(bars.volume()[day]) ? "  V " + VolumeChart.compact(bars.volume()[day]) : "");
            }
            return priceChart.barLabel(day)
                    + "  close " + PriceDigits.format(closes.get(DataSet.DIM_Y, day), d);
        }
        return super.formatData(chart, pointer);
    }

    /**
     * "2001-01-15  median 85.10", then a line per band "80% 80.20–90.10": the forecast of the target
     * day (by bar index: the target bar, "2001-04-01 17:00") nearest the pointer.
     */
    private static String forecastReadOut(PriceChart chart, DataSet median, int step) {
        int d = decimals(chart);
        StringBuilder out = new StringBuilder(chart.fanStepLabel(step))
                .append("  median ").append(PriceDigits.format(median.get(DataSet.DIM_Y, step), d));
        for (io.fair_acc.dataset.DataSetError band : chart.drawnForecastBands()) {
            double mid = band.get(DataSet.DIM_Y, step);
            // one band per line: the readout stays narrow enough to fit beside the fan at the right edge
            out.append('\n').append(band.getName().replace(" band", "")).append(' ')
                    .append(PriceDigits.format(mid - band.getErrorNegative(DataSet.DIM_Y, step), d)).append('–')
                    .append(PriceDigits.format(mid + band.getErrorPositive(DataSet.DIM_Y, step), d));
        }
        return out.toString();
    }

    /** Decimals for the chart's prices: at the level of its last close. */
    private static int decimals(Chart chart) {
        if (!(chart instanceof PriceChart p) || p.closeDataSet().getDataCount() == 0) return 2;
        DataSet closes = p.closeDataSet();
        return PriceDigits.decimals(closes.get(DataSet.DIM_Y, closes.getDataCount() - 1));
    }

    /** Whether the crosshair is on the chart now. */
    public boolean isShowing() {
        return getChartChildren().contains(crosshairPath) && crosshairPath.isVisible();
    }

    private static StringConverter<Number> converter(DoubleFunction<String> format) {
        return TickLabels.of(format);
    }
}
